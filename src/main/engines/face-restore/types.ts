// Face restoration: a model that redraws a face picture sharper (used on the mouth a lip-sync generator drew).
import type { RgbImage } from '../../media/image/rgb-image.js';

export interface RestoredFaces {
  /** One picture per face in, same order and size; reused by the restorer's next run, so use them before it. */
  faces: RgbImage[];
  /** Time inside the model runtime, ms (packing and unpacking excluded). */
  modelMs: number;
}

export interface FaceRestorer {
  /** Catalogue id of the model it runs. */
  readonly modelId: string;
  readonly title: string;
  /** The size of the face pictures it takes and returns. */
  readonly size: { width: number; height: number };
  /** Faces per model run: a file with a fixed batch runs exactly that many (fewer are padded), else a preferred count. */
  readonly batch: { size: number; fixed: boolean };
  /** Restores packed RGB faces of `size`. */
  restore(faces: readonly RgbImage[], signal: AbortSignal): Promise<RestoredFaces>;
}
