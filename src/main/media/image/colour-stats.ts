import type { PixelBox, RgbImage } from './rgb-image.js';

export interface ColourStats {
  /** Mean R, G, B (0..255). */
  mean: [number, number, number];
  /** Rec. 601 luma of the mean colour. */
  luma: number;
  /** Pixels that were counted. */
  count: number;
}

export function luma(r: number, g: number, b: number): number {
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

/**
 * Mean colour of the box's pixels whose mask byte equals `label` (mask is box-sized, row-major).
 * `step` > 1 reads every step-th row and column: a mean over a lip region does not need every pixel.
 */
export function maskedColourStats(
  image: RgbImage,
  box: PixelBox,
  mask: Uint8Array,
  label: number,
  step = 1,
): ColourStats {
  let r = 0;
  let g = 0;
  let b = 0;
  let count = 0;
  for (let row = 0; row < box.height; row += step) {
    const imageRow = (box.y + row) * image.width + box.x;
    for (let col = 0; col < box.width; col += step) {
      if (mask[row * box.width + col] !== label) continue;
      const i = (imageRow + col) * 3;
      r += image.data[i];
      g += image.data[i + 1];
      b += image.data[i + 2];
      count++;
    }
  }
  if (count === 0) return { mean: [0, 0, 0], luma: 0, count: 0 };
  const mean: [number, number, number] = [r / count, g / count, b / count];
  return { mean, luma: luma(mean[0], mean[1], mean[2]), count };
}
