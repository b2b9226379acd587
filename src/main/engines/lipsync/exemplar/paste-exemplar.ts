// Puts a bank mouth into a frame: the stored patch is mapped from the face frame onto the face underneath, its
// colour matched to the skin around it, and blended through a feathered ellipse around the mouth and jaw.
import { sampleBilinearRgb } from '../../../media/image/bilinear.js';
import type { PixelBox, RgbImage } from '../../../media/image/rgb-image.js';
import { toFace, toImage, type FaceFrame } from './face-frame.js';
import { PATCH_REGION, type MouthBankIndex } from './mouth-bank.js';

/** Inside this share of the ellipse's radius the new mouth is pasted whole; beyond it, it fades into the frame. */
const SOLID_RADIUS = 0.62;
/** Skin colour is matched within these limits, so a dark beard or a shadow never turns the mouth grey. */
const MIN_GAIN = 0.8;
const MAX_GAIN = 1.25;

export interface WeightedPatch {
  patch: RgbImage;
  weight: number;
}

/**
 * The pasted ellipse in face units: the mouth and the jaw that moves with it (speech moves the chin too), from the
 * nostrils to below the chin. Both lips lie well inside its solid part: an upper lip in the fade would show the one
 * underneath as a ghost.
 */
export function pasteEllipse(bank: Pick<MouthBankIndex, 'mouth'>): { u: number; v: number; a: number; b: number } {
  const { u, v, width } = bank.mouth;
  return { u, v: v + 0.15 * width, a: 0.85 * width, b: 0.85 * width };
}

function smoothstep(t: number): number {
  const c = t < 0 ? 0 : t > 1 ? 1 : t;
  return c * c * (3 - 2 * c);
}

/** The frame pixels the ellipse can touch. */
function ellipseBox(
  face: FaceFrame,
  ellipse: ReturnType<typeof pasteEllipse>,
  width: number,
  height: number,
): PixelBox | null {
  const corners = [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ].map(([su, sv]) => toImage(face, ellipse.u + su! * ellipse.a, ellipse.v + sv! * ellipse.b));
  const x0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.x))));
  const y0 = Math.max(0, Math.floor(Math.min(...corners.map((p) => p.y))));
  const x1 = Math.min(width, Math.ceil(Math.max(...corners.map((p) => p.x))) + 1);
  const y1 = Math.min(height, Math.ceil(Math.max(...corners.map((p) => p.y))) + 1);
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}

/**
 * Blends the weighted patches (one, or two while cross-fading) into `frame` over the face `face`. Returns the box
 * it wrote, or null when the mouth lies outside the frame.
 */
export function pasteExemplar(
  frame: RgbImage,
  face: FaceFrame,
  bank: Pick<MouthBankIndex, 'mouth' | 'pixelsPerUnit'>,
  patches: readonly WeightedPatch[],
): PixelBox | null {
  const ellipse = pasteEllipse(bank);
  const box = ellipseBox(face, ellipse, frame.width, frame.height);
  if (!box || patches.length === 0) return null;
  const { pixelsPerUnit } = bank;
  const sample = new Float32Array(3);
  const mixed = new Float32Array(box.width * box.height * 3);
  const alpha = new Float32Array(box.width * box.height);
  // Skin around the mouth, as the frame shows it and as the patch shows it, over the feathered ring.
  const frameSum = [0, 0, 0];
  const patchSum = [0, 0, 0];
  const totalWeight = patches.reduce((sum, p) => sum + p.weight, 0);
  for (let row = 0; row < box.height; row++) {
    for (let col = 0; col < box.width; col++) {
      const x = box.x + col;
      const y = box.y + row;
      const point = toFace(face, { x: x + 0.5, y: y + 0.5 });
      const r = Math.hypot((point.x - ellipse.u) / ellipse.a, (point.y - ellipse.v) / ellipse.b);
      if (r >= 1) continue;
      const m = row * box.width + col;
      alpha[m] = 1 - smoothstep((r - SOLID_RADIUS) / (1 - SOLID_RADIUS));
      const px = (point.x - PATCH_REGION.minU) * pixelsPerUnit - 0.5;
      const py = (point.y - PATCH_REGION.minV) * pixelsPerUnit - 0.5;
      for (const { patch, weight } of patches) {
        sampleBilinearRgb(patch, px, py, sample, 0);
        for (let c = 0; c < 3; c++) mixed[m * 3 + c] += (sample[c]! * weight) / totalWeight;
      }
      if (r > SOLID_RADIUS) {
        const f = (y * frame.width + x) * 3;
        for (let c = 0; c < 3; c++) {
          frameSum[c] += frame.data[f + c]!;
          patchSum[c] += mixed[m * 3 + c]!;
        }
      }
    }
  }
  const gain = [0, 1, 2].map((c) =>
    patchSum[c]! > 0 ? Math.min(MAX_GAIN, Math.max(MIN_GAIN, frameSum[c]! / patchSum[c]!)) : 1,
  );
  for (let row = 0; row < box.height; row++) {
    let f = ((box.y + row) * frame.width + box.x) * 3;
    for (let col = 0; col < box.width; col++, f += 3) {
      const m = row * box.width + col;
      const a = alpha[m]!;
      if (a <= 0) continue;
      for (let c = 0; c < 3; c++) {
        const value = Math.min(255, mixed[m * 3 + c]! * gain[c]!);
        frame.data[f + c] = frame.data[f + c]! + (value - frame.data[f + c]!) * a + 0.5;
      }
    }
  }
  return box;
}
