// The PP-OCR models' inputs from a packed RGB frame: BGR planes (PaddleOCR trains on OpenCV's channel order)
// scaled to -1..1, the detector's at sides that are multiples of 32, the recognizer's one line 48 pixels tall.
import { sampleBilinearRgb } from '../../media/image/bilinear.js';
import type { RgbImage } from '../../media/image/rgb-image.js';

export const REC_HEIGHT = 48;
/** RapidOCR pads every line to at least 320 wide (rec_img_shape [3, 48, 320]). */
export const REC_MIN_WIDTH = 320;
/** A longer line is squeezed: past this the model's steps would be wasted on a banner nobody reads whole. */
export const REC_MAX_WIDTH = 3200;

export interface PlanarInput {
  data: Float32Array;
  width: number;
  height: number;
}

/** The detector's input size: the longer side at most `maxSide`, each side rounded to a multiple of 32. */
export function detectionSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const ratio = Math.min(1, maxSide / Math.max(width, height));
  const round32 = (side: number) => Math.max(32, Math.round((side * ratio) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

/** Fills BGR planes of `width` x `height` from the source rectangle (bilinear, pixel centres aligned), -1..1. */
function writePlanes(
  image: RgbImage,
  source: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
  into: Float32Array,
  stride: number,
): void {
  const plane = stride * height;
  const rgb = new Float32Array(3);
  const scaleX = source.width / width;
  const scaleY = source.height / height;
  for (let y = 0; y < height; y++) {
    const sy = source.y + (y + 0.5) * scaleY - 0.5;
    for (let x = 0; x < width; x++) {
      sampleBilinearRgb(image, source.x + (x + 0.5) * scaleX - 0.5, sy, rgb, 0);
      const at = y * stride + x;
      into[at] = rgb[2]! / 127.5 - 1;
      into[plane + at] = rgb[1]! / 127.5 - 1;
      into[2 * plane + at] = rgb[0]! / 127.5 - 1;
    }
  }
}

/** The whole frame resized for the detector. */
export function detectionInput(image: RgbImage, maxSide: number): PlanarInput {
  const { width, height } = detectionSize(image.width, image.height, maxSide);
  const data = new Float32Array(3 * width * height);
  writePlanes(image, { x: 0, y: 0, width: image.width, height: image.height }, width, height, data, width);
  return { data, width, height };
}

/** One line for the recognizer: 48 tall keeping its aspect, then padded on the right with 0 (mid grey) to 320. */
export function recognitionInput(
  image: RgbImage,
  box: { x: number; y: number; width: number; height: number },
): PlanarInput {
  const lineWidth = Math.min(REC_MAX_WIDTH, Math.max(1, Math.ceil((REC_HEIGHT * box.width) / box.height)));
  const width = Math.max(REC_MIN_WIDTH, lineWidth);
  const data = new Float32Array(3 * REC_HEIGHT * width);
  writePlanes(image, box, lineWidth, REC_HEIGHT, data, width);
  return { data, width, height: REC_HEIGHT };
}
