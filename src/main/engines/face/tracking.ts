// Pure: following one face through a clip from detections on key frames, filling the frames between them.
import type { Box, FaceLandmarks, Point } from './types.js';

/** One detection pass's outcome on one frame: the followed face, or null when none was found there. */
export interface KeyDetection {
  index: number;
  face: FaceLandmarks | null;
}

export interface FaceTrack {
  /** One entry per frame: the followed face's landmarks, or null where the clip shows no face. */
  faces: Array<FaceLandmarks | null>;
  /** Frames left without a face, ascending. */
  framesWithoutFace: number[];
}

export interface KeyFrameIntervalOptions {
  /** Measured cost of one detection, in ms. */
  detectMs: number;
  /** Share of the per-frame budget detection may use, in ms per frame (e.g. 40 ms at 25 fps on one core, minus the rest). */
  budgetMsPerFrame: number;
  /** Upper bound, so a moving head is still sampled often enough. */
  maxInterval?: number;
}

/** Detect every Nth frame, N the smallest that keeps detection's average cost within the budget. */
export function keyFrameInterval({ detectMs, budgetMsPerFrame, maxInterval = 12 }: KeyFrameIntervalOptions): number {
  if (!(detectMs > 0) || !(budgetMsPerFrame > 0)) return 1;
  return Math.max(1, Math.min(maxInterval, Math.ceil(detectMs / budgetMsPerFrame)));
}

/** 0, N, 2N, ... and always the last frame, so every frame lies between two key frames. */
export function keyFrameIndices(frameCount: number, interval: number): number[] {
  if (frameCount <= 0) return [];
  const step = Math.max(1, Math.floor(interval));
  const indices: number[] = [];
  for (let index = 0; index < frameCount; index += step) indices.push(index);
  if (indices[indices.length - 1] !== frameCount - 1) indices.push(frameCount - 1);
  return indices;
}

/** How far a face moved between two detections: centre shift or size change, relative to the face's size. */
export function faceMotion(a: FaceLandmarks, b: FaceLandmarks): number {
  const size = Math.max(1, Math.sqrt(area(a.box)), Math.sqrt(area(b.box)));
  const shift = Math.hypot(centre(b.box).x - centre(a.box).x, centre(b.box).y - centre(a.box).y);
  const grow = Math.abs(Math.sqrt(area(b.box)) - Math.sqrt(area(a.box)));
  return Math.max(shift, grow) / size;
}

/** Mesh jitter alone moves a still face's box by up to ~10% between detections; real motion is bigger. */
export const DEFAULT_MAX_MOTION = 0.2;

/** Whether the frames between two key frames need a detection of their own instead of interpolation. */
export function needsDetectionBetween(a: KeyDetection, b: KeyDetection, maxMotion = DEFAULT_MAX_MOTION): boolean {
  if (b.index - a.index <= 1) return false;
  // A face that appears or disappears between keys: find where, rather than guess.
  if ((a.face === null) !== (b.face === null)) return true;
  if (!a.face || !b.face) return false;
  return faceMotion(a.face, b.face) > maxMotion;
}

/** Landmarks a fraction t of the way from a to b (t = 0 gives a, t = 1 gives b), point by point. */
export function interpolateFace(a: FaceLandmarks, b: FaceLandmarks, t: number): FaceLandmarks {
  const mix = (p: number, q: number): number => p + (q - p) * t;
  const points = (p: Point[], q: Point[]): Point[] =>
    p.map((point, i) => ({ x: mix(point.x, q[i].x), y: mix(point.y, q[i].y) }));
  return {
    box: {
      x: mix(a.box.x, b.box.x),
      y: mix(a.box.y, b.box.y),
      width: mix(a.box.width, b.box.width),
      height: mix(a.box.height, b.box.height),
    },
    score: Math.min(a.score, b.score),
    mouthOuter: points(a.mouthOuter, b.mouthOuter),
    mouthInner: points(a.mouthInner, b.mouthInner),
    leftEye: points(a.leftEye, b.leftEye),
    rightEye: points(a.rightEye, b.rightEye),
    nose: points(a.nose, b.nose),
    ...(a.jaw && b.jaw ? { jaw: points(a.jaw, b.jaw) } : {}),
  };
}

export interface BuildTrackOptions {
  /** Missed detections spanning up to this many frames are bridged; beyond, the face is held this long on each side. */
  maxGapFrames?: number;
  /** Half-width in frames of the centred smoothing window; 0 keeps key frames exact. */
  smoothingRadius?: number;
}

/**
 * Per-frame landmarks from key-frame detections: linear between neighbouring keys with a face (also across
 * missed detections spanning at most maxGapFrames); around longer absences the last and next sightings are
 * held for up to maxGapFrames, never past a key that saw no face; then lightly smoothed.
 */
export function buildTrack(
  keys: readonly KeyDetection[],
  frameCount: number,
  options: BuildTrackOptions = {},
): FaceTrack {
  const { maxGapFrames = 12, smoothingRadius = 0 } = options;
  const sorted = keys.filter((key) => key.index >= 0 && key.index < frameCount).sort((a, b) => a.index - b.index);
  const faces: Array<FaceLandmarks | null> = new Array<FaceLandmarks | null>(frameCount).fill(null);
  let previousFound: KeyDetection | null = null;
  let previousKey: KeyDetection | null = null;
  // The first key after the last sighting that saw no face: holding never goes past it.
  let firstMiss: KeyDetection | null = null;
  for (const key of sorted) {
    if (!key.face) {
      firstMiss ??= key;
    } else {
      faces[key.index] = key.face;
      if (previousFound && (!firstMiss || key.index - previousFound.index <= maxGapFrames + 1)) {
        fillLinear(faces, previousFound, key);
      } else {
        // The face (re)appears: hold it backwards over frames no key has ruled out.
        const from = Math.max(key.index - maxGapFrames, previousKey ? previousKey.index + 1 : 0);
        for (let index = from; index < key.index; index++) faces[index] = key.face;
        if (previousFound) holdForward(faces, previousFound, firstMiss!.index, maxGapFrames);
      }
      previousFound = key;
      firstMiss = null;
    }
    previousKey = key;
  }
  if (previousFound) holdForward(faces, previousFound, firstMiss?.index ?? frameCount, maxGapFrames);
  const smoothed = smoothingRadius > 0 ? smoothTrack(faces, smoothingRadius) : faces;
  const framesWithoutFace: number[] = [];
  smoothed.forEach((face, index) => {
    if (!face) framesWithoutFace.push(index);
  });
  return { faces: smoothed, framesWithoutFace };
}

function fillLinear(faces: Array<FaceLandmarks | null>, a: KeyDetection, b: KeyDetection): void {
  for (let index = a.index + 1; index < b.index; index++) {
    faces[index] = interpolateFace(a.face!, b.face!, (index - a.index) / (b.index - a.index));
  }
}

/** Holds `found` on the frames after it, up to maxFrames and stopping before frame `stopAt` (a key that saw no face). */
function holdForward(faces: Array<FaceLandmarks | null>, found: KeyDetection, stopAt: number, maxFrames: number): void {
  const until = Math.min(found.index + maxFrames, stopAt - 1, faces.length - 1);
  for (let index = found.index + 1; index <= until; index++) faces[index] ??= found.face;
}

/**
 * Centred triangular moving average over runs of frames with a face (never across a gap). Each output is a
 * convex combination of inputs, so frame-to-frame steps never grow: jitter is damped, never amplified.
 */
export function smoothTrack(faces: ReadonlyArray<FaceLandmarks | null>, radius: number): Array<FaceLandmarks | null> {
  const r = Math.max(0, Math.floor(radius));
  return faces.map((face, index) => {
    if (!face || r === 0) return face;
    let start = index;
    let end = index;
    while (start > index - r && faces[start - 1]) start--;
    while (end < index + r && faces[end + 1]) end++;
    // A symmetric window keeps a steady motion unshifted at the edges of a run.
    const reach = Math.min(index - start, end - index);
    let result = face;
    let total = reach + 1;
    for (let offset = 1; offset <= reach; offset++) {
      const weight = reach + 1 - offset;
      const pair = interpolateFace(faces[index - offset]!, faces[index + offset]!, 0.5);
      result = interpolateFace(result, pair, (2 * weight) / (total + 2 * weight));
      total += 2 * weight;
    }
    return result;
  });
}

/** "0-11, 40, 52-60": frame numbers as ranges, for messages such as no_face_detected. */
export function describeFrameRanges(frames: readonly number[]): string {
  const sorted = [...new Set(frames)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i];
    while (i + 1 < sorted.length && sorted[i + 1] === sorted[i] + 1) i++;
    parts.push(start === sorted[i] ? String(start) : `${start}-${sorted[i]}`);
  }
  return parts.join(', ');
}

function area(box: Box): number {
  return box.width * box.height;
}

function centre(box: Box): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
