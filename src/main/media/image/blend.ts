// Puts a processed box back into its frame through a feathered mask, so no seam shows at the box edge.
import type { PixelBox, RgbImage } from './rgb-image.js';

/**
 * Box-sized alpha (0..1, row-major) that is 1 in the middle and falls smoothly to 0 at the box edge over
 * `feather` x the box's shorter side.
 */
export function featherMask(width: number, height: number, feather = 0.16): Float32Array {
  const mask = new Float32Array(width * height);
  const ramp = Math.max(1, feather * Math.min(width, height));
  for (let row = 0; row < height; row++) {
    const dy = Math.min(row + 0.5, height - row - 0.5);
    for (let col = 0; col < width; col++) {
      const d = Math.min(dy, col + 0.5, width - col - 0.5);
      const t = d >= ramp ? 1 : d / ramp;
      mask[row * width + col] = t * t * (3 - 2 * t);
    }
  }
  return mask;
}

/**
 * Mixes `patch` (the box's new pixels) into `frame` in place: frame = frame * (1 - alpha) + patch * alpha.
 * Pixels outside the box are never written.
 */
export function blendPatch(frame: RgbImage, patch: RgbImage, box: PixelBox, alpha: Float32Array): void {
  if (patch.width !== box.width || patch.height !== box.height) {
    throw new Error(`The patch is ${patch.width}x${patch.height} but its box is ${box.width}x${box.height}.`);
  }
  if (box.x < 0 || box.y < 0 || box.x + box.width > frame.width || box.y + box.height > frame.height) {
    throw new Error('The blend box reaches outside the frame.');
  }
  const out = frame.data;
  const src = patch.data;
  for (let row = 0; row < box.height; row++) {
    let f = ((box.y + row) * frame.width + box.x) * 3;
    let p = row * box.width * 3;
    let m = row * box.width;
    for (let col = 0; col < box.width; col++, f += 3, p += 3, m++) {
      const a = alpha[m];
      if (a <= 0) continue;
      for (let c = 0; c < 3; c++) out[f + c] = out[f + c] + (src[p + c] - out[f + c]) * a + 0.5;
    }
  }
}
