// Pure: resampling packed RGB pictures between a face's size in the frame and the generator's 96x96.
import { createRgbImage, type PixelBox, type RgbImage } from './rgb-image.js';

/**
 * `box` of `source` resampled to width x height. Bilinear (as cv2.resize in Wav2Lip) with pixel centres aligned;
 * when shrinking, k x k bilinear taps per output pixel (k = the shrink factor, rounded up) average the pixels a
 * plain bilinear sample would skip, so a large face does not alias into the small crop.
 */
export function resizeRgbBox(
  source: RgbImage,
  box: PixelBox,
  width: number,
  height: number,
  into?: RgbImage,
): RgbImage {
  const out = into ?? createRgbImage(width, height);
  if (out.width !== width || out.height !== height)
    throw new Error(`resize target is ${out.width}x${out.height}, expected ${width}x${height}`);
  const scaleX = box.width / width;
  const scaleY = box.height / height;
  const tapsX = Math.max(1, Math.ceil(scaleX - 1e-9));
  const tapsY = Math.max(1, Math.ceil(scaleY - 1e-9));
  const { data, width: sw } = source;
  const maxX = box.x + box.width - 1;
  const maxY = box.y + box.height - 1;
  const dst = out.data;
  const weight = 1 / (tapsX * tapsY);
  // Tap positions along each axis (relative to the output pixel), shared by every row or column.
  const xs0 = new Int32Array(width * tapsX);
  const xs1 = new Int32Array(width * tapsX);
  const fxs = new Float32Array(width * tapsX);
  for (let col = 0; col < width; col++) {
    for (let t = 0; t < tapsX; t++) {
      const sx = Math.min(maxX, Math.max(box.x, box.x + (col + (t + 0.5) / tapsX) * scaleX - 0.5));
      const x0 = Math.floor(sx);
      xs0[col * tapsX + t] = x0;
      xs1[col * tapsX + t] = Math.min(maxX, x0 + 1);
      fxs[col * tapsX + t] = sx - x0;
    }
  }
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let ty = 0; ty < tapsY; ty++) {
        const sy = Math.min(maxY, Math.max(box.y, box.y + (row + (ty + 0.5) / tapsY) * scaleY - 0.5));
        const y0 = Math.floor(sy);
        const y1 = Math.min(maxY, y0 + 1);
        const fy = sy - y0;
        const row0 = y0 * sw;
        const row1 = y1 * sw;
        for (let tx = 0; tx < tapsX; tx++) {
          const k = col * tapsX + tx;
          const fx = fxs[k];
          const w00 = (1 - fx) * (1 - fy);
          const w10 = fx * (1 - fy);
          const w01 = (1 - fx) * fy;
          const w11 = fx * fy;
          const i00 = (row0 + xs0[k]) * 3;
          const i10 = (row0 + xs1[k]) * 3;
          const i01 = (row1 + xs0[k]) * 3;
          const i11 = (row1 + xs1[k]) * 3;
          r += data[i00] * w00 + data[i10] * w10 + data[i01] * w01 + data[i11] * w11;
          g += data[i00 + 1] * w00 + data[i10 + 1] * w10 + data[i01 + 1] * w01 + data[i11 + 1] * w11;
          b += data[i00 + 2] * w00 + data[i10 + 2] * w10 + data[i01 + 2] * w01 + data[i11 + 2] * w11;
        }
      }
      const o = (row * width + col) * 3;
      // Uint8Array stores truncate: +0.5 rounds to nearest.
      dst[o] = r * weight + 0.5;
      dst[o + 1] = g * weight + 0.5;
      dst[o + 2] = b * weight + 0.5;
    }
  }
  return out;
}

/** The whole picture resampled to width x height. */
export function resizeRgb(source: RgbImage, width: number, height: number, into?: RgbImage): RgbImage {
  return resizeRgbBox(source, { x: 0, y: 0, width: source.width, height: source.height }, width, height, into);
}
