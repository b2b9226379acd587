// Pure: puts a generated 96x96 face back over the lower half of its crop box, colour-matched and feathered.
import { createRgbImage, type PixelBox, type RgbImage } from './rgb-image.js';
import { blendPatch, featherMask } from './blend.js';
import { resizeRgbBox } from './resize.js';

/** Share of the mouth box's shorter side over which the pasted face fades into the frame. */
const PASTE_FEATHER = 0.22;
/** A generated region whose contrast is far off is brought only this far towards the frame's (no noise blow-up). */
const MAX_GAIN = 2;
const MIN_GAIN = 0.5;

/** The box's lower half: the only part of the frame the generator redraws. */
export function mouthRegion(box: PixelBox): PixelBox {
  const top = Math.floor(box.height / 2);
  return { x: box.x, y: box.y + top, width: box.width, height: box.height - top };
}

/**
 * Shifts and scales each channel of `patch` so its mean and standard deviation equal those of the frame under the
 * same box: the generator's colours drift from the frame's (lighting, its training data), the frame's are right.
 */
export function matchColours(patch: RgbImage, frame: RgbImage, box: PixelBox): void {
  const count = box.width * box.height;
  const sums = new Float64Array(12);
  for (let row = 0; row < box.height; row++) {
    let f = ((box.y + row) * frame.width + box.x) * 3;
    let p = row * box.width * 3;
    for (let col = 0; col < box.width; col++, f += 3, p += 3) {
      for (let c = 0; c < 3; c++) {
        const a = patch.data[p + c];
        const b = frame.data[f + c];
        sums[c] += a;
        sums[3 + c] += a * a;
        sums[6 + c] += b;
        sums[9 + c] += b * b;
      }
    }
  }
  const gain = new Float64Array(3);
  const offset = new Float64Array(3);
  for (let c = 0; c < 3; c++) {
    const patchMean = sums[c] / count;
    const frameMean = sums[6 + c] / count;
    const patchStd = Math.sqrt(Math.max(0, sums[3 + c] / count - patchMean * patchMean));
    const frameStd = Math.sqrt(Math.max(0, sums[9 + c] / count - frameMean * frameMean));
    gain[c] = patchStd < 1e-3 ? 1 : Math.min(MAX_GAIN, Math.max(MIN_GAIN, frameStd / patchStd));
    offset[c] = frameMean - gain[c] * patchMean;
  }
  const { data } = patch;
  for (let i = 0; i < data.length; i += 3) {
    for (let c = 0; c < 3; c++) {
      const v = data[i + c] * gain[c] + offset[c];
      data[i + c] = v <= 0 ? 0 : v >= 255 ? 255 : v + 0.5;
    }
  }
}

/** Feather masks by size: every frame of a still face has the same box. */
export class MaskCache {
  private readonly masks = new Map<string, Float32Array>();

  get(width: number, height: number): Float32Array {
    const key = `${width}x${height}`;
    let mask = this.masks.get(key);
    if (!mask) {
      if (this.masks.size > 64) this.masks.clear();
      mask = featherMask(width, height, PASTE_FEATHER);
      this.masks.set(key, mask);
    }
    return mask;
  }
}

/**
 * Draws `generated` (the 96x96 face for crop box `box`) into `frame` in place: resized to the box, colour-matched
 * to the frame's lower face, and blended over the box's lower half only, fading out at its edges.
 */
export function pasteGeneratedFace(frame: RgbImage, generated: RgbImage, box: PixelBox, masks: MaskCache): void {
  const region = mouthRegion(box);
  // Only the lower half is pasted: resample just the generator's rows that map onto it.
  const rowsFrom = (generated.height * (region.y - box.y)) / box.height;
  const sourceRows = {
    x: 0,
    y: Math.floor(rowsFrom),
    width: generated.width,
    height: generated.height - Math.floor(rowsFrom),
  };
  const patch = resizeRgbBox(
    generated,
    sourceRows,
    region.width,
    region.height,
    createRgbImage(region.width, region.height),
  );
  matchColours(patch, frame, region);
  blendPatch(frame, patch, region, masks.get(region.width, region.height));
}
