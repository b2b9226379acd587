// The measured mouth (source) and the mouth the audio asks for (target), as point-for-point contours.
// Pure geometry: no pixels here. Positions are image pixels; "local" coordinates are (u along the lips
// from the centre towards the right corner, v across them, positive towards the chin).
import { clampBox, type PixelBox, type Point } from '../../media/image/rgb-image.js';

export type { Point } from '../../media/image/rgb-image.js';

/** Lip contours as a landmark detector gives them, in image pixels. */
export interface MouthContours {
  /** Closed outer lip edge, ordered, starting at the left mouth corner (>= 6 points; 12+ expected). */
  outer: Point[];
  /** Closed inner lip edge, ordered (>= 4 points; 8+ expected). */
  inner: Point[];
}

/** The mouth pose one video frame should show, from the audio. */
export interface MouthShape {
  /** 0 = lips together, 1 = the widest opening (maxOpening x mouth width between the inner lips). */
  opening: number;
  /** Relative change of the mouth width, -0.2 .. 0.2 (positive = spread, as in "ee"). */
  width: number;
  /** 0 .. 1: corners drawn in and lips pushed forward (as in "oo"). */
  rounding: number;
}

export interface MouthShapeOptions {
  /** Inner-lip gap at opening 1, as a fraction of the mouth width. */
  maxOpening?: number;
  /** Share of an opening change the upper lip takes; the jaw (lower lip) takes the rest. */
  upperLipShare?: number;
  /** How far full rounding pulls the corners in, as a fraction of the width. */
  roundingPull?: number;
  /** How far full rounding pushes each lip's outer edge out, as a fraction of the width. */
  roundingPout?: number;
}

export const MOUTH_SHAPE_DEFAULTS: Required<MouthShapeOptions> = {
  maxOpening: 0.45,
  upperLipShare: 0.3,
  roundingPull: 0.22,
  roundingPout: 0.05,
};

/** One lip edge as a function of u: samples sorted by u, read by linear interpolation. */
export interface LipChain {
  u: Float64Array;
  v: Float64Array;
}

/** A mouth-aligned coordinate frame. */
export interface MouthFrame {
  centre: Point;
  /** Unit vector from the left corner to the right corner. */
  axis: Point;
  /** Unit vector across the lips, towards the chin. */
  normal: Point;
}

export interface MouthGeometry {
  contours: MouthContours;
  frame: MouthFrame;
  leftCorner: Point;
  rightCorner: Point;
  /** Corner to corner, pixels. */
  width: number;
  /** Gap between the inner upper and lower lip at the centre line, pixels (0 when closed). */
  opening: number;
  innerUpperMid: Point;
  innerLowerMid: Point;
  upperLipThickness: number;
  lowerLipThickness: number;
  outerLocal: Point[];
  innerLocal: Point[];
  /** Per point: true on the upper lip's chain (the corners count as upper). */
  outerIsUpper: boolean[];
  innerIsUpper: boolean[];
  innerUpper: LipChain;
  innerLower: LipChain;
  outerUpper: LipChain;
  outerLower: LipChain;
  /** Extent of the inner contour along the lips. */
  innerMinU: number;
  innerMaxU: number;
}

export function toLocal(frame: MouthFrame, p: Point): Point {
  const dx = p.x - frame.centre.x;
  const dy = p.y - frame.centre.y;
  return { x: dx * frame.axis.x + dy * frame.axis.y, y: dx * frame.normal.x + dy * frame.normal.y };
}

export function toImage(frame: MouthFrame, u: number, v: number): Point {
  return {
    x: frame.centre.x + u * frame.axis.x + v * frame.normal.x,
    y: frame.centre.y + u * frame.axis.y + v * frame.normal.y,
  };
}

/** v of a lip chain at u (held at the end values outside the chain). */
export function chainAt(chain: LipChain, u: number): number {
  const us = chain.u;
  const last = us.length - 1;
  if (u <= us[0]) return chain.v[0];
  if (u >= us[last]) return chain.v[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (us[mid] <= u) lo = mid;
    else hi = mid;
  }
  const span = us[hi] - us[lo];
  const f = span > 0 ? (u - us[lo]) / span : 0;
  return chain.v[lo] + (chain.v[hi] - chain.v[lo]) * f;
}

function makeChain(points: readonly Point[], indices: readonly number[]): LipChain {
  const sorted = indices.map((i) => points[i]).sort((a, b) => a.x - b.x);
  return { u: Float64Array.from(sorted, (p) => p.x), v: Float64Array.from(sorted, (p) => p.y) };
}

/** Splits a closed local contour at its two corners into an upper and a lower chain of indices. */
function splitAtCorners(local: readonly Point[], left: number, right: number): { upper: number[]; lower: number[] } {
  const n = local.length;
  const walk = (from: number, to: number): number[] => {
    const out = [from];
    for (let i = from; i !== to;) {
      i = (i + 1) % n;
      out.push(i);
    }
    return out;
  };
  const a = walk(left, right);
  const b = walk(right, left);
  const meanV = (chain: number[]): number => chain.reduce((sum, i) => sum + local[i].y, 0) / chain.length;
  return meanV(a) <= meanV(b) ? { upper: a, lower: b } : { upper: b, lower: a };
}

function extremeIndices(local: readonly Point[]): { left: number; right: number } {
  let left = 0;
  let right = 0;
  for (let i = 1; i < local.length; i++) {
    if (local[i].x < local[left].x) left = i;
    if (local[i].x > local[right].x) right = i;
  }
  return { left, right };
}

/** Measures a mouth from its lip contours. */
export function describeMouth(contours: MouthContours): MouthGeometry {
  const { outer, inner } = contours;
  if (outer.length < 6) throw new Error(`The outer lip contour needs at least 6 points (got ${outer.length}).`);
  if (inner.length < 4) throw new Error(`The inner lip contour needs at least 4 points (got ${inner.length}).`);
  const leftCorner = outer[0];
  // The right corner is the outer point farthest from the left one.
  let rightIndex = 1;
  let best = -1;
  for (let i = 1; i < outer.length; i++) {
    const d = (outer[i].x - leftCorner.x) ** 2 + (outer[i].y - leftCorner.y) ** 2;
    if (d > best) {
      best = d;
      rightIndex = i;
    }
  }
  const rightCorner = outer[rightIndex];
  const width = Math.sqrt(best);
  if (!(width > 1)) throw new Error('The outer lip contour has no width.');
  const axis = { x: (rightCorner.x - leftCorner.x) / width, y: (rightCorner.y - leftCorner.y) / width };
  const frame: MouthFrame = {
    centre: { x: (leftCorner.x + rightCorner.x) / 2, y: (leftCorner.y + rightCorner.y) / 2 },
    axis,
    normal: { x: -axis.y, y: axis.x },
  };

  const outerLocal = outer.map((p) => toLocal(frame, p));
  const innerLocal = inner.map((p) => toLocal(frame, p));
  const outerSplit = splitAtCorners(outerLocal, 0, rightIndex);
  const innerEnds = extremeIndices(innerLocal);
  const innerSplit = splitAtCorners(innerLocal, innerEnds.left, innerEnds.right);

  const innerUpper = makeChain(innerLocal, innerSplit.upper);
  const innerLower = makeChain(innerLocal, innerSplit.lower);
  const outerUpper = makeChain(outerLocal, outerSplit.upper);
  const outerLower = makeChain(outerLocal, outerSplit.lower);

  const upperV = chainAt(innerUpper, 0);
  const lowerV = Math.max(upperV, chainAt(innerLower, 0));
  const membership = (n: number, upper: number[]): boolean[] => {
    const flags = new Array<boolean>(n).fill(false);
    for (const i of upper) flags[i] = true;
    return flags;
  };

  return {
    contours,
    frame,
    leftCorner,
    rightCorner,
    width,
    opening: lowerV - upperV,
    innerUpperMid: toImage(frame, 0, upperV),
    innerLowerMid: toImage(frame, 0, lowerV),
    upperLipThickness: Math.max(0, upperV - chainAt(outerUpper, 0)),
    lowerLipThickness: Math.max(0, chainAt(outerLower, 0) - lowerV),
    outerLocal,
    innerLocal,
    outerIsUpper: membership(outer.length, outerSplit.upper),
    innerIsUpper: membership(inner.length, innerSplit.upper),
    innerUpper,
    innerLower,
    outerUpper,
    outerLower,
    innerMinU: innerLocal[innerEnds.left].x,
    innerMaxU: innerLocal[innerEnds.right].x,
  };
}

/** The target mouth: the source contours moved point for point, plus what painting the open mouth needs. */
export interface TargetMouth {
  contours: MouthContours;
  /** The source's frame: the target shares its centre and axis. */
  frame: MouthFrame;
  innerUpper: LipChain;
  innerLower: LipChain;
  innerMinU: number;
  innerMaxU: number;
  /** Inner-lip gap at the centre, pixels. */
  opening: number;
  /** The requested shape, clamped to its ranges. */
  shape: MouthShape;
}

const clamp = (x: number, lo: number, hi: number): number => (x < lo ? lo : x > hi ? hi : x);

export function clampShape(shape: MouthShape): MouthShape {
  return {
    opening: clamp(Number.isFinite(shape.opening) ? shape.opening : 0, 0, 1),
    width: clamp(Number.isFinite(shape.width) ? shape.width : 0, -0.2, 0.2),
    rounding: clamp(Number.isFinite(shape.rounding) ? shape.rounding : 0, 0, 1),
  };
}

/**
 * The same mouth posed as `shape` asks. The opening is absolute (measured from the lips' own line, not added
 * to the reference's current opening), so a talking reference's mouth motion is replaced.
 */
export function targetMouth(
  source: MouthGeometry,
  requested: MouthShape,
  options: MouthShapeOptions = {},
): TargetMouth {
  const o = { ...MOUTH_SHAPE_DEFAULTS, ...options };
  const shape = clampShape(requested);
  const width = source.width;
  const targetGapAtCentre = shape.opening * o.maxOpening * width;
  const innerCentre = (source.innerMinU + source.innerMaxU) / 2;
  const innerHalf = Math.max(1e-6, (source.innerMaxU - source.innerMinU) / 2);
  // Rounder lips open rounder: a smaller exponent gives a fuller (more elliptic) opening.
  const exponent = 0.7 - 0.3 * shape.rounding;
  const spread = (1 + shape.width) * (1 - o.roundingPull * shape.rounding);
  const innerSpread = spread * (1 - 0.12 * shape.rounding);

  // Change of the inner gap at u: target gap minus the measured one, zero past the inner corners.
  const gapChange = (u: number): number => {
    const t = (u - innerCentre) / innerHalf;
    if (t <= -1 || t >= 1) return 0;
    const target = targetGapAtCentre * Math.pow(1 - t * t, exponent);
    const measured = Math.max(0, chainAt(source.innerLower, u) - chainAt(source.innerUpper, u));
    return target - measured;
  };
  const move = (p: Point, isUpper: boolean, uScale: number, pout: number): Point => {
    const change = gapChange(p.x);
    const dv = isUpper ? -o.upperLipShare * change - pout : (1 - o.upperLipShare) * change + pout;
    return { x: p.x * uScale, y: p.y + dv };
  };

  const outerHalf = width / 2;
  const outerLocal = source.outerLocal.map((p, i) => {
    const t = clamp(p.x / outerHalf, -1, 1);
    const pout = o.roundingPout * width * shape.rounding * (1 - t * t);
    return move(p, source.outerIsUpper[i], spread, pout);
  });
  const innerLocal = source.innerLocal.map((p, i) => move(p, source.innerIsUpper[i], innerSpread, 0));

  const chainOf = (flags: boolean[], wantUpper: boolean): LipChain => {
    const indices: number[] = [];
    for (let i = 0; i < flags.length; i++) if (flags[i] === wantUpper) indices.push(i);
    // The corners belong to both chains: add the extremes to the lower one as well.
    let left = 0;
    let right = 0;
    for (let i = 1; i < innerLocal.length; i++) {
      if (innerLocal[i].x < innerLocal[left].x) left = i;
      if (innerLocal[i].x > innerLocal[right].x) right = i;
    }
    if (!wantUpper) indices.push(left, right);
    return makeChain(innerLocal, [...new Set(indices)]);
  };
  const innerUpper = chainOf(source.innerIsUpper, true);
  const innerLower = chainOf(source.innerIsUpper, false);
  const innerMinU = Math.min(...innerLocal.map((p) => p.x));
  const innerMaxU = Math.max(...innerLocal.map((p) => p.x));
  const centreU = (innerMinU + innerMaxU) / 2;

  return {
    contours: {
      outer: outerLocal.map((p) => toImage(source.frame, p.x, p.y)),
      inner: innerLocal.map((p) => toImage(source.frame, p.x, p.y)),
    },
    frame: source.frame,
    innerUpper,
    innerLower,
    innerMinU,
    innerMaxU,
    opening: Math.max(0, chainAt(innerLower, centreU) - chainAt(innerUpper, centreU)),
    shape,
  };
}

/**
 * The frame region the lip-sync touches: about 1.7 mouth widths wide, with more room below the lips
 * than above so a dropping jaw stretches the chin instead of folding it.
 */
export function mouthBox(source: MouthGeometry, frameWidth: number, frameHeight: number): PixelBox {
  const { centre } = source.frame;
  const w = source.width;
  const halfWidth = 0.85 * w;
  const above = 0.6 * w;
  const below = 0.95 * w;
  return clampBox(
    { x: centre.x - halfWidth, y: centre.y - above, width: 2 * halfWidth, height: above + below },
    frameWidth,
    frameHeight,
  );
}
