// The built-in inpainter: OpenCV's Telea method (opencv.js, WebAssembly) on the region around the mask only,
// pasted back on the masked pixels, so every other pixel of the frame stays exactly as it was.
import { createRequire } from 'node:module';
import { DubDeskError } from '../../../shared/errors.js';
import { clampBox, type PixelBox, type RgbImage } from '../../media/image/rgb-image.js';
import { maskBounds } from './mask-bounds.js';
import type { Inpainter, InpaintMask } from './types.js';
import { engineRow } from '../capability-table.js';

/** The capability table's row: this engine's title and quality. */
const ROW = engineRow('inpainting', 'opencv-telea');

/** The few opencv.js calls used here (its own typings describe the whole C++ API and type poorly). */
interface CvMat {
  data: Uint8Array;
  delete(): void;
}
export interface OpenCv {
  Mat: new (rows: number, cols: number, type: number) => CvMat;
  CV_8UC1: number;
  CV_8UC3: number;
  INPAINT_TELEA: number;
  INPAINT_NS: number;
  INTER_AREA: number;
  INTER_LINEAR: number;
  INTER_NEAREST: number;
  Size: new (width: number, height: number) => unknown;
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, radius: number, flags: number): void;
  resize(src: CvMat, dst: CvMat, size: unknown, fx: number, fy: number, interpolation: number): void;
  /** The WebAssembly heap (grows when the module runs short; never shrinks). */
  HEAPU8: Uint8Array;
  onRuntimeInitialized?: () => void;
}

let loading: Promise<{ cv: OpenCv }> | undefined;

/**
 * opencv.js, loaded once on first use and shared. Wrapped in an object: the module itself has a `then`, so
 * resolving or awaiting it directly would hang.
 */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise((resolve, reject) => {
    try {
      const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
      if (typeof (cv as Partial<OpenCv>).Mat === 'function') resolve({ cv });
      else cv.onRuntimeInitialized = () => resolve({ cv });
    } catch (error) {
      loading = undefined;
      reject(new DubDeskError('engine_failed', `OpenCV (opencv.js) could not be loaded: ${(error as Error).message}`));
    }
  });
  return loading;
}

/**
 * Telea's neighbourhood radius: a third of the marked strokes' thickness (2 * area / outline length), 3..8 pixels
 * (its cost grows with the square).
 */
export function inpaintRadius(mask: InpaintMask, bounds: PixelBox): number {
  let area = 0;
  let edge = 0;
  for (let y = bounds.y; y < bounds.y + bounds.height; y++) {
    for (let x = bounds.x; x < bounds.x + bounds.width; x++) {
      const i = y * mask.width + x;
      if (!mask.data[i]) continue;
      area++;
      const onEdge =
        x === 0 ||
        y === 0 ||
        x === mask.width - 1 ||
        y === mask.height - 1 ||
        !mask.data[i - 1] ||
        !mask.data[i + 1] ||
        !mask.data[i - mask.width] ||
        !mask.data[i + mask.width];
      if (onEdge) edge++;
    }
  }
  return Math.min(8, Math.max(3, Math.round((2 * area) / Math.max(1, edge) / 3)));
}

/** The inpainters this module made: they read only the region below, wherever the mask lies. */
const madeHere = new WeakSet<Inpainter>();

/**
 * How far past the mask's bounds `inpainter` reads, when known to be bounded: (2 x radius + 2) x scale below, at
 * most 18, 20, 24, 32 px at scales 1 to 4. Undefined for any other inpainter, a wrapper of this one included (it
 * may look at where the mask lies): those get whole frames.
 */
export function boundedReach(inpainter: Inpainter): number | undefined {
  return madeHere.has(inpainter) ? 32 : undefined;
}

export function createOpenCvInpainter(options: { method?: 'telea' | 'ns' } = {}): Inpainter {
  const method = options.method ?? 'telea';
  const inpainter: Inpainter = {
    id: method === 'telea' ? 'opencv-telea' : 'opencv-ns',
    title: ROW.title,
    quality: ROW.quality,
    async inpaint(image: RgbImage, mask: InpaintMask, signal: AbortSignal): Promise<RgbImage> {
      if (mask.width !== image.width || mask.height !== image.height) {
        throw new DubDeskError(
          'internal',
          `Inpainting mask is ${mask.width}x${mask.height}, the picture ${image.width}x${image.height}.`,
        );
      }
      signal.throwIfAborted();
      const { cv } = await loadOpenCv();
      signal.throwIfAborted();
      const out: RgbImage = { data: new Uint8Array(image.data), width: image.width, height: image.height };
      const bounds = maskBounds(mask);
      if (!bounds) return out;
      // Telea's cost grows with the hole's area times its radius squared: tall text is filled at a reduced scale
      // (its fill is smooth anyway) and scaled back, so a 1080p subtitle costs what a 360p one does.
      const scale = Math.min(4, Math.max(1, Math.round(bounds.height / 32)));
      const radius = Math.max(3, Math.round(inpaintRadius(mask, bounds) / scale));
      // Telea reads pixels up to `radius` beyond the mask; a wider margin gives it whole neighbourhoods.
      const margin = (2 * radius + 2) * scale;
      const region = clampBox(
        {
          x: bounds.x - margin,
          y: bounds.y - margin,
          width: bounds.width + 2 * margin,
          height: bounds.height + 2 * margin,
        },
        image.width,
        image.height,
      );
      const mats: CvMat[] = [];
      const mat = (rows: number, cols: number, type: number): CvMat => {
        const made = new cv.Mat(rows, cols, type);
        mats.push(made);
        return made;
      };
      try {
        const src = mat(region.height, region.width, cv.CV_8UC3);
        const marks = mat(region.height, region.width, cv.CV_8UC1);
        const srcData = src.data;
        const markData = marks.data;
        for (let row = 0; row < region.height; row++) {
          const from = (region.y + row) * image.width + region.x;
          srcData.set(image.data.subarray(from * 3, (from + region.width) * 3), row * region.width * 3);
          for (let col = 0; col < region.width; col++)
            markData[row * region.width + col] = mask.data[from + col] ? 255 : 0;
        }
        const flags = method === 'telea' ? cv.INPAINT_TELEA : cv.INPAINT_NS;
        let filledMat: CvMat;
        if (scale === 1) {
          filledMat = mat(region.height, region.width, cv.CV_8UC3);
          cv.inpaint(src, marks, filledMat, radius, flags);
        } else {
          const small = new cv.Size(
            Math.max(1, Math.round(region.width / scale)),
            Math.max(1, Math.round(region.height / scale)),
          );
          const smallSrc = mat(1, 1, cv.CV_8UC3);
          const smallMarks = mat(1, 1, cv.CV_8UC1);
          const smallFilled = mat(1, 1, cv.CV_8UC3);
          cv.resize(src, smallSrc, small, 0, 0, cv.INTER_AREA);
          // Area averaging keeps any marked pixel marked (non-zero) at the small scale.
          cv.resize(marks, smallMarks, small, 0, 0, cv.INTER_AREA);
          cv.inpaint(smallSrc, smallMarks, smallFilled, radius, flags);
          filledMat = mat(1, 1, cv.CV_8UC3);
          cv.resize(smallFilled, filledMat, new cv.Size(region.width, region.height), 0, 0, cv.INTER_LINEAR);
        }
        // Views of the wasm heap go stale when it grows: read the result only now.
        const filled = filledMat.data;
        for (let row = 0; row < region.height; row++) {
          for (let col = 0; col < region.width; col++) {
            const pixel = (region.y + row) * image.width + region.x + col;
            if (!mask.data[pixel]) continue;
            const from = (row * region.width + col) * 3;
            out.data[pixel * 3] = filled[from];
            out.data[pixel * 3 + 1] = filled[from + 1];
            out.data[pixel * 3 + 2] = filled[from + 2];
          }
        }
      } finally {
        for (const made of mats) made.delete();
      }
      return out;
    },
  };
  madeHere.add(inpainter);
  return inpainter;
}
