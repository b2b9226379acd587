// Pure: packing face crops into a GFPGAN-class restorer's tensor and unpacking its faces. Layout as the public
// exports and their reference code (GFPGAN's inference, facefusion's face enhancer): RGB, NCHW, values -1..1.
import { createRgbImage, type RgbImage } from '../../media/image/rgb-image.js';

/** Writes a packed RGB crop as slot `slot` of a [N, 3, H, W] buffer in -1..1 (H, W: the crop's size). */
export function writeRestoreInput(crop: RgbImage, input: Float32Array, slot: number): void {
  const plane = crop.width * crop.height;
  const base = slot * 3 * plane;
  const { data } = crop;
  for (let p = 0; p < plane; p++) {
    const i = p * 3;
    input[base + p] = data[i] / 127.5 - 1;
    input[base + plane + p] = data[i + 1] / 127.5 - 1;
    input[base + 2 * plane + p] = data[i + 2] / 127.5 - 1;
  }
}

/** Slot `slot` of a [N, 3, height, width] RGB output in -1..1 as a packed RGB picture (clipped, rounded). */
export function readRestoreOutput(
  output: Float32Array,
  slot: number,
  width: number,
  height: number,
  into?: RgbImage,
): RgbImage {
  const image = into ?? createRgbImage(width, height);
  if (image.width !== width || image.height !== height)
    throw new Error(`restore target is ${image.width}x${image.height}, expected ${width}x${height}`);
  const plane = width * height;
  const base = slot * 3 * plane;
  const { data } = image;
  for (let p = 0; p < plane; p++) {
    const i = p * 3;
    data[i] = toByte(output[base + p]);
    data[i + 1] = toByte(output[base + plane + p]);
    data[i + 2] = toByte(output[base + 2 * plane + p]);
  }
  return image;
}

function toByte(value: number): number {
  // NaN from a broken model becomes black rather than garbage.
  if (!(value > -1)) return 0;
  return value >= 1 ? 255 : Math.round((value + 1) * 127.5);
}
