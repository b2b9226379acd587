// Finds lines of on-screen text in a frame without reading them: edges (morphological gradient), Otsu, a wide
// horizontal closing that joins letters into lines, then connected components kept by size, shape and fill; each
// line scored by its edge contrast, so a reader can tell letters drawn to be read from texture that closed into a line.
// Runs on a downscaled grey copy, so a 720p frame costs a few milliseconds.
import type { PixelBox, RgbImage } from '../../media/image/rgb-image.js';
import { loadOpenCv, type OpenCv } from './opencv.js';

/** A rectangle in 0..1 of the frame's width and height (e.g. a job's ocr_text_box). */
export interface NormalizedBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface TextRegionOptions {
  /** Look only inside this part of the frame. */
  roi?: NormalizedBox;
}

/** A found line and how much it looks like text. */
export interface DetectedTextBox extends PixelBox {
  /**
   * Edge contrast, 0..1 (edgeContrast below). Letters drawn to be read have crisp strong edges: 0.8..0.95 on the test
   * videos (white over bright grain, yellow, subtitles over real footage); texture that closes into a line (wood
   * grain, brick, leaves, lit windows, a bright bag on grass) 0.2..0.66 on opencv-doc's photographs and vtest.avi.
   */
  score: number;
}

export interface TextRegionDetector {
  /** Boxes of text lines in the image's own pixels, top to bottom. */
  detect(image: RgbImage, options?: TextRegionOptions): DetectedTextBox[];
}

// Detection height: text lines of 10+ px at 720p stay a few pixels tall, and the cost falls with the square.
const WORK_HEIGHT = 360;

export async function createTextRegionDetector(): Promise<TextRegionDetector> {
  const { cv } = await loadOpenCv();
  return { detect: (image, options = {}) => detectTextRegions(cv, image, options) };
}

function detectTextRegions(cv: OpenCv, image: RgbImage, options: TextRegionOptions): DetectedTextBox[] {
  const roi = roiPixels(image, options.roi);
  if (roi.width < 8 || roi.height < 8) return [];
  const scale = Math.min(1, WORK_HEIGHT / image.height);
  const workWidth = Math.max(1, Math.round(roi.width * scale));
  const workHeight = Math.max(1, Math.round(roi.height * scale));
  const mats: { delete(): void }[] = [];
  const keep = <T extends { delete(): void }>(mat: T): T => (mats.push(mat), mat);
  try {
    const rgb = keep(new cv.Mat(image.height, image.width, cv.CV_8UC3));
    rgb.data.set(image.data);
    const region = keep(rgb.roi(new cv.Rect(roi.x, roi.y, roi.width, roi.height)));
    const grey = keep(new cv.Mat());
    cv.cvtColor(region, grey, cv.COLOR_RGB2GRAY);
    const small = keep(new cv.Mat());
    cv.resize(grey, small, new cv.Size(workWidth, workHeight), 0, 0, cv.INTER_AREA);

    const edges = keep(new cv.Mat());
    const ellipse = keep(cv.getStructuringElement(cv.MORPH_ELLIPSE, new cv.Size(3, 3)));
    cv.morphologyEx(small, edges, cv.MORPH_GRADIENT, ellipse);
    const binary = keep(new cv.Mat());
    cv.threshold(edges, binary, 0, 255, cv.THRESH_BINARY | cv.THRESH_OTSU);
    // Letters of one line sit about a third of the line height apart; 9 px joins them at 360p, and 5 px down fills
    // the hollow outlines of large letters without reaching the next line of a two-line subtitle.
    const joined = keep(new cv.Mat());
    const wide = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(9, 5)));
    cv.morphologyEx(binary, joined, cv.MORPH_CLOSE, wide);
    // Thin edges of the background (a diagonal stripe, a bar's border) would bridge a line to them: open them away.
    const tall = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(1, 5)));
    cv.morphologyEx(joined, joined, cv.MORPH_OPEN, tall);
    const across = keep(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(5, 1)));
    cv.morphologyEx(joined, joined, cv.MORPH_OPEN, across);

    const labels = keep(new cv.Mat());
    const stats = keep(new cv.Mat());
    const centroids = keep(new cv.Mat());
    const count = cv.connectedComponentsWithStats(joined, labels, stats, centroids, 8, cv.CV_32S);
    const boxes: PixelBox[] = [];
    const s = stats.data32S;
    for (let label = 1; label < count; label++) {
      const at = label * 5;
      const [x, y, width, height, area] = [s[at]!, s[at + 1]!, s[at + 2]!, s[at + 3]!, s[at + 4]!];
      if (!looksLikeWord(width, height, area)) continue;
      boxes.push({ x, y, width, height });
    }
    return mergeWordsIntoLines(boxes)
      .filter((box) => box.width >= box.height * 1.5 && box.width >= 16)
      .map((box) => ({
        ...toImageBox(box, roi, scale, image),
        score: edgeContrast(edges.data, binary.data, workWidth, box),
      }))
      .sort((a, b) => a.y - b.y || a.x - b.x);
  } finally {
    for (const mat of mats) mat.delete();
  }
}

/**
 * A word of text is between ~7 px and a fifth of the frame tall (in work pixels) and mostly filled; short words
 * ("is", "a") are about as wide as tall, so width is judged only once words are joined into lines.
 */
function looksLikeWord(width: number, height: number, area: number): boolean {
  if (height < 7 || height > Math.max(12, WORK_HEIGHT * 0.2)) return false;
  if (width < height * 0.5 || width < 6) return false;
  return area / (width * height) >= 0.4;
}

/**
 * How strongly the line's edges stand out, 0..1: the mean of the average and the 90th percentile of the gradient over
 * its edge pixels (Otsu's), over 255. The average says how much of the line is strong edge, the percentile how strong
 * its strongest edges are: letters drawn to be read score high on both, a lone bright object on one at most.
 */
function edgeContrast(gradient: Uint8Array, edge: Uint8Array, width: number, box: PixelBox): number {
  const histogram = new Uint32Array(256);
  let sum = 0;
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const at = y * width + x;
      if (!edge[at]) continue;
      histogram[gradient[at]!]!++;
      sum += gradient[at]!;
      count++;
    }
  }
  if (count === 0) return 0;
  let below = 0;
  let p90 = 255;
  for (let value = 0; value < 256; value++) {
    below += histogram[value]!;
    if (below >= 0.9 * count) {
      p90 = value;
      break;
    }
  }
  return (sum / count + p90) / 2 / 255;
}

/** Words of one line (sharing most of their rows, a space or two apart) joined into one box. */
export function mergeWordsIntoLines(words: PixelBox[]): PixelBox[] {
  const lines = [...words].sort((a, b) => a.x - b.x);
  let merged = true;
  while (merged) {
    merged = false;
    for (let i = 0; i < lines.length && !merged; i++) {
      for (let j = i + 1; j < lines.length && !merged; j++) {
        const a = lines[i]!;
        const b = lines[j]!;
        const shared = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        const gap = Math.max(a.x, b.x) - Math.min(a.x + a.width, b.x + b.width);
        const lineHeight = Math.max(a.height, b.height);
        if (shared < 0.6 * Math.min(a.height, b.height) || gap > lineHeight) continue;
        const x = Math.min(a.x, b.x);
        const y = Math.min(a.y, b.y);
        lines[i] = {
          x,
          y,
          width: Math.max(a.x + a.width, b.x + b.width) - x,
          height: Math.max(a.y + a.height, b.y + b.height) - y,
        };
        lines.splice(j, 1);
        merged = true;
      }
    }
  }
  return lines;
}

function roiPixels(image: RgbImage, roi: NormalizedBox | undefined): PixelBox {
  if (!roi) return { x: 0, y: 0, width: image.width, height: image.height };
  const x0 = Math.max(0, Math.floor(roi.x * image.width));
  const y0 = Math.max(0, Math.floor(roi.y * image.height));
  const x1 = Math.min(image.width, Math.ceil((roi.x + roi.width) * image.width));
  const y1 = Math.min(image.height, Math.ceil((roi.y + roi.height) * image.height));
  return { x: x0, y: y0, width: Math.max(0, x1 - x0), height: Math.max(0, y1 - y0) };
}

/** Work pixels back to the image, grown by one work pixel each side (the gradient sits on the glyphs' edge). */
function toImageBox(box: PixelBox, roi: PixelBox, scale: number, image: RgbImage): PixelBox {
  const x0 = Math.max(0, Math.floor(roi.x + (box.x - 1) / scale));
  const y0 = Math.max(0, Math.floor(roi.y + (box.y - 1) / scale));
  const x1 = Math.min(image.width, Math.ceil(roi.x + (box.x + box.width + 1) / scale));
  const y1 = Math.min(image.height, Math.ceil(roi.y + (box.y + box.height + 1) / scale));
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}
