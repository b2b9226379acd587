// Follows the largest face through a stream of frames: detects on key frames, adds detections where the face
// moved a lot or appeared/vanished between two keys (bisecting the frames held since the last key), and
// fills the rest with tracking.ts. Holds at most one key interval of frames in memory.
import {
  buildTrack,
  DEFAULT_MAX_MOTION,
  followFace,
  needsDetectionBetween,
  type FaceTrack,
  type KeyDetection,
} from './tracking.js';
import type { FaceDetector, RgbFrame } from './types.js';

export interface TrackFacesOptions {
  /** Detect every Nth frame (see keyFrameInterval). */
  interval: number;
  /** Relative motion between two keys above which the frames between get their own detection. */
  maxMotion?: number;
  /** Overlap a detection needs with the followed face to count as the same face. */
  minIoU?: number;
  maxGapFrames?: number;
  smoothingRadius?: number;
  signal?: AbortSignal;
}

export interface TrackedClip extends FaceTrack {
  /** Frames the detector ran on, ascending. */
  detectedFrames: number[];
}

/** Default smoothing: a 5-frame window, enough to hide detector jitter at key frames without lagging speech. */
export const DEFAULT_SMOOTHING_RADIUS = 2;

export async function trackFaces(frames: AsyncIterable<RgbFrame>, detector: FaceDetector, options: TrackFacesOptions): Promise<TrackedClip> {
  const interval = Math.max(1, Math.floor(options.interval));
  const { maxMotion = DEFAULT_MAX_MOTION, minIoU = 0.2, signal } = options;
  const keys: KeyDetection[] = [];
  const detectedFrames: number[] = [];
  let held: RgbFrame[] = [];
  let heldFrom = 0;
  let lastKey: KeyDetection | null = null;
  let count = 0;

  const detectAt = async (frame: RgbFrame, index: number, reference: KeyDetection | null): Promise<KeyDetection> => {
    signal?.throwIfAborted();
    detectedFrames.push(index);
    const face = followFace(await detector.detect(frame), reference?.face ?? null, minIoU);
    return { index, face };
  };

  // Detects between two keys while the face moved too much or (dis)appeared, using the held frames.
  const refine = async (left: KeyDetection, right: KeyDetection): Promise<void> => {
    if (!needsDetectionBetween(left, right, maxMotion)) return;
    const middle = Math.floor((left.index + right.index) / 2);
    const mid = await detectAt(held[middle - heldFrom], middle, left.face ? left : right);
    keys.push(mid);
    await refine(left, mid);
    await refine(mid, right);
  };

  const closeWindow = async (frame: RgbFrame, index: number): Promise<void> => {
    const key = await detectAt(frame, index, lastKey);
    keys.push(key);
    if (lastKey) await refine(lastKey, key);
    lastKey = key;
    held = [];
    heldFrom = index + 1;
  };

  let pending: RgbFrame | null = null;
  for await (const frame of frames) {
    signal?.throwIfAborted();
    const index = count++;
    if (pending) held.push(pending);
    pending = null;
    if (index % interval === 0) await closeWindow(frame, index);
    else pending = frame;
  }
  // The last frame is always a key, so no frame is extrapolated from one side only.
  if (pending) await closeWindow(pending, count - 1);

  const track = buildTrack(keys, count, { maxGapFrames: options.maxGapFrames ?? interval * 2, smoothingRadius: options.smoothingRadius ?? DEFAULT_SMOOTHING_RADIUS });
  return { ...track, detectedFrames: detectedFrames.sort((a, b) => a - b) };
}
