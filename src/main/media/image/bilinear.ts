import type { RgbImage } from './rgb-image.js';

/**
 * Writes the bilinear interpolation of the image at (x, y) (pixel centres at integers) into out[offset..offset+2].
 * Positions off the picture take the nearest edge pixel, so a warp that reaches past the border never reads garbage.
 */
export function sampleBilinearRgb(
  image: RgbImage,
  x: number,
  y: number,
  out: Uint8Array | Float32Array,
  offset: number,
): void {
  const { data, width, height } = image;
  const maxX = width - 1;
  const maxY = height - 1;
  const cx = x < 0 ? 0 : x > maxX ? maxX : x;
  const cy = y < 0 ? 0 : y > maxY ? maxY : y;
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = x0 < maxX ? x0 + 1 : x0;
  const y1 = y0 < maxY ? y0 + 1 : y0;
  const fx = cx - x0;
  const fy = cy - y0;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  const i00 = (y0 * width + x0) * 3;
  const i10 = (y0 * width + x1) * 3;
  const i01 = (y1 * width + x0) * 3;
  const i11 = (y1 * width + x1) * 3;
  // Uint8Array stores clamp-and-truncate, so +0.5 rounds to nearest; Float32Array keeps the exact value.
  const bias = out instanceof Float32Array ? 0 : 0.5;
  out[offset] = data[i00] * w00 + data[i10] * w10 + data[i01] * w01 + data[i11] * w11 + bias;
  out[offset + 1] = data[i00 + 1] * w00 + data[i10 + 1] * w10 + data[i01 + 1] * w01 + data[i11 + 1] * w11 + bias;
  out[offset + 2] = data[i00 + 2] * w00 + data[i10 + 2] * w10 + data[i01 + 2] * w01 + data[i11 + 2] * w11 + bias;
}
