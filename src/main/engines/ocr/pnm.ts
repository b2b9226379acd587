// Pictures for Tesseract as binary PNM, which its image reader (Leptonica) decodes with no encoder needed here.
import type { RgbImage } from '../../media/image/rgb-image.js';

/** The colour picture as a PPM (P6). */
export function encodePpm(image: RgbImage): Buffer {
  const header = Buffer.from(`P6\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data.subarray(0, image.width * image.height * 3)]);
}

/**
 * A grey PGM (P5) of each pixel's smallest channel: white text stays white while saturated backgrounds and black
 * outlines go dark, so outlined subtitles over colourful video binarise cleanly (Tesseract's own grey, the luminance,
 * puts yellow or cyan backgrounds as bright as the text). Neutral colours keep their brightness.
 */
export function encodeWhitenessPgm(image: RgbImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  const pixels = image.width * image.height;
  const grey = Buffer.allocUnsafe(header.length + pixels);
  header.copy(grey);
  const { data } = image;
  for (let pixel = 0, at = 0; pixel < pixels; pixel++, at += 3) {
    grey[header.length + pixel] = Math.min(data[at]!, data[at + 1]!, data[at + 2]!);
  }
  return grey;
}
