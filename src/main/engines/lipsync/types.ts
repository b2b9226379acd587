// Lip-sync generation: a model that redraws the lower half of a face crop to the sound around its frame.
import type { RgbImage } from '../../media/image/rgb-image.js';

/** One frame to lip-sync. */
export interface LipsyncFrame {
  /** The face, a square packed RGB crop of `cropSize` pixels. */
  face: RgbImage;
  /** The mel window around the frame: 80 bands x 16 steps, band-major, as media/dsp/mel.ts writes it. */
  mel: Float32Array;
}

export interface GeneratedFaces {
  /** One face per frame in, same order and size; reused by the generator's next run, so paste them before it. */
  faces: RgbImage[];
  /** Time inside the model runtime, ms (packing and unpacking excluded). */
  modelMs: number;
}

export interface LipsyncGenerator {
  /** Catalogue id of the model it runs. */
  readonly modelId: string;
  readonly title: string;
  /** Side of the square face crops it takes and draws. */
  readonly cropSize: number;
  /** Frames per model run: a file with a fixed batch runs exactly that many (fewer are padded), else a preferred count. */
  readonly batch: { size: number; fixed: boolean };
  run(frames: readonly LipsyncFrame[], signal: AbortSignal): Promise<GeneratedFaces>;
}
