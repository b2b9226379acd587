// What the tracker knows about the pixels of a text box: a coarse binarised picture of it (to tell the same text
// from new text or from no text) and how sharp it is (to pick the frame worth reading).
import type { PixelBox } from '../../../media/image/rgb-image.js';

/** One byte of luma per pixel, rows top to bottom. */
export interface GreyImage {
  data: Uint8Array;
  width: number;
  height: number;
}

// Cells across and down a box: enough to tell words apart, coarse enough that a pixel of jitter changes little.
const CELLS_X = 64;
const CELLS_Y = 16;

/**
 * The box's edge strength (|dx| + |dy|) on a fixed grid of cells: the same text keeps its pattern over a moving
 * background, and a background's own strong edge (a bar's border) fills a column of cells, not the pattern.
 */
export function boxSignature(image: GreyImage, box: PixelBox): Float32Array {
  const means = new Float32Array(CELLS_X * CELLS_Y);
  for (let cy = 0; cy < CELLS_Y; cy++) {
    const y0 = box.y + Math.floor((cy * box.height) / CELLS_Y);
    const y1 = Math.max(y0 + 1, box.y + Math.floor(((cy + 1) * box.height) / CELLS_Y));
    for (let cx = 0; cx < CELLS_X; cx++) {
      const x0 = box.x + Math.floor((cx * box.width) / CELLS_X);
      const x1 = Math.max(x0 + 1, box.x + Math.floor(((cx + 1) * box.width) / CELLS_X));
      let sum = 0;
      for (let y = y0; y < y1; y++) {
        const row = y * image.width;
        const below = y + 1 < image.height ? image.width : 0;
        for (let x = x0; x < x1; x++) {
          const here = image.data[row + x]!;
          const right = x + 1 < image.width ? image.data[row + x + 1]! : here;
          sum += Math.abs(right - here) + Math.abs(image.data[row + x + below]! - here);
        }
      }
      means[cy * CELLS_X + cx] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return means;
}

/**
 * 1 - the normalised correlation of two signatures: about 0..0.1 for the same text as the background moves
 * behind it, 0.5 and more for other text or none (measured on drawtext over testsrc2).
 */
export function signatureDistance(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) return 1;
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < a.length; i++) {
    meanA += a[i]!;
    meanB += b[i]!;
  }
  meanA /= a.length;
  meanB /= b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = a[i]! - meanA;
    const db = b[i]! - meanB;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  // A flat patch correlates with nothing: it is not the text either way.
  if (aa === 0 || bb === 0) return aa === bb ? 0 : 1;
  return 1 - ab / Math.sqrt(aa * bb);
}

/** Variance of the 4-neighbour Laplacian inside the box: higher when edges are crisp (no motion blur, no fade). */
export function boxSharpness(image: GreyImage, box: PixelBox): number {
  const { data, width } = image;
  let sum = 0;
  let sumSquares = 0;
  let count = 0;
  for (let y = Math.max(1, box.y); y < Math.min(image.height - 1, box.y + box.height); y++) {
    for (let x = Math.max(1, box.x); x < Math.min(width - 1, box.x + box.width); x++) {
      const at = y * width + x;
      const laplacian = data[at - 1]! + data[at + 1]! + data[at - width]! + data[at + width]! - 4 * data[at]!;
      sum += laplacian;
      sumSquares += laplacian * laplacian;
      count++;
    }
  }
  if (count === 0) return 0;
  const mean = sum / count;
  return sumSquares / count - mean * mean;
}
