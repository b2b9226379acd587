// Filled polygons on a pixel grid: which pixels of a box a closed contour (e.g. the lips) covers.
import type { PixelBox, Point } from './rgb-image.js';

/** Even-odd test of a point against a closed polygon (the last point joins the first). */
export function pointInPolygon(polygon: readonly Point[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/**
 * A box-sized mask (row-major, 1 = pixel centre inside the polygon), filled scanline by scanline
 * so the cost is rows x edges, not pixels x edges.
 */
export function rasterizePolygon(polygon: readonly Point[], box: PixelBox, into?: Uint8Array): Uint8Array {
  const mask = into ?? new Uint8Array(box.width * box.height);
  mask.fill(0);
  const crossings: number[] = [];
  for (let row = 0; row < box.height; row++) {
    const y = box.y + row;
    crossings.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const a = polygon[i];
      const b = polygon[j];
      if (a.y > y !== b.y > y) crossings.push(((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x);
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      // Pixel centres x with crossings[k] <= x < crossings[k+1].
      const from = Math.max(0, Math.ceil(crossings[k] - box.x));
      const to = Math.min(box.width, Math.ceil(crossings[k + 1] - box.x));
      if (to > from) mask.fill(1, row * box.width + from, row * box.width + to);
    }
  }
  return mask;
}
