// DB (differentiable binarization) post-processing of a PaddleOCR detector's probability map, for horizontal text:
// threshold, a 2x2 dilation, 8-connected components, a box score, then each box grown back by the unclip ratio
// (the model marks a shrunk core of each line). Axis-aligned boxes only: subtitles and captions lie flat.
import type { PixelBox } from '../../media/image/rgb-image.js';

export interface DbOptions {
  /** Map values above this count as text (RapidOCR: 0.3). */
  threshold: number;
  /** Boxes whose mean map value is below this are dropped (RapidOCR: 0.5). */
  boxThreshold: number;
  /** How far a box grows: its area times this over its perimeter, on every side (RapidOCR: 1.6). */
  unclipRatio: number;
  /** Shorter side in map pixels below which a core is noise (RapidOCR: 3; 5 after unclipping). */
  minSize: number;
  /** Most components looked at (RapidOCR: 1000). */
  maxCandidates: number;
}

export const RAPIDOCR_DB_OPTIONS: DbOptions = {
  threshold: 0.3,
  boxThreshold: 0.5,
  unclipRatio: 1.6,
  minSize: 3,
  maxCandidates: 1000,
};

export interface DbBox {
  /** In map pixels, fractional after unclipping. */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Mean map value over the core's bounding box. */
  score: number;
}

/** Text boxes of a [height, width] probability map, in map pixels. */
export function dbBoxes(
  map: Float32Array,
  width: number,
  height: number,
  options: DbOptions = RAPIDOCR_DB_OPTIONS,
): DbBox[] {
  const mask = dilatedMask(map, width, height, options.threshold);
  const labels = new Int32Array(width * height);
  const stack: number[] = [];
  const boxes: DbBox[] = [];
  let candidates = 0;
  for (let start = 0; start < mask.length && candidates < options.maxCandidates; start++) {
    if (!mask[start] || labels[start]) continue;
    candidates += 1;
    let x0 = width,
      y0 = height,
      x1 = -1,
      y1 = -1;
    labels[start] = candidates;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const next = ny * width + nx;
          if (mask[next] && !labels[next]) {
            labels[next] = candidates;
            stack.push(next);
          }
        }
      }
    }
    const core = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
    if (Math.min(core.width, core.height) < options.minSize) continue;
    const score = meanInBox(map, width, core);
    if (score < options.boxThreshold) continue;
    const grown = unclip(core, options.unclipRatio);
    if (Math.min(grown.width, grown.height) < options.minSize + 2) continue;
    boxes.push({ ...grown, score });
  }
  return boxes;
}

/** Map values above the threshold, dilated by a 2x2 kernel as OpenCV anchors it: regions grow a pixel right and down. */
function dilatedMask(map: Float32Array, width: number, height: number, threshold: number): Uint8Array {
  const above = new Uint8Array(width * height);
  for (let i = 0; i < above.length; i++) above[i] = map[i]! > threshold ? 1 : 0;
  const mask = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * width + x;
      mask[at] =
        above[at]! |
        (x > 0 ? above[at - 1]! : 0) |
        (y > 0 ? above[at - width]! | (x > 0 ? above[at - width - 1]! : 0) : 0);
    }
  }
  return mask;
}

function meanInBox(map: Float32Array, width: number, box: PixelBox): number {
  let sum = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) sum += map[y * width + x]!;
  }
  return sum / (box.width * box.height);
}

/** DB's unclip of a rectangle: offset outward by area * ratio / perimeter (pyclipper's offset of a polygon). */
function unclip(box: PixelBox, ratio: number): { x: number; y: number; width: number; height: number } {
  const distance = (box.width * box.height * ratio) / (2 * (box.width + box.height));
  return {
    x: box.x - distance,
    y: box.y - distance,
    width: box.width + 2 * distance,
    height: box.height + 2 * distance,
  };
}

/** Top to bottom; boxes whose tops are within 10 pixels read left to right (RapidOCR's sorted_boxes). */
export function readingOrder<T extends { x: number; y: number }>(boxes: readonly T[]): T[] {
  const sorted = [...boxes].sort((a, b) => a.y - b.y || a.x - b.x);
  for (let i = 0; i < sorted.length - 1; i++) {
    for (let j = i; j >= 0; j--) {
      const [upper, lower] = [sorted[j]!, sorted[j + 1]!];
      if (Math.abs(lower.y - upper.y) < 10 && lower.x < upper.x) {
        sorted[j] = lower;
        sorted[j + 1] = upper;
      } else {
        break;
      }
    }
  }
  return sorted;
}
