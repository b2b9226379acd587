// How much of a text's stroke contrast an erase left, from the pixels alone: letters are dense, high-contrast
// edges, a clean fill has about the edges of the background around it. The mean gradient (Sobel, opencv.js) in the
// box is set against that of the ring of background just outside it, before and after the erase:
//   left = (box after - ring) / (box before - ring)
// 0 when the box is no busier than its surroundings, 1 when every stroke is still there. The ring is the same
// background the inpainter filled from, so a textured background (a chessboard, bricks) counts on both sides.
import type { OpenCv } from '../../engines/ocr/opencv.js';
import type { PixelBox, RgbImage } from '../../media/image/rgb-image.js';
import type { EraseSample } from '../../engines/inpaint/video-text/erase-samples.js';

/** Below this box-to-ring edge ratio before the erase, text and background are alike (burned text over opencv-doc's photos: 1.9 and up). */
export const MIN_TEXT_EDGE_RATIO = 1.3;

/**
 * More stroke contrast left than this is text on screen (text_remains): over opencv-doc's photos clean erases left
 * 0-0.16, masks missing half the text 0.25-0.74.
 */
export const STROKES_LEFT_LIMIT = 0.2;

export interface StrokeContrast {
  /** Mean gradient magnitude (grey levels per pixel) in the box before and after the erase, and in the ring around it. */
  before: number;
  after: number;
  ring: number;
  /** Share of the text's stroke contrast left, 0..1; undefined when the text stood out too little to measure. */
  left: number | undefined;
}

export function strokeContrast(
  cv: OpenCv,
  sample: Pick<EraseSample, 'box' | 'region' | 'original' | 'erased'>,
): StrokeContrast {
  const box = {
    x: sample.box.x - sample.region.x,
    y: sample.box.y - sample.region.y,
    width: sample.box.width,
    height: sample.box.height,
  };
  const before = meanGradient(cv, sample.original, box);
  const after = meanGradient(cv, sample.erased, box).inBox;
  const ring = before.ring;
  const text = before.inBox - ring;
  const measurable = ring > 0 ? before.inBox >= MIN_TEXT_EDGE_RATIO * ring : before.inBox > 0;
  return {
    before: before.inBox,
    after,
    ring,
    left: measurable ? Math.min(1, Math.max(0, (after - ring) / text)) : undefined,
  };
}

/** Mean Sobel gradient magnitude of the grey image inside `box` and outside it (NaN-free: 0 for an empty ring). */
function meanGradient(cv: OpenCv, image: RgbImage, box: PixelBox): { inBox: number; ring: number } {
  const mats: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(mat: T): T => (mats.push(mat), mat);
  try {
    const rgb = keep(new cv.Mat(image.height, image.width, cv.CV_8UC3));
    rgb.data.set(image.data);
    const grey = keep(new cv.Mat());
    cv.cvtColor(rgb, grey, cv.COLOR_RGB2GRAY);
    const dx = keep(new cv.Mat());
    const dy = keep(new cv.Mat());
    cv.Sobel(grey, dx, cv.CV_32F, 1, 0, 3);
    cv.Sobel(grey, dy, cv.CV_32F, 0, 1, 3);
    const magnitude = keep(new cv.Mat());
    cv.magnitude(dx, dy, magnitude);
    const values = magnitude.data32F;
    let inSum = 0;
    let inCount = 0;
    let outSum = 0;
    let outCount = 0;
    for (let y = 0; y < image.height; y++) {
      const rowInside = y >= box.y && y < box.y + box.height;
      for (let x = 0; x < image.width; x++) {
        const value = values[y * image.width + x]!;
        if (rowInside && x >= box.x && x < box.x + box.width) {
          inSum += value;
          inCount++;
        } else {
          outSum += value;
          outCount++;
        }
      }
    }
    return { inBox: inCount ? inSum / inCount : 0, ring: outCount ? outSum / outCount : 0 };
  } finally {
    for (const mat of mats) mat.delete();
  }
}
