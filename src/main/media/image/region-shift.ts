// How far a region of a grey picture moved between two frames, to a hundredth of a pixel: Lucas-Kanade for a pure
// translation. It follows a face between frames more steadily than landmarks detected on each frame alone.
import type { PixelBox } from './rgb-image.js';

export interface GreyFrame {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * The shift (dx, dy) that moves `box` of `previous` onto `next`: Gauss-Newton steps from `start` (a guess, e.g. from
 * landmarks; small motion needs none). Null when the region has no texture to follow or leaves the picture.
 */
export function regionShift(
  previous: GreyFrame,
  next: GreyFrame,
  box: PixelBox,
  start = { dx: 0, dy: 0 },
  steps = 4,
): { dx: number; dy: number } | null {
  const { width, height } = previous;
  let { dx, dy } = start;
  for (let step = 0; step < steps; step++) {
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    let sxt = 0;
    let syt = 0;
    let used = 0;
    // Whole pixels of the box (a box may come with fractional edges).
    for (let y = Math.max(1, Math.ceil(box.y)); y < Math.min(height - 1, Math.floor(box.y + box.height)); y++) {
      for (let x = Math.max(1, Math.ceil(box.x)); x < Math.min(width - 1, Math.floor(box.x + box.width)); x++) {
        // The next frame sampled where this pixel is believed to have moved (bilinear); pixels that leave it are skipped.
        const sx = x + dx;
        const sy = y + dy;
        if (sx < 0 || sy < 0 || sx > width - 2 || sy > height - 2) continue;
        const i = y * width + x;
        const ix = (previous.data[i + 1]! - previous.data[i - 1]!) / 2;
        const iy = (previous.data[i + width]! - previous.data[i - width]!) / 2;
        const x0 = Math.floor(sx);
        const y0 = Math.floor(sy);
        const fx = sx - x0;
        const fy = sy - y0;
        const j = y0 * width + x0;
        const moved =
          (next.data[j]! * (1 - fx) + next.data[j + 1]! * fx) * (1 - fy) +
          (next.data[j + width]! * (1 - fx) + next.data[j + width + 1]! * fx) * fy;
        const it = moved - previous.data[i]!;
        sxx += ix * ix;
        sxy += ix * iy;
        syy += iy * iy;
        sxt += ix * it;
        syt += iy * it;
        used++;
      }
    }
    const det = sxx * syy - sxy * sxy;
    // A flat or one-directional region (a wall, a single edge) cannot say where it went.
    if (used < 16 || !(det > 1e-6 * used * used)) return null;
    const stepX = -(syy * sxt - sxy * syt) / det;
    const stepY = -(sxx * syt - sxy * sxt) / det;
    dx += stepX;
    dy += stepY;
    if (Math.abs(stepX) < 0.005 && Math.abs(stepY) < 0.005) break;
  }
  return { dx, dy };
}
