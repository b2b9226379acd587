// What the mouth warp paints from, shared by mouth-warp.ts and own-interior.ts (which mouth-warp.ts calls).
import type { RgbImage } from '../../../media/image/rgb-image.js';

/** The picture a moved frame was made from, and the map from a position in the frame to one in it. */
export interface WarpSource {
  image: RgbImage;
  /** Writes the source position of frame position (x, y) into out[0], out[1]. */
  toSource(x: number, y: number, out: Float64Array): void;
}

/** Colours the painted mouth interior is tinted from. */
export interface MouthPalette {
  lip: [number, number, number];
  skin: [number, number, number];
  skinLuma: number;
  /** Shares of the reference's mouth opening (between the inner lips) that look like teeth and like a dark cavity. */
  interior: { teeth: number; cavity: number };
}
