// A reference whose mouth is open shows the person's own teeth: open shapes reuse them instead of a painted mouth.
// The upper teeth move with the upper lip and the lower ones with the jaw, as they do when someone speaks; what
// opens between them is a dark cavity. A closing mouth squeezes its interior until the lips seal it.
import { sampleBilinearRgb } from '../../../media/image/bilinear.js';
import type { PixelBox, RgbImage } from '../../../media/image/rgb-image.js';
import { chainAt, toImage, toLocal, type MouthGeometry, type TargetMouth } from '../mouth-shape.js';
import type { MouthPalette, WarpSource } from './warp-inputs.js';

/** Fewer opening pixels than this is a lip line the detector drew apart, not an open mouth. */
const MIN_PIXELS = 24;

/** Shares of the opening (pixels labelled `label` in the box) that look like teeth (bright, nearly grey) and cavity (dark). */
export function measureInterior(
  frame: RgbImage,
  box: PixelBox,
  labels: Uint8Array,
  label: number,
  lipLuma: number,
): MouthPalette['interior'] {
  let inside = 0;
  let teeth = 0;
  let cavity = 0;
  for (let row = 0; row < box.height; row++) {
    for (let col = 0; col < box.width; col++) {
      if (labels[row * box.width + col] !== label) continue;
      inside++;
      const i = ((box.y + row) * frame.width + box.x + col) * 3;
      const r = frame.data[i]!;
      const g = frame.data[i + 1]!;
      const b = frame.data[i + 2]!;
      const y = 0.299 * r + 0.587 * g + 0.114 * b;
      const max = Math.max(r, g, b);
      if (y > lipLuma + 40 && max > 0 && (max - Math.min(r, g, b)) / max < 0.3) teeth++;
      else if (y < 0.5 * lipLuma) cavity++;
    }
  }
  return inside < MIN_PIXELS ? { teeth: 0, cavity: 0 } : { teeth: teeth / inside, cavity: cavity / inside };
}

/**
 * Whether the reference's own mouth shows its teeth or a real cavity. Dark lipstick with a shadowed lip line is not
 * an opening: a cavity counts only where the lips are measured well apart.
 */
export function showsOwnInterior(palette: MouthPalette, source: Pick<MouthGeometry, 'opening' | 'width'>): boolean {
  return palette.interior.teeth >= 0.2 || (palette.interior.cavity >= 0.5 && source.opening >= 0.2 * source.width);
}

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

/**
 * Fills the target's opening in `patch` (the box's pixels) from the source's opening in `frame` (or in the picture a
 * moved frame was made from): along the lips by the inner corners, across them by distance from each lip; the height
 * the source does not have is cavity.
 */
export function fillOwnInterior(
  patch: RgbImage,
  box: PixelBox,
  frame: RgbImage,
  source: MouthGeometry,
  target: TargetMouth,
  palette: MouthPalette,
  original?: WarpSource,
): void {
  const lip = palette.lip;
  // The cavity's tones, as the painted mouth uses them: lip-tinted near the teeth, darkest at the back.
  const edge = [lip[0] * 0.48, lip[1] * 0.36, lip[2] * 0.38];
  const back = [lip[0] * 0.2, lip[1] * 0.12, lip[2] * 0.13];
  const sourceSpan = Math.max(1e-3, source.innerMaxU - source.innerMinU);
  const targetSpan = Math.max(1e-3, target.innerMaxU - target.innerMinU);
  const xs = target.contours.inner.map((p) => p.x);
  const ys = target.contours.inner.map((p) => p.y);
  const colFrom = Math.max(0, Math.floor(Math.min(...xs)) - 1 - box.x);
  const colTo = Math.min(box.width - 1, Math.ceil(Math.max(...xs)) + 1 - box.x);
  const rowFrom = Math.max(0, Math.floor(Math.min(...ys)) - 1 - box.y);
  const rowTo = Math.min(box.height - 1, Math.ceil(Math.max(...ys)) + 1 - box.y);
  const sample = new Float32Array(3);
  const position = new Float64Array(2);
  const out = patch.data;
  for (let row = rowFrom; row <= rowTo; row++) {
    for (let col = colFrom; col <= colTo; col++) {
      const { x: u, y: v } = toLocal(target.frame, { x: box.x + col, y: box.y + row });
      if (u <= target.innerMinU || u >= target.innerMaxU) continue;
      const up = chainAt(target.innerUpper, u);
      const lo = chainAt(target.innerLower, u);
      // Exact share of the pixel's height between the lips: antialiased edges, and 0 where they meet.
      const coverage = clamp01(Math.min(v + 0.5, lo) - Math.max(v - 0.5, up));
      if (coverage <= 0) continue;
      const us = source.innerMinU + ((u - target.innerMinU) / targetSpan) * sourceSpan;
      const sourceUp = chainAt(source.innerUpper, us);
      const sourceHeight = Math.max(0, chainAt(source.innerLower, us) - sourceUp);
      const height = lo - up;
      let vs: number;
      let cavity = 0;
      let depth = 0;
      if (height <= sourceHeight) {
        vs = sourceUp + ((v - up) / Math.max(1e-3, height)) * sourceHeight;
      } else {
        const half = sourceHeight / 2;
        const fromUpper = v - up;
        const fromLower = lo - v;
        vs =
          fromUpper < fromLower
            ? sourceUp + Math.min(fromUpper, half)
            : sourceUp + sourceHeight - Math.min(fromLower, half);
        // Past the teeth each lip carries, the mouth is open: dark, with a one-pixel fade.
        cavity = clamp01(Math.min(fromUpper, fromLower) - half + 0.5);
        depth = clamp01((Math.min(fromUpper, fromLower) - half) / Math.max(0.5, (height - sourceHeight) / 2));
      }
      const at = toImage(source.frame, us, vs);
      if (original) {
        // A moved frame: the teeth are read once, from the picture it was made from.
        original.toSource(at.x, at.y, position);
        sampleBilinearRgb(original.image, position[0]!, position[1]!, sample, 0);
      } else {
        sampleBilinearRgb(frame, at.x, at.y, sample, 0);
      }
      const i = (row * box.width + col) * 3;
      for (let c = 0; c < 3; c++) {
        const dark = edge[c]! + (back[c]! - edge[c]!) * (depth * depth * (3 - 2 * depth));
        const colour = sample[c]! + (dark - sample[c]!) * cavity;
        const mixed = out[i + c]! + (colour - out[i + c]!) * coverage + 0.5;
        out[i + c] = mixed > 255 ? 255 : mixed;
      }
    }
  }
}
