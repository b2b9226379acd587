// Optional face restoration for precision_v1: the face-restore engine sharpens the mouth the 96x96 generator drew.
// Used exactly when the job's plan names it; without it the render is exactly what it was.
import type { FaceRestorer } from '../../face-restore/types.js';
import type { Engines } from '../../registry.js';
import type { PlannedRestoration } from '../types.js';
import { createRgbImage, type PixelBox, type RgbImage } from '../../../media/image/rgb-image.js';
import type { MaskCache } from '../../../media/image/paste-face.js';
import { cropForRestore, pasteRestoredMouth } from '../../../media/image/restore-paste.js';

/** One frame whose generated mouth is restored in place. */
export interface RestoreTarget {
  picture: RgbImage;
  box: PixelBox;
}

export interface RestoreStats {
  /** The model's title, for the log. */
  model: string;
  faces: number;
  /** Faces per model run, in order. */
  batches: number[];
  /** Time inside the model, and in JS (crop, pack, unpack, paste), in ms. */
  modelMs: number;
  jsMs: number;
}

export interface MouthRestorer {
  readonly title: string;
  readonly stats: RestoreStats;
  /** Restores every target's crop box and pastes its lower half back (the frames change in place). */
  restore(targets: readonly RestoreTarget[], masks: MaskCache, signal: AbortSignal): Promise<void>;
}

/** Crops each face for the restorer, a batch at a time, and pastes the restored mouths back. */
export function createMouthRestorer(restorer: FaceRestorer): MouthRestorer {
  const { width, height } = restorer.size;
  const crops = Array.from({ length: restorer.batch.size }, () => createRgbImage(width, height));
  const stats: RestoreStats = { model: restorer.title, faces: 0, batches: [], modelMs: 0, jsMs: 0 };

  return {
    title: restorer.title,
    stats,
    async restore(targets, masks, signal) {
      for (let start = 0; start < targets.length; start += restorer.batch.size) {
        const chunk = targets.slice(start, start + restorer.batch.size);
        let before = performance.now();
        const faces = chunk.map((target, slot) =>
          cropForRestore(target.picture, target.box, width, height, crops[slot]),
        );
        stats.jsMs += performance.now() - before;
        before = performance.now();
        const restored = await restorer.restore(faces, signal);
        stats.modelMs += restored.modelMs;
        // Packing and unpacking the restorer's tensors counts as JS; modelMs is the runtime alone.
        stats.jsMs += performance.now() - before - restored.modelMs;
        before = performance.now();
        chunk.forEach((target, slot) => pasteRestoredMouth(target.picture, restored.faces[slot]!, target.box, masks));
        stats.jsMs += performance.now() - before;
        stats.batches.push(chunk.length);
        stats.faces += chunk.length;
      }
    },
  };
}

/** What restores the face, in the plan's and the log's words. */
export const RESTORE_WORK = 'Restoring the face';

/**
 * The restorer exactly when the job's plan names one, else undefined; says which in the log, once. A planned model
 * removed since fails model_not_installed naming it, a file that fails to load engine_failed: the plan promised the
 * restoration, so the job never renders without it.
 */
export async function openMouthRestorer(
  engines: Pick<Engines, 'plannedFaceRestorer'>,
  planned: PlannedRestoration,
  log: (message: string, level?: 'info' | 'warn') => void,
): Promise<MouthRestorer | undefined> {
  if (!planned?.engine) {
    log(
      `face restoration not planned (${planned?.skipped ?? 'the plan has no restore-face step'}): mouth not sharpened`,
    );
    return undefined;
  }
  const restorer = await engines.plannedFaceRestorer(planned.engine, RESTORE_WORK);
  log(`face restoration: ${restorer.title}, as planned`);
  return createMouthRestorer(restorer);
}

/** Per restored face, for the render's log line. */
export function describeRestoreStats(stats: RestoreStats): string {
  const perFace = (ms: number) => (stats.faces ? ms / stats.faces : 0).toFixed(1);
  return (
    `face restoration ${stats.faces} faces in ${stats.batches.length} model runs, per face: ` +
    `model ${perFace(stats.modelMs)} ms, crop, tensors and paste in JS ${perFace(stats.jsMs)} ms`
  );
}
