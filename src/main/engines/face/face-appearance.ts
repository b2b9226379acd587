// Pure: a small picture of a face (its colours on a coarse grid) to tell whether a face found later is the same person.
import type { Box, RgbFrame } from './types.js';

/** Cells per side of the grid: coarse enough that a landmark fit a few pixels off barely changes a cell. */
const GRID = 8;
/** The share of the box's height sampled, from the top: forehead, eyes and nose; the mouth and chin move with speech. */
const UPPER_SHARE = 0.7;
/** Pixels read per cell side, about: a cell's mean needs no more, and a face of any size costs about 0.2 ms (a detection 45-70). */
const READS_PER_CELL_SIDE = 8;

/** 3 x GRID x GRID values: each colour channel's cell means minus that channel's mean, scaled to unit length. */
export type FaceAppearance = Float32Array;

/**
 * The face's appearance inside `box`, or null where there is nothing to compare: the box is (almost) outside the
 * frame or its pixels are flat. Brightness offsets and gains per channel cancel out; the layout of colours stays.
 */
export function faceAppearance(frame: RgbFrame, box: Box): FaceAppearance | null {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(frame.width, Math.ceil(box.x + box.width));
  const y1 = Math.min(frame.height, Math.ceil(box.y + box.height * UPPER_SHARE));
  if (x1 - x0 < GRID || y1 - y0 < GRID) return null;
  const values = new Float32Array(3 * GRID * GRID);
  const step = Math.max(1, Math.floor(Math.min(x1 - x0, y1 - y0) / (GRID * READS_PER_CELL_SIDE)));
  for (let row = 0; row < GRID; row++) {
    const top = y0 + Math.floor(((y1 - y0) * row) / GRID);
    const bottom = y0 + Math.floor(((y1 - y0) * (row + 1)) / GRID);
    for (let column = 0; column < GRID; column++) {
      const left = x0 + Math.floor(((x1 - x0) * column) / GRID);
      const right = x0 + Math.floor(((x1 - x0) * (column + 1)) / GRID);
      const cell = (row * GRID + column) * 3;
      let count = 0;
      for (let y = top; y < bottom; y += step) {
        for (let x = left; x < right; x += step) {
          const pixel = (y * frame.width + x) * frame.channels;
          values[cell] += frame.data[pixel]!;
          values[cell + 1] += frame.data[pixel + 1]!;
          values[cell + 2] += frame.data[pixel + 2]!;
          count++;
        }
      }
      for (let channel = 0; channel < 3; channel++) values[cell + channel] /= count;
    }
  }
  return normalised(values);
}

/** Normalised cross-correlation of two appearances, -1..1: about 1 for the same face, lower for another. */
export function appearanceSimilarity(a: FaceAppearance, b: FaceAppearance): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
}

function normalised(values: Float32Array): FaceAppearance | null {
  const cells = values.length / 3;
  for (let channel = 0; channel < 3; channel++) {
    let mean = 0;
    for (let i = channel; i < values.length; i += 3) mean += values[i]!;
    mean /= cells;
    for (let i = channel; i < values.length; i += 3) values[i] -= mean;
  }
  let norm = 0;
  for (const value of values) norm += value * value;
  // Less than about one grey level of variation per cell: a flat patch, not a face to recognise.
  if (norm < values.length) return null;
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < values.length; i++) values[i] *= scale;
  return values;
}
