// Idle motion for a still picture turned into video (pure): a per-frame schedule of blinks and a slow head
// sway, and the two warps that draw them, so a lip-synced photo does not look frozen apart from its mouth.
import type { Box, FaceLandmarks } from '../../face/types.js';
import { sampleBilinearRgb } from '../../../media/image/bilinear.js';
import { clampBox, cropRgb, type PixelBox, type Point, type RgbImage } from '../../../media/image/rgb-image.js';
import { resampleSway } from './sway-resample.js';

/** What one output frame shows besides its mouth. */
export interface IdlePose {
  /** Eyelid closure, 0 (open, as in the picture) .. 1 (closed). */
  blink: number;
  /** Head offset as a fraction of the face height (image axes: +x right, +y down). */
  swayX: number;
  swayY: number;
  /** Head tilt in degrees about the chin, clockwise on screen. */
  tiltDeg: number;
}

export type SwayPose = Pick<IdlePose, 'swayX' | 'swayY' | 'tiltDeg'>;

/** One blink: closing from startSec to peakSec (a frame time, so one frame is fully closed), holding, then opening until endSec. */
export interface BlinkEvent {
  startSec: number;
  peakSec: number;
  holdSec: number;
  endSec: number;
}

export interface IdleMotionPlan {
  fps: number;
  frameCount: number;
  blinks: BlinkEvent[];
  poseAt(frame: number): IdlePose;
}

export interface IdleMotionOptions {
  /** Time between blinks, seconds (peak to peak). */
  blinkIntervalSec?: [number, number];
  /** Whole blink, seconds. */
  blinkDurationSec?: [number, number];
  /** Largest head offset, fractions of the face height. */
  swayAmplitude?: { x: number; y: number };
  /** Largest tilt, degrees. */
  tiltAmplitudeDeg?: number;
}

export const IDLE_MOTION_DEFAULTS: Required<IdleMotionOptions> = {
  blinkIntervalSec: [2.5, 6],
  blinkDurationSec: [0.15, 0.25],
  swayAmplitude: { x: 0.015, y: 0.01 },
  tiltAmplitudeDeg: 1,
};

/** mulberry32: small, full-period, and the same sequence on every run for the same seed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const smoothstep = (t: number): number => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));
const lerp = (range: readonly [number, number], t: number): number => range[0] + (range[1] - range[0]) * t;

/** Eyelid closure at time t for one blink (0 outside it). */
export function blinkAmount(blink: BlinkEvent, t: number): number {
  if (t <= blink.startSec || t >= blink.endSec) return 0;
  if (t <= blink.peakSec) return smoothstep((t - blink.startSec) / (blink.peakSec - blink.startSec));
  const openFrom = blink.peakSec + blink.holdSec;
  if (t <= openFrom) return 1;
  return 1 - smoothstep((t - openFrom) / (blink.endSec - openFrom));
}

/** One axis of sway: two slow sines of unrelated periods, so the motion never visibly repeats; |value| <= amplitude. */
function swayWave(random: () => number, amplitude: number): (t: number) => number {
  const slow = { period: lerp([5.5, 8.5], random()), phase: 2 * Math.PI * random() };
  const quick = { period: lerp([2.7, 4.3], random()), phase: 2 * Math.PI * random() };
  return (t) =>
    amplitude *
    (0.62 * Math.sin((2 * Math.PI * t) / slow.period + slow.phase) +
      0.38 * Math.sin((2 * Math.PI * t) / quick.period + quick.phase));
}

/**
 * Blinks and sway for `frameCount` frames at `fps`, seeded by the frame count: the same job renders the same
 * video on a re-run. Blink peaks are 2.5-6 s apart (the first within 1-3 s); each blink lasts 150-250 ms,
 * closing faster than it opens.
 */
export function planIdleMotion(frameCount: number, fps: number, options: IdleMotionOptions = {}): IdleMotionPlan {
  const settings = { ...IDLE_MOTION_DEFAULTS, ...options };
  const random = seededRandom(Math.imul(frameCount + 1, 0x9e3779b1) ^ 0x1d1e);
  const durationSec = frameCount / fps;
  const blinks: BlinkEvent[] = [];
  let peak = lerp([1, 3], random());
  while (true) {
    const peakSec = Math.round(peak * fps) / fps;
    const total = lerp(settings.blinkDurationSec, random());
    const closeSec = total * lerp([0.32, 0.38], random());
    const holdSec = total * lerp([0.08, 0.14], random());
    const startSec = peakSec - closeSec;
    if (startSec >= durationSec) break;
    blinks.push({ startSec, peakSec, holdSec, endSec: startSec + total });
    // Triangular between the bounds: intervals near 4 s are the most common, but none is regular.
    peak = peakSec + lerp(settings.blinkIntervalSec, (random() + random()) / 2);
  }
  const swayX = swayWave(random, settings.swayAmplitude.x);
  const swayY = swayWave(random, settings.swayAmplitude.y);
  const tilt = swayWave(random, settings.tiltAmplitudeDeg);
  let next = 0;
  return {
    fps,
    frameCount,
    blinks,
    poseAt(frame) {
      const t = frame / fps;
      // Frames are asked for in order, so the search starts at the blink the last call found.
      if (next > 0 && blinks[next - 1].endSec > t) next = 0;
      while (next < blinks.length && blinks[next].endSec <= t) next++;
      const blink = next < blinks.length ? blinkAmount(blinks[next], t) : 0;
      return { blink, swayX: swayX(t), swayY: swayY(t), tiltDeg: tilt(t) };
    },
  };
}

// ---- Blink -------------------------------------------------------------------------------------------------

/** A lid as a polyline of v (across the eye) over u (corner to corner), u ascending. */
type Lid = { u: Float64Array; v: Float64Array };

function lidAt(lid: Lid, u: number): number {
  const { u: us, v: vs } = lid;
  if (u <= us[0]) return vs[0];
  const last = us.length - 1;
  if (u >= us[last]) return vs[last];
  let k = 1;
  while (us[k] < u) k++;
  const span = us[k] - us[k - 1];
  return span > 0 ? vs[k - 1] + ((vs[k] - vs[k - 1]) * (u - us[k - 1])) / span : vs[k];
}

export interface EyeGeometry {
  /** The image-left corner; u runs along `axis` from it, v along `normal` (downwards on screen). */
  origin: Point;
  axis: Point;
  normal: Point;
  /** Corner to corner, pixels. */
  width: number;
  upper: Lid;
  lower: Lid;
}

/** Splits a closed eye contour at its two corners (leftmost and rightmost point) into the upper and lower lid. */
export function describeEye(eye: readonly Point[]): EyeGeometry | null {
  if (eye.length < 6) return null;
  let left = 0;
  let right = 0;
  eye.forEach((p, i) => {
    if (p.x < eye[left].x) left = i;
    if (p.x > eye[right].x) right = i;
  });
  const origin = eye[left];
  const dx = eye[right].x - origin.x;
  const dy = eye[right].y - origin.y;
  const width = Math.hypot(dx, dy);
  if (width < 4) return null;
  const axis = { x: dx / width, y: dy / width };
  const normal = { x: -axis.y, y: axis.x };
  const toLid = (from: number, to: number): Lid => {
    const points: Array<[number, number]> = [];
    for (let i = from; ; i = (i + 1) % eye.length) {
      const ex = eye[i].x - origin.x;
      const ey = eye[i].y - origin.y;
      points.push([ex * axis.x + ey * axis.y, ex * normal.x + ey * normal.y]);
      if (i === to) break;
    }
    points.sort((a, b) => a[0] - b[0]);
    return { u: Float64Array.from(points, (p) => p[0]), v: Float64Array.from(points, (p) => p[1]) };
  };
  const a = toLid(left, right);
  const b = toLid(right, left);
  const mean = (lid: Lid) => lid.v.reduce((s, v) => s + v, 0) / lid.v.length;
  const [upper, lower] = mean(a) <= mean(b) ? [a, b] : [b, a];
  return { origin, axis, normal, width, upper, lower };
}

/** Where the lids meet, as a share of the opening from the upper lid: the upper lid does most of the travel. */
const MEET = 0.8;
/** Lid skin above the eye that stretches as the lid comes down, and below it as the lower lid rises (eye widths). */
const REACH_UP = 0.45;
const REACH_DOWN = 0.3;

/** The pixels a blink of this eye can change: the eye plus the lid skin above and below it. */
export function blinkBox(eye: EyeGeometry, frameWidth: number, frameHeight: number): PixelBox {
  let vMin = Infinity;
  let vMax = -Infinity;
  for (const v of eye.upper.v) vMin = Math.min(vMin, v);
  for (const v of eye.lower.v) vMax = Math.max(vMax, v);
  vMin -= REACH_UP * eye.width;
  vMax += REACH_DOWN * eye.width;
  const corners = [
    [0, vMin],
    [eye.width, vMin],
    [0, vMax],
    [eye.width, vMax],
  ].map(([u, v]) => ({
    x: eye.origin.x + u * eye.axis.x + v * eye.normal.x,
    y: eye.origin.y + u * eye.axis.y + v * eye.normal.y,
  }));
  const x0 = Math.min(...corners.map((p) => p.x)) - 1;
  const y0 = Math.min(...corners.map((p) => p.y)) - 1;
  const x1 = Math.max(...corners.map((p) => p.x)) + 2;
  const y1 = Math.max(...corners.map((p) => p.y)) + 2;
  return clampBox({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 }, frameWidth, frameHeight);
}

/**
 * Closes one eye in place by `amount` (0..1): the upper lid slides down over the eye (hiding it rather than
 * squeezing it), the lower lid rises a little to meet it, the skin above and below stretches to follow, and
 * the lid edge darkens slightly so the closed eye reads as a lid line. Amount 0 changes nothing.
 * Returns the box it may have written, or null when nothing was done.
 */
export function applyBlink(frame: RgbImage, eyeContour: readonly Point[], amount: number): PixelBox | null {
  const a = Math.min(1, Math.max(0, amount));
  if (a <= 0) return null;
  const eye = describeEye(eyeContour);
  if (!eye) return null;
  const box = blinkBox(eye, frame.width, frame.height);
  if (box.width === 0 || box.height === 0) return null;
  const source = cropRgb(frame, box);
  const { origin, axis, normal, width: eyeWidth, upper, lower } = eye;
  const reachUp = REACH_UP * eyeWidth;
  const reachDown = REACH_DOWN * eyeWidth;
  let widest = 0;
  for (let k = 0; k < 33; k++) {
    const u = (eyeWidth * k) / 32;
    widest = Math.max(widest, lidAt(lower, u) - lidAt(upper, u));
  }
  if (widest <= 0) return null;
  const lineHalfWidth = Math.max(0.8, 0.045 * eyeWidth);
  const lineStrength = 0.3 * a * a;
  const sample = new Float32Array(3);
  const lid = new Float32Array(3);
  const out = frame.data;
  const sampleAt = (u: number, v: number, into: Float32Array): void => {
    sampleBilinearRgb(
      source,
      origin.x + u * axis.x + v * normal.x - box.x,
      origin.y + u * axis.y + v * normal.y - box.y,
      into,
      0,
    );
  };
  for (let row = 0; row < box.height; row++) {
    const y = box.y + row;
    for (let col = 0; col < box.width; col++) {
      const x = box.x + col;
      const ex = x - origin.x;
      const ey = y - origin.y;
      const u = ex * axis.x + ey * axis.y;
      if (u <= 0 || u >= eyeWidth) continue;
      const v = ex * normal.x + ey * normal.y;
      const up = lidAt(upper, u);
      const lo = lidAt(lower, u);
      const gap = lo - up;
      if (gap <= 0) continue;
      const top = up - reachUp;
      const bottom = lo + reachDown;
      if (v <= top || v >= bottom) continue;
      const newUp = up + a * MEET * gap;
      const newLo = lo - a * (1 - MEET) * gap;
      // Backward map along v: lid skin stretched down to newUp; the opening keeps its lower part (the lid
      // covers the rest) and moves with the lower lid; the skin below stretches up to newLo.
      const lidSource = v < newUp ? top + ((v - top) * (up - top)) / (newUp - top) : up;
      const openSource = v > newLo ? lo + ((v - newLo) * (bottom - lo)) / (bottom - newLo) : v + (lo - newLo);
      // The lid edge is a hard occlusion edge: antialiased by how much of the pixel the lid covers.
      const coverage = newUp - v + 0.5;
      if (coverage >= 1) sampleAt(u, lidSource, sample);
      else {
        sampleAt(u, openSource, sample);
        if (coverage > 0) {
          sampleAt(u, lidSource, lid);
          for (let c = 0; c < 3; c++) sample[c] += (lid[c] - sample[c]) * coverage;
        }
      }
      const d = Math.abs(v - newUp) / lineHalfWidth;
      const shade = d < 1 ? 1 - lineStrength * (1 - d) * Math.sqrt(gap / widest) : 1;
      const i = (y * frame.width + x) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = sample[c] * shade + 0.5;
    }
  }
  return box;
}

// ---- Sway --------------------------------------------------------------------------------------------------

/** The head region a sway may move: the face box grown `scale` times about its centre; its border stays put. */
export function swayBox(face: Box, frameWidth: number, frameHeight: number, scale = 1.4): PixelBox {
  const w = face.width * scale;
  const h = face.height * scale;
  return clampBox(
    { x: face.x + face.width / 2 - w / 2, y: face.y + face.height / 2 - h / 2, width: w, height: h },
    frameWidth,
    frameHeight,
  );
}

interface Rigid {
  cos: number;
  sin: number;
  pivot: Point;
  shift: Point;
}

function rigidMotion(face: Box, pose: SwayPose): Rigid {
  const angle = (pose.tiltDeg * Math.PI) / 180;
  return {
    cos: Math.cos(angle),
    sin: Math.sin(angle),
    // Heads tilt about the neck, so the chin is the pivot.
    pivot: { x: face.x + face.width / 2, y: face.y + face.height },
    shift: { x: pose.swayX * face.height, y: pose.swayY * face.height },
  };
}

/** Where a point of the face (inside its box) is drawn after the sway. */
export function swayPoint(point: Point, face: Box, pose: SwayPose): Point {
  const { cos, sin, pivot, shift } = rigidMotion(face, pose);
  const dx = point.x - pivot.x;
  const dy = point.y - pivot.y;
  return { x: pivot.x + cos * dx - sin * dy + shift.x, y: pivot.y + sin * dx + cos * dy + shift.y };
}

/** Per column (or row) of the sway box: 0 on its first and last pixel, rising smoothly to 1 where the face begins. */
function ramp(length: number, start: number, faceFrom: number, faceTo: number): Float32Array {
  const weights = new Float32Array(length);
  const last = start + length - 1;
  const rampIn = Math.max(1, faceFrom - start);
  const rampOut = Math.max(1, last - faceTo);
  for (let k = 0; k < length; k++) {
    const p = start + k;
    weights[k] = smoothstep(Math.min((p - start) / rampIn, (last - p) / rampOut, 1));
  }
  return weights;
}

/**
 * The position in the unmoved picture that applySway draws at frame position (x, y): the rigid inverse inside the
 * face, fading to none at the sway box's border as the sway does. For drawing into a swayed frame from the picture
 * it was made from, so those pixels are resampled once.
 */
export function swaySource(
  face: Box,
  frameWidth: number,
  frameHeight: number,
  pose: SwayPose,
  scale = 1.4,
): (x: number, y: number, out: Float64Array) => void {
  const { cos, sin, pivot, shift } = rigidMotion(face, pose);
  const box = swayBox(face, frameWidth, frameHeight, scale);
  const wx = ramp(box.width, box.x, face.x, face.x + face.width);
  const wy = ramp(box.height, box.y, face.y, face.y + face.height);
  const weightAt = (weights: Float32Array, k: number) => {
    if (k <= 0 || k >= weights.length - 1) return 0;
    const i = Math.floor(k);
    return weights[i]! + (weights[i + 1]! - weights[i]!) * (k - i);
  };
  return (x, y, out) => {
    const w = weightAt(wx, x - box.x) * weightAt(wy, y - box.y);
    const dx = x - pivot.x - shift.x;
    const dy = y - pivot.y - shift.y;
    out[0] = x + w * (pivot.x + cos * dx + sin * dy - x);
    out[1] = y + w * (pivot.y - sin * dx + cos * dy - y);
  };
}

/**
 * Moves the head in place by the pose: the face box moves rigidly (offset and tilt about the chin), the ring
 * out to the sway box's border follows with a smoothly falling weight, and the border and everything outside
 * stay exactly as they were. Returns the box it wrote, or null for a pose that moves nothing.
 *
 * Sampled with Lanczos-3 in two passes (across, then down), so the moved face keeps its fine detail: bilinear
 * sampling lost about 40 % of it (Laplacian variance of the eyes and forehead). Each pass takes its pixel's own
 * offset; for a tilt of at most a few degrees that reads at most 0.1 px from where a single 2-D pass would.
 */
export function applySway(
  frame: RgbImage,
  face: Box,
  pose: SwayPose,
  options: { scale?: number } = {},
): PixelBox | null {
  const { cos, sin, pivot, shift } = rigidMotion(face, pose);
  const reach = Math.abs(shift.x) + Math.abs(shift.y) + Math.abs(sin) * Math.hypot(face.width, face.height);
  if (reach < 1 / 256) return null;
  const scale = options.scale ?? 1.4;
  const box = swayBox(face, frame.width, frame.height, scale);
  if (box.width < 2 || box.height < 2) return null;
  const wx = ramp(box.width, box.x, face.x, face.x + face.width);
  const wy = ramp(box.height, box.y, face.y, face.y + face.height);
  // Integers V8 can keep as small ints: box sizes come out of Math.floor/ceil as doubles.
  resampleSway({
    src: cropRgb(frame, box).data,
    out: frame.data,
    frameWidth: frame.width | 0,
    boxX: box.x,
    boxY: box.y,
    width: box.width | 0,
    height: box.height | 0,
    wx,
    wy,
    cos,
    sin,
    ox: pivot.x + shift.x - box.x,
    oy: pivot.y + shift.y - box.y,
    px: pivot.x - box.x,
    py: pivot.y - box.y,
  });
  return box;
}

/** Blinks both eyes, then sways the head: the frame's mouth may already be reshaped (sway carries it along). */
export function applyIdleMotion(frame: RgbImage, face: FaceLandmarks, pose: IdlePose): void {
  if (pose.blink > 0) {
    applyBlink(frame, face.leftEye, pose.blink);
    applyBlink(frame, face.rightEye, pose.blink);
  }
  applySway(frame, face.box, pose);
}
