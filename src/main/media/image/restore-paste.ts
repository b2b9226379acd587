// Pure: the face crop a restorer sees, and its restored mouth put back over the lower half of the crop box.
import { createRgbImage, type PixelBox, type RgbImage } from './rgb-image.js';
import { blendPatch } from './blend.js';
import { mouthRegion, type MaskCache } from './paste-face.js';
import { resizeRgbBox } from './resize.js';

/** The whole crop box of `frame` (the generated mouth already in it) resampled to the restorer's width x height. */
export function cropForRestore(
  frame: RgbImage,
  box: PixelBox,
  width: number,
  height: number,
  into?: RgbImage,
): RgbImage {
  return resizeRgbBox(frame, box, width, height, into);
}

/**
 * Draws the lower half of `restored` (the restorer's picture of crop box `box`) into `frame` in place, resized to
 * the box and blended through the same feathered mask as the generated face: the restorer sees the whole face for
 * context, but only the mouth the generator drew is replaced; eyes and hair stay the reference's own.
 */
export function pasteRestoredMouth(frame: RgbImage, restored: RgbImage, box: PixelBox, masks: MaskCache): void {
  const region = mouthRegion(box);
  const rowsFrom = Math.floor((restored.height * (region.y - box.y)) / box.height);
  const sourceRows = { x: 0, y: rowsFrom, width: restored.width, height: restored.height - rowsFrom };
  const patch = resizeRgbBox(
    restored,
    sourceRows,
    region.width,
    region.height,
    createRgbImage(region.width, region.height),
  );
  blendPatch(frame, patch, region, masks.get(region.width, region.height));
}
