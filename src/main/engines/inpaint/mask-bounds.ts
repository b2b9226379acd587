import type { PixelBox } from '../../media/image/rgb-image.js';
import type { InpaintMask } from './types.js';

/** The mask's marked pixels' bounds, or undefined when none is marked. */
export function maskBounds(mask: InpaintMask): PixelBox | undefined {
  if (mask.bounds) return mask.bounds.width > 0 && mask.bounds.height > 0 ? mask.bounds : undefined;
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[row + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}
