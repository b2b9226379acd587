// The built-in inpainter: OpenCV's Telea method (opencv.js, WebAssembly) on the region around the mask only,
// pasted back on the masked pixels, so every other pixel of the frame stays exactly as it was.
import { createRequire } from 'node:module';
import { DubDeskError } from '../../../shared/errors.js';
import { clampBox, type PixelBox, type RgbImage } from '../../media/image/rgb-image.js';
import type { Inpainter, InpaintMask } from './types.js';

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
  inpaint(src: CvMat, mask: CvMat, dst: CvMat, radius: number, flags: number): void;
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

/** The mask's marked pixels' bounds, or undefined when none is marked. */
export function maskBounds(mask: InpaintMask): PixelBox | undefined {
  let x0 = mask.width; let y0 = mask.height; let x1 = -1; let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if (!mask.data[row + x]) continue;
      if (x < x0) x0 = x; if (x > x1) x1 = x;
      if (y < y0) y0 = y; if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** Telea's neighbourhood radius: a third of the marked strokes' thickness (2 * area / outline length), 3..8 pixels (its cost grows with the square). */
export function inpaintRadius(mask: InpaintMask, bounds: PixelBox): number {
  let area = 0;
  let edge = 0;
  for (let y = bounds.y; y < bounds.y + bounds.height; y++) {
    for (let x = bounds.x; x < bounds.x + bounds.width; x++) {
      const i = y * mask.width + x;
      if (!mask.data[i]) continue;
      area++;
      const onEdge = x === 0 || y === 0 || x === mask.width - 1 || y === mask.height - 1
        || !mask.data[i - 1] || !mask.data[i + 1] || !mask.data[i - mask.width] || !mask.data[i + mask.width];
      if (onEdge) edge++;
    }
  }
  return Math.min(8, Math.max(3, Math.round((2 * area) / Math.max(1, edge) / 3)));
}

export function createOpenCvInpainter(options: { method?: 'telea' | 'ns' } = {}): Inpainter {
  const method = options.method ?? 'telea';
  return {
    id: method === 'telea' ? 'opencv-telea' : 'opencv-ns',
    title: 'OpenCV inpainting (built in)',
    quality: 'draft',
    async inpaint(image: RgbImage, mask: InpaintMask, signal: AbortSignal): Promise<RgbImage> {
      if (mask.width !== image.width || mask.height !== image.height) {
        throw new DubDeskError('internal', `Inpainting mask is ${mask.width}x${mask.height}, the picture ${image.width}x${image.height}.`);
      }
      signal.throwIfAborted();
      const { cv } = await loadOpenCv();
      signal.throwIfAborted();
      const out: RgbImage = { data: new Uint8Array(image.data), width: image.width, height: image.height };
      const bounds = maskBounds(mask);
      if (!bounds) return out;
      const radius = inpaintRadius(mask, bounds);
      // Telea reads pixels up to `radius` beyond the mask; a wider margin gives it whole neighbourhoods.
      const margin = 2 * radius + 2;
      const region = clampBox({ x: bounds.x - margin, y: bounds.y - margin, width: bounds.width + 2 * margin, height: bounds.height + 2 * margin }, image.width, image.height);
      const src = new cv.Mat(region.height, region.width, cv.CV_8UC3);
      const marks = new cv.Mat(region.height, region.width, cv.CV_8UC1);
      const dst = new cv.Mat(region.height, region.width, cv.CV_8UC3);
      try {
        const srcData = src.data;
        const markData = marks.data;
        for (let row = 0; row < region.height; row++) {
          const from = (region.y + row) * image.width + region.x;
          srcData.set(image.data.subarray(from * 3, (from + region.width) * 3), row * region.width * 3);
          for (let col = 0; col < region.width; col++) markData[row * region.width + col] = mask.data[from + col] ? 255 : 0;
        }
        cv.inpaint(src, marks, dst, radius, method === 'telea' ? cv.INPAINT_TELEA : cv.INPAINT_NS);
        // Views of the wasm heap go stale when it grows: read the result only now.
        const filled = dst.data;
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
        src.delete();
        marks.delete();
        dst.delete();
      }
      return out;
    },
  };
}
