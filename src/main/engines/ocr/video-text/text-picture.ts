// The picture the recognizer reads for one event: the frame's pixels, and below them the glyphs' own fill colour
// drawn black on white. Tesseract binarises on brightness and reads nothing of yellow letters over a green or red
// background; by colour the letters separate from any background that is not their own colour (glyph-mask.ts
// finds the glyphs and that colour), but a rainbow stripe crossing the box can pass for the fill. Both renditions
// go into one picture, read in one call, and the better read wins.
import { glyphMask } from '../../inpaint/glyph-mask.js';
import { clampBox, createRgbImage, cropRgb, type PixelBox, type RgbImage } from '../../../media/image/rgb-image.js';

// Sum of channel differences still counted as the fill colour: anti-aliased edges in, the outline and background out.
// Narrow on the test video: 130 loses yellow letters edged by black, 180 lets white letters on yellow speckle.
const FILL_TOLERANCE = 160;

export interface TextPicture {
  image: RgbImage;
  /** First row of each rendition of the text in `image`, top to bottom. */
  renditionRows: number[];
}

/** The box plus a third of its height around it, as is and as glyphs in black on white, one above the other. */
export function textPicture(frame: RgbImage, box: PixelBox): TextPicture {
  const crop = cropWithMargin(frame, box);
  const glyphs = fillOnWhite(frame, box);
  if (!glyphs) return { image: crop, renditionRows: [0] };
  // A white gap of half a line keeps the two renditions separate lines for the recognizer.
  const gap = Math.max(8, Math.round(box.height / 2));
  const image = createRgbImage(crop.width, crop.height * 2 + gap);
  image.data.fill(255);
  image.data.set(crop.data, 0);
  image.data.set(glyphs.data, (crop.height + gap) * crop.width * 3);
  return { image, renditionRows: [0, crop.height + gap] };
}

function cropWithMargin(frame: RgbImage, box: PixelBox): RgbImage {
  return cropRgb(frame, marginBox(frame, box));
}

function marginBox(frame: RgbImage, box: PixelBox): PixelBox {
  const margin = Math.max(4, Math.round(box.height / 3));
  return clampBox(
    { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin },
    frame.width,
    frame.height,
  );
}

/** The crop with the glyphs' fill colour black and all else white; undefined when no glyph colour stands out. */
export function fillOnWhite(frame: RgbImage, box: PixelBox, tolerance = FILL_TOLERANCE): RgbImage | undefined {
  const outer = marginBox(frame, box);
  const crop = cropRgb(frame, outer);
  const glyphs = glyphMask(crop, { x: box.x - outer.x, y: box.y - outer.y, width: box.width, height: box.height });
  if (glyphs.pixelCount === 0) return undefined;
  const [r, g, b] = glyphs.fillRgb;
  const out = createRgbImage(crop.width, crop.height);
  for (let i = 0, pixel = 0; i < crop.data.length; i += 3, pixel++) {
    // Background colours that also show around the box (a stripe crossing it) are not glyphs, whatever their colour.
    if (glyphs.mask.data[pixel] === 0) {
      out.data.fill(255, i, i + 3);
      continue;
    }
    const distance = Math.abs(crop.data[i]! - r) + Math.abs(crop.data[i + 1]! - g) + Math.abs(crop.data[i + 2]! - b);
    const value = distance < tolerance ? 0 : 255;
    out.data[i] = value;
    out.data[i + 1] = value;
    out.data[i + 2] = value;
  }
  return out;
}
