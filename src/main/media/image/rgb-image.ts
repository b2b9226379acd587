// Packed RGB pictures and pixel boxes: the shapes every image helper and the lip-sync warp share.

/** Packed 8-bit RGB, rows top to bottom, exactly width * height * 3 bytes (a Buffer fits). */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** An integer pixel rectangle: columns x .. x+width-1, rows y .. y+height-1. */
export interface PixelBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One colour: red, green, blue, 0..255. */
export type Rgb = [number, number, number];

export interface Point {
  x: number;
  y: number;
}

export function createRgbImage(width: number, height: number): RgbImage {
  return { data: new Uint8Array(width * height * 3), width, height };
}

/** A box grown outward to whole pixels and cut to the image, so it can be copied without bounds checks. */
export function clampBox(
  box: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
): PixelBox {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(height, Math.ceil(box.y + box.height));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** A copy of the pixels under a box that lies inside the image. */
export function cropRgb(image: RgbImage, box: PixelBox): RgbImage {
  const out = createRgbImage(box.width, box.height);
  const rowBytes = box.width * 3;
  for (let row = 0; row < box.height; row++) {
    const from = ((box.y + row) * image.width + box.x) * 3;
    out.data.set(image.data.subarray(from, from + rowBytes), row * rowBytes);
  }
  return out;
}

/** Intersection over union of two boxes, 0..1; 0 when they do not touch. */
export function boxIoU(a: PixelBox, b: PixelBox): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (width <= 0 || height <= 0) return 0;
  const overlap = width * height;
  return overlap / (a.width * a.height + b.width * b.height - overlap);
}
