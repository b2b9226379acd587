// Rectangle arithmetic on pixel boxes, for the text finder, the tile planner and the line grouping alike.
import type { PixelBox } from './rgb-image.js';

/** The smallest box holding every one of `boxes` (at least one). */
export function unionBox(boxes: readonly PixelBox[]): PixelBox {
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Where `a` and `b` overlap; a width or height of zero or less when they do not. */
export function boxIntersection(a: PixelBox, b: PixelBox): PixelBox {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
}

/** `a` and `b` share at least one pixel. */
export function boxesIntersect(a: PixelBox, b: PixelBox): boolean {
  const overlap = boxIntersection(a, b);
  return overlap.width > 0 && overlap.height > 0;
}
