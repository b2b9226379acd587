// The text detector's view of opencv.js: the one loader the inpainter owns (two loaders would each set the module's
// single onRuntimeInitialized callback, and the first would never hear back), typed with the package's full API.
import type cvTypes from '@techstark/opencv-js';
import { loadOpenCv as loadSharedOpenCv } from '../inpaint/opencv-inpaint.js';

export type OpenCv = typeof cvTypes;

/** The shared cv module, wrapped in an object so the promise never resolves to (and awaits) the module itself. */
export async function loadOpenCv(): Promise<{ cv: OpenCv }> {
  const { cv } = await loadSharedOpenCv();
  return { cv: cv as unknown as OpenCv };
}
