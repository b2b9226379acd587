// Follows one person through a stream of frames: the largest face at first sight, then that person by where they
// were last seen, their face's size and appearance (face-identity.ts), so while they are hidden no bystander is taken
// for them and they are picked up again when they come back. Detects on key frames, adds detections where the face
// moved a lot or appeared/vanished between two keys (bisecting the frames held since the last key), and fills the
// rest with tracking.ts. Holds at most one key interval of frames in memory.
import { faceAppearance } from './face-appearance.js';
import { followFace, IDENTITY_LIMITS, type IdentityLimits, type Sighting } from './face-identity.js';
import {
  buildTrack,
  DEFAULT_MAX_MOTION,
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
  /** When a face found later counts as the followed person (default IDENTITY_LIMITS). */
  identity?: IdentityLimits;
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

export async function trackFaces(
  frames: AsyncIterable<RgbFrame>,
  detector: FaceDetector,
  options: TrackFacesOptions,
): Promise<TrackedClip> {
  const interval = Math.max(1, Math.floor(options.interval));
  const { maxMotion = DEFAULT_MAX_MOTION, identity = IDENTITY_LIMITS, signal } = options;
  const keys: Key[] = [];
  const detectedFrames: number[] = [];
  let held: RgbFrame[] = [];
  let heldFrom = 0;
  let lastKey: Key | null = null;
  // The latest frame the person was seen on: a key after frames without them is matched against it.
  let lastSeen: (Sighting & { index: number }) | null = null;
  let count = 0;

  const detectAt = async (frame: RgbFrame, index: number, reference: Sighting | null): Promise<Key> => {
    signal?.throwIfAborted();
    detectedFrames.push(index);
    const candidates = (await detector.detect(frame)).map((face) => ({
      face,
      appearance: faceAppearance(frame, face.box),
    }));
    const found = followFace(candidates, reference, identity);
    if (found && (!lastSeen || index > lastSeen.index)) lastSeen = { ...found, index };
    return { index, face: found?.face ?? null, appearance: found?.appearance ?? null };
  };

  // Detects between two keys while the face moved too much or (dis)appeared, using the held frames.
  const refine = async (left: Key, right: Key): Promise<void> => {
    if (!needsDetectionBetween(left, right, maxMotion)) return;
    const middle = Math.floor((left.index + right.index) / 2);
    const mid = await detectAt(held[middle - heldFrom], middle, sightingOf(left) ?? sightingOf(right));
    keys.push(mid);
    await refine(left, mid);
    await refine(mid, right);
  };

  const closeWindow = async (frame: RgbFrame, index: number): Promise<void> => {
    const key = await detectAt(frame, index, lastSeen);
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

  const track = buildTrack(keys, count, {
    maxGapFrames: options.maxGapFrames ?? interval * 2,
    smoothingRadius: options.smoothingRadius ?? DEFAULT_SMOOTHING_RADIUS,
  });
  return { ...track, detectedFrames: detectedFrames.sort((a, b) => a - b) };
}

/** A key detection with the followed face's appearance on that frame, to match the frames next to it against. */
interface Key extends KeyDetection {
  appearance: Sighting['appearance'];
}

function sightingOf(key: Key): Sighting | null {
  return key.face ? { face: key.face, appearance: key.appearance } : null;
}
