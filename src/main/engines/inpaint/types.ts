// Inpainting: fills masked pixels of a picture from their surroundings (erasing on-screen text before its
// translation is drawn in place).
import type { PixelBox, RgbImage } from '../../media/image/rgb-image.js';
import type { EngineIdentity } from '../quality.js';

/** One byte per pixel of the image, row by row: non-zero marks a pixel to fill. */
export interface InpaintMask {
  data: Uint8Array;
  width: number;
  height: number;
  /** The marked pixels' bounds, when the mask's maker knows them: spares whole-frame scans. */
  bounds?: PixelBox;
}

export interface Inpainter extends EngineIdentity {
  /** A new picture of the image's size: the masked pixels filled, the others unchanged. */
  inpaint(image: RgbImage, mask: InpaintMask, signal: AbortSignal): Promise<RgbImage>;
}
