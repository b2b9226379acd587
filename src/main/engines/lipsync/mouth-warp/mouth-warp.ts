// Re-poses the mouth in one frame: a smooth displacement field moves the measured lips onto the target lips,
// the open mouth is painted (cavity, upper teeth, tongue) in colours taken from the lips and skin, and the
// box is blended back. Only the mouth box is read and written.
import { sampleBilinearRgb } from '../../../media/image/bilinear.js';
import { maskedColourStats } from '../../../media/image/colour-stats.js';
import { rasterizePolygon } from '../../../media/image/polygon.js';
import { createRgbImage, type PixelBox, type Point, type RgbImage } from '../../../media/image/rgb-image.js';
import { fitThinPlateSpline } from '../../../media/image/thin-plate-spline.js';
import { blendPatch, featherMask } from '../../../media/image/blend.js';
import { fillOwnInterior, measureInterior, showsOwnInterior } from './own-interior.js';
import type { MouthPalette, WarpSource } from './warp-inputs.js';
import {
  chainAt,
  describeMouth,
  mouthBox,
  targetMouth,
  toImage,
  toLocal,
  type LipChain,
  type MouthContours,
  type MouthFrame,
  type MouthGeometry,
  type MouthShape,
  type MouthShapeOptions,
  type TargetMouth,
} from '../mouth-shape.js';

export interface MouthWarpOptions extends MouthShapeOptions {
  /**
   * The field is computed exactly every gridStep pixels and interpolated between (5: 25x cheaper, differences of a
   * few levels at the lip edges only).
   */
  gridStep?: number;
  /** Fixed (zero-motion) anchors on each side of the box. */
  anchorsPerSide?: number;
  /** Blend ramp as a fraction of the box's shorter side. */
  feather?: number;
  /** Use this region instead of the one derived from the mouth (e.g. one held steady across frames). */
  box?: PixelBox;
  /**
   * Where the frame's pixels came from, for a frame already moved (a photo's sway): moved samples are then read from
   * that earlier picture through `toSource`, so the mouth is resampled once, never a resampled frame again.
   */
  source?: WarpSource;
}

type Rgb = [number, number, number];

/** Mean colours of the lips (between the outer and inner contour) and of the skin around them. */
export function measureMouthColours(frame: RgbImage, box: PixelBox, mouth: MouthContours): MouthPalette {
  const outer = rasterizePolygon(mouth.outer, box);
  const inner = rasterizePolygon(mouth.inner, box);
  // Labels: 0 skin, 1 lips, 2 mouth opening.
  for (let i = 0; i < outer.length; i++) outer[i] = outer[i] ? (inner[i] ? 2 : 1) : 0;
  const lips = maskedColourStats(frame, box, outer, 1, 2);
  const skin = maskedColourStats(frame, box, outer, 0, 3);
  const skinMean: Rgb = skin.count > 0 ? skin.mean : lips.count > 0 ? lips.mean : [180, 130, 110];
  const lip: Rgb = lips.count > 0 ? lips.mean : [skinMean[0] * 0.9, skinMean[1] * 0.65, skinMean[2] * 0.65];
  const interior = measureInterior(frame, box, outer, 2, 0.299 * lip[0] + 0.587 * lip[1] + 0.114 * lip[2]);
  return { lip, skin: skinMean, skinLuma: 0.299 * skinMean[0] + 0.587 * skinMean[1] + 0.114 * skinMean[2], interior };
}

/**
 * The box's pixels after moving the image content at each `from` point to the matching `to` point, by a
 * thin-plate spline through those pairs plus fixed anchors on the box border (so the border does not move),
 * applied by backward mapping with bilinear sampling from the whole frame.
 */
export function warpMouthBox(
  frame: RgbImage,
  box: PixelBox,
  from: readonly Point[],
  to: readonly Point[],
  options: Pick<MouthWarpOptions, 'gridStep' | 'anchorsPerSide' | 'source'> & { seal?: LipSeal } = {},
): RgbImage {
  if (from.length !== to.length) throw new Error(`Warp needs matching point lists (${from.length} vs ${to.length}).`);
  const step = Math.max(1, Math.round(options.gridStep ?? 5));
  const patch = createRgbImage(box.width, box.height);
  if (box.width === 0 || box.height === 0) return patch;

  const { sites, values } = warpControls(box, from, to, options.anchorsPerSide ?? 5);
  const spline = fitThinPlateSpline(sites, values, { smoothing: 1e-6 });

  // The field on a coarse grid; the grid covers the box with one node at or past its last pixel.
  const gridCols = Math.ceil((box.width - 1) / step) + 1;
  const gridRows = Math.ceil((box.height - 1) / step) + 1;
  const fieldX = new Float32Array(gridCols * gridRows);
  const fieldY = new Float32Array(gridCols * gridRows);
  const value = new Float64Array(2);
  for (let gy = 0; gy < gridRows; gy++) {
    for (let gx = 0; gx < gridCols; gx++) {
      spline.evaluate(box.x + gx * step, box.y + gy * step, value);
      fieldX[gy * gridCols + gx] = value[0];
      fieldY[gy * gridCols + gx] = value[1];
    }
  }

  const seal = options.seal;
  const sealBox = seal ? sealRegion(seal, box) : undefined;
  const sample = new Float64Array(2);
  // Per column: which grid cells it falls between and how far (the same for every row).
  const lastCell = Math.max(0, gridCols - 2);
  const colCell = new Int32Array(box.width);
  const colFrac = new Float32Array(box.width);
  for (let col = 0; col < box.width; col++) {
    colCell[col] = Math.min(Math.floor(col / step), lastCell);
    colFrac[col] = gridCols > 1 ? col / step - colCell[col] : 0;
  }
  const lineX = new Float32Array(gridCols);
  const lineY = new Float32Array(gridCols);
  const { data: source, width: frameWidth, height: frameHeight } = frame;
  const out = patch.data;
  for (let row = 0; row < box.height; row++) {
    const gy0 = Math.min(Math.floor(row / step), Math.max(0, gridRows - 2));
    const gy1 = gridRows > 1 ? gy0 + 1 : gy0;
    const fy = gridRows > 1 ? row / step - gy0 : 0;
    // The field along this row at the grid columns, then linearly between them.
    for (let g = 0; g < gridCols; g++) {
      lineX[g] = fieldX[gy0 * gridCols + g] * (1 - fy) + fieldX[gy1 * gridCols + g] * fy;
      lineY[g] = fieldY[gy0 * gridCols + g] * (1 - fy) + fieldY[gy1 * gridCols + g] * fy;
    }
    const y = box.y + row;
    const sealRow = sealBox !== undefined && row >= sealBox.y && row < sealBox.y + sealBox.height;
    for (let col = 0; col < box.width; col++) {
      const g = colCell[col];
      const fx = colFrac[col];
      const g1 = gridCols > 1 ? g + 1 : g;
      const x = box.x + col;
      let sx = x + lineX[g] + (lineX[g1] - lineX[g]) * fx;
      let sy = y + lineY[g] + (lineY[g1] - lineY[g]) * fx;
      if (sealRow && seal && col >= sealBox!.x && col < sealBox!.x + sealBox!.width) {
        sample[0] = sx;
        sample[1] = sy;
        sealSample(seal, x, y, sample);
        sx = sample[0];
        sy = sample[1];
      }
      const o = (row * box.width + col) * 3;
      if (options.source && (Math.abs(sx - x) >= 1 / 512 || Math.abs(sy - y) >= 1 / 512)) {
        // A moved pixel of a moved frame: read once from the picture the frame was made from.
        options.source.toSource(sx, sy, sample);
        sampleBilinearRgb(options.source.image, sample[0], sample[1], out, o);
        continue;
      }
      if (Math.abs(sx - x) < 1 / 512 && Math.abs(sy - y) < 1 / 512) {
        // Where the field is ~0 copying is exact and cheaper than interpolating.
        const i = (y * frameWidth + x) * 3;
        out[o] = source[i];
        out[o + 1] = source[i + 1];
        out[o + 2] = source[i + 2];
      } else if (sx >= 0 && sy >= 0 && sx < frameWidth - 1 && sy < frameHeight - 1) {
        // The common case inlined: all four neighbours exist.
        const x0 = sx | 0;
        const y0 = sy | 0;
        const ax = sx - x0;
        const ay = sy - y0;
        const i00 = (y0 * frameWidth + x0) * 3;
        const i01 = i00 + frameWidth * 3;
        for (let c = 0; c < 3; c++) {
          const top = source[i00 + c] + (source[i00 + 3 + c] - source[i00 + c]) * ax;
          const bottom = source[i01 + c] + (source[i01 + 3 + c] - source[i01 + c]) * ax;
          out[o + c] = top + (bottom - top) * ay + 0.5;
        }
      } else {
        sampleBilinearRgb(frame, sx, sy, out, o);
      }
    }
  }
  return patch;
}

/** The inner lip edges of the source and the target, which keep lips from showing the old mouth opening. */
export interface LipSeal {
  /** Shared by source and target. */
  frame: MouthFrame;
  source: { upper: LipChain; lower: LipChain; minU: number; maxU: number };
  target: { upper: LipChain; lower: LipChain; minU: number; maxU: number };
}

export function lipSeal(source: MouthGeometry, target: TargetMouth): LipSeal {
  return {
    frame: source.frame,
    source: { upper: source.innerUpper, lower: source.innerLower, minU: source.innerMinU, maxU: source.innerMaxU },
    target: { upper: target.innerUpper, lower: target.innerLower, minU: target.innerMinU, maxU: target.innerMaxU },
  };
}

/** Box pixels whose sample may need sealing: around the lips' target contours (a margin for the smooth field). */
function sealRegion(seal: LipSeal, box: PixelBox): PixelBox {
  const { frame } = seal;
  const reach = Math.max(seal.source.maxU - seal.source.minU, seal.target.maxU - seal.target.minU);
  const minU = Math.min(seal.source.minU, seal.target.minU);
  const maxU = Math.max(seal.source.maxU, seal.target.maxU);
  const corners = [
    toImage(frame, minU, -reach / 2),
    toImage(frame, maxU, -reach / 2),
    toImage(frame, minU, reach / 2),
    toImage(frame, maxU, reach / 2),
  ];
  const x0 = Math.floor(Math.min(...corners.map((p) => p.x))) - box.x;
  const y0 = Math.floor(Math.min(...corners.map((p) => p.y))) - box.y;
  const x1 = Math.ceil(Math.max(...corners.map((p) => p.x))) - box.x;
  const y1 = Math.ceil(Math.max(...corners.map((p) => p.y))) - box.y;
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * A pixel on the target's lips must show lip, never the source's mouth opening (its teeth or dark gap, squeezed
 * when the mouth closes): such a sample moves onto the source lip edge on the pixel's side of the target lip line.
 */
function sealSample(seal: LipSeal, x: number, y: number, sample: Float64Array): void {
  const { frame, source, target } = seal;
  const { centre, axis, normal } = frame;
  // Source sample in mouth coordinates first: most samples are nowhere near the old opening.
  const sdx = sample[0] - centre.x;
  const sdy = sample[1] - centre.y;
  const su = sdx * axis.x + sdy * axis.y;
  if (su <= source.minU || su >= source.maxU) return;
  const sv = sdx * normal.x + sdy * normal.y;
  const sUp = chainAt(source.upper, su);
  const sLo = chainAt(source.lower, su);
  // Lips that already meet in the source have no opening to hide (their own lip line stays).
  if (sLo - sUp < 1 || !(sv > sUp && sv < sLo)) return;
  const pdx = x - centre.x;
  const pdy = y - centre.y;
  const pu = pdx * axis.x + pdy * axis.y;
  const pv = pdx * normal.x + pdy * normal.y;
  const tUp = chainAt(target.upper, pu);
  const tLo = chainAt(target.lower, pu);
  if (pu > target.minU && pu < target.maxU && pv > tUp && pv < tLo) return;
  const v = pv < (tUp + tLo) / 2 ? sUp - 1 : sLo + 1;
  sample[0] = centre.x + su * axis.x + v * normal.x;
  sample[1] = centre.y + su * axis.y + v * normal.y;
}

/** Spline sites at the target points with the offset back to the source, plus zero-motion border anchors. */
function warpControls(
  box: PixelBox,
  from: readonly Point[],
  to: readonly Point[],
  anchorsPerSide: number,
): { sites: Point[]; values: Point[] } {
  const sites: Point[] = [];
  const sums: Point[] = [];
  const counts: number[] = [];
  const x0 = box.x - 0.5;
  const y0 = box.y - 0.5;
  const x1 = box.x + box.width - 0.5;
  const y1 = box.y + box.height - 0.5;
  for (let i = 0; i < to.length; i++) {
    const t = to[i];
    // A lip point at (or past) the border would fight the anchors: the field is zero there by design.
    if (t.x <= x0 || t.x >= x1 || t.y <= y0 || t.y >= y1) continue;
    // Target points that coincide (lips meeting) become one site with their mean offset, else the system is singular.
    const near = sites.findIndex((s) => Math.abs(s.x - t.x) < 0.75 && Math.abs(s.y - t.y) < 0.75);
    const offset = { x: from[i].x - t.x, y: from[i].y - t.y };
    if (near >= 0) {
      sums[near].x += offset.x;
      sums[near].y += offset.y;
      counts[near]++;
    } else {
      sites.push({ x: t.x, y: t.y });
      sums.push(offset);
      counts.push(1);
    }
  }
  const values = sums.map((s, i) => ({ x: s.x / counts[i], y: s.y / counts[i] }));
  const perSide = Math.max(2, anchorsPerSide);
  for (let k = 0; k < perSide; k++) {
    const f = k / perSide;
    for (const p of [
      { x: x0 + f * (x1 - x0), y: y0 },
      { x: x1, y: y0 + f * (y1 - y0) },
      { x: x1 - f * (x1 - x0), y: y1 },
      { x: x0, y: y1 - f * (y1 - y0) },
    ]) {
      sites.push(p);
      values.push({ x: 0, y: 0 });
    }
  }
  return { sites, values };
}

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);
const smoothstep = (lo: number, hi: number, x: number): number => {
  const t = clamp01((x - lo) / (hi - lo));
  return t * t * (3 - 2 * t);
};
const scaled = (c: Rgb, k: readonly [number, number, number]): Rgb => [c[0] * k[0], c[1] * k[1], c[2] * k[2]];

/**
 * Paints the open mouth inside the target's inner lips into `patch` (the box's pixels): a cavity darker
 * towards the back, the upper teeth as a light band under the upper lip once the mouth is open enough, and
 * the tongue at the bottom, all tinted from the lip and skin colours. A closed target paints nothing.
 */
export function paintMouthInterior(
  patch: RgbImage,
  box: PixelBox,
  target: TargetMouth,
  palette: MouthPalette,
  mouthWidth: number,
): void {
  const gapAtCentre = target.opening;
  if (gapAtCentre < 0.25) return;
  const opening = target.shape.opening;
  const { frame, innerUpper, innerLower } = target;
  const centreU = (target.innerMinU + target.innerMaxU) / 2;
  const halfU = Math.max(1, (target.innerMaxU - target.innerMinU) / 2);

  const lipLight = palette.lip;
  const edge = scaled(lipLight, [0.48, 0.36, 0.38]);
  const back = scaled(lipLight, [0.2, 0.12, 0.13]);
  const tongue = scaled(lipLight, [0.78, 0.6, 0.62]);
  const light = Math.min(1.05, Math.max(0.45, palette.skinLuma / 175));
  const teeth: Rgb = [
    (0.82 * 240 + 0.18 * palette.skin[0]) * light,
    (0.82 * 234 + 0.18 * palette.skin[1]) * light,
    (0.82 * 218 + 0.18 * palette.skin[2]) * light,
  ];
  const teethVisible = smoothstep(0.12, 0.32, opening);
  const tongueVisible = 0.85 * smoothstep(0.3, 0.6, opening);
  const teethHeight = Math.min(0.42 * gapAtCentre, 0.11 * mouthWidth);
  const tongueHeight = 0.3 * gapAtCentre;

  // Pixels that can be inside the target inner contour.
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of target.contours.inner) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  const colFrom = Math.max(0, Math.floor(minX) - 1 - box.x);
  const colTo = Math.min(box.width - 1, Math.ceil(maxX) + 1 - box.x);
  const rowFrom = Math.max(0, Math.floor(minY) - 1 - box.y);
  const rowTo = Math.min(box.height - 1, Math.ceil(maxY) + 1 - box.y);

  const out = patch.data;
  const colour: Rgb = [0, 0, 0];
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let col = colFrom; col <= colTo; col++) {
      const local = toLocal(frame, { x: box.x + col, y: box.y + row });
      const u = local.x;
      const v = local.y;
      if (u <= target.innerMinU || u >= target.innerMaxU) continue;
      const up = chainAt(innerUpper, u);
      const lo = chainAt(innerLower, u);
      // Exact share of the pixel's height that lies between the lips: antialiased edges, and 0 when they meet.
      const coverage = clamp01(Math.min(v + 0.5, lo) - Math.max(v - 0.5, up));
      if (coverage <= 0) continue;
      const gap = lo - up;
      const fromTop = v - up;
      const s = Math.abs(u - centreU) / halfU;

      const depth = clamp01(Math.min(fromTop, lo - v) / Math.max(0.5, gap / 2));
      const darkness = smoothstep(0, 0.8, depth) * (1 - 0.3 * s * s);
      for (let c = 0; c < 3; c++) colour[c] = edge[c] + (back[c] - edge[c]) * darkness;

      if (tongueVisible > 0) {
        const top = lo - tongueHeight * Math.sqrt(Math.max(0, 1 - (s / 0.75) ** 2));
        const a = clamp01(v - top + 0.5) * tongueVisible * (top < lo ? 1 : 0);
        const shade = 0.8 + 0.2 * (1 - s);
        for (let c = 0; c < 3; c++) colour[c] += (tongue[c] * shade - colour[c]) * a;
      }
      if (teethVisible > 0) {
        const band = teethHeight * Math.sqrt(Math.max(0, 1 - (s / 0.8) ** 2));
        const a = clamp01(band - fromTop + 0.5) * clamp01(band) * teethVisible;
        // Darker towards the sides (they recede) and in the upper lip's shadow.
        // Faint gaps between the incisors: teeth about 9 % of the mouth width, narrower towards the sides.
        const toothPhase = (Math.abs(u - centreU) / (0.09 * mouthWidth)) ** 0.85;
        const seam = 1 - 0.14 * clamp01(1 - Math.abs(toothPhase - Math.round(toothPhase)) * 0.09 * mouthWidth);
        const shade = (1 - 0.45 * Math.min(1, s / 0.8) ** 2) * (0.7 + 0.3 * clamp01(fromTop / 2)) * seam;
        for (let c = 0; c < 3; c++) colour[c] += (teeth[c] * shade - colour[c]) * a;
      }

      const i = (row * box.width + col) * 3;
      for (let c = 0; c < 3; c++) {
        const mixed = out[i + c] + (colour[c] - out[i + c]) * coverage + 0.5;
        out[i + c] = mixed > 255 ? 255 : mixed;
      }
    }
  }
}

/**
 * Darkens the seam where the target's lips meet (gap under 2 px), for a source whose lips were apart: its own
 * lip line was sealed away, and lips pressed together still show one.
 */
export function paintLipLine(patch: RgbImage, box: PixelBox, target: TargetMouth, palette: MouthPalette): void {
  const { frame, innerUpper, innerLower } = target;
  const line = scaled(palette.lip, [0.45, 0.38, 0.4]);
  const ends = [toImage(frame, target.innerMinU, 0), toImage(frame, target.innerMaxU, 0)];
  const reach = 3 + Math.abs(chainAt(innerUpper, 0)) + Math.abs(chainAt(innerLower, 0));
  const colFrom = Math.max(0, Math.floor(Math.min(ends[0].x, ends[1].x)) - box.x);
  const colTo = Math.min(box.width - 1, Math.ceil(Math.max(ends[0].x, ends[1].x)) - box.x);
  const rowFrom = Math.max(0, Math.floor(Math.min(ends[0].y, ends[1].y) - reach) - box.y);
  const rowTo = Math.min(box.height - 1, Math.ceil(Math.max(ends[0].y, ends[1].y) + reach) - box.y);
  const out = patch.data;
  const halfU = Math.max(1, (target.innerMaxU - target.innerMinU) / 2);
  const centreU = (target.innerMinU + target.innerMaxU) / 2;
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let col = colFrom; col <= colTo; col++) {
      const local = toLocal(frame, { x: box.x + col, y: box.y + row });
      if (local.x <= target.innerMinU || local.x >= target.innerMaxU) continue;
      const up = chainAt(innerUpper, local.x);
      const lo = chainAt(innerLower, local.x);
      const gap = lo - up;
      if (gap >= 2) continue;
      const s = Math.abs(local.x - centreU) / halfU;
      // A line about 1.2 px wide, fading towards the corners and as the lips part into a painted opening.
      const a = 0.8 * clamp01(1 - Math.abs(local.y - (up + lo) / 2) / 1.2) * (1 - gap / 2) * (1 - 0.5 * s * s);
      if (a <= 0) continue;
      const i = (row * box.width + col) * 3;
      for (let c = 0; c < 3; c++) out[i + c] = out[i + c] + (line[c] - out[i + c]) * a + 0.5;
    }
  }
}

export interface ReshapedMouth {
  box: PixelBox;
  /** The box's new pixels (before blending). */
  patch: RgbImage;
  source: MouthGeometry;
  target: TargetMouth;
}

/** Warps the mouth from its measured contours to `shape` and paints its interior; the frame is not changed. */
export function reshapeMouth(
  frame: RgbImage,
  mouth: MouthContours,
  shape: MouthShape,
  options: MouthWarpOptions = {},
): ReshapedMouth {
  const source = describeMouth(mouth);
  const target = targetMouth(source, shape, options);
  const box = options.box ?? mouthBox(source, frame.width, frame.height);
  const patch = warpMouthBox(
    frame,
    box,
    [...mouth.outer, ...mouth.inner],
    [...target.contours.outer, ...target.contours.inner],
    {
      ...options,
      seal: lipSeal(source, target),
    },
  );
  if (box.width > 0 && box.height > 0) {
    const palette = measureMouthColours(frame, box, mouth);
    if (source.opening >= 1) paintLipLine(patch, box, target, palette);
    // The person's own teeth look like them: moved with their lips, dark between; a painted mouth only without them.
    if (showsOwnInterior(palette, source)) fillOwnInterior(patch, box, frame, source, target, palette, options.source);
    else paintMouthInterior(patch, box, target, palette, source.width);
  }
  return { box, patch, source, target };
}

let cachedMask: { width: number; height: number; feather: number; alpha: Float32Array } | undefined;

/** Lip-syncs one frame in place: reshapes the mouth and blends the box back. Returns the box it touched. */
export function applyMouthShape(
  frame: RgbImage,
  mouth: MouthContours,
  shape: MouthShape,
  options: MouthWarpOptions = {},
): ReshapedMouth {
  const reshaped = reshapeMouth(frame, mouth, shape, options);
  const { box } = reshaped;
  if (box.width === 0 || box.height === 0) return reshaped;
  const feather = options.feather ?? 0.16;
  // Boxes keep their size from frame to frame, so the mask is usually the last one.
  if (
    !cachedMask ||
    cachedMask.width !== box.width ||
    cachedMask.height !== box.height ||
    cachedMask.feather !== feather
  ) {
    cachedMask = { width: box.width, height: box.height, feather, alpha: featherMask(box.width, box.height, feather) };
  }
  blendPatch(frame, reshaped.patch, box, cachedMask.alpha);
  return reshaped;
}
