// Optional face restoration for precision_v1: a GFPGAN-class model sharpens the mouth the 96x96 generator drew.
// Used only when its catalogue entry is installed; without it the render is exactly what it was.
import { DubDeskError, toDubDeskError } from '../../../../shared/errors.js';
import { createRgbImage, type PixelBox, type RgbImage } from '../../../media/image/rgb-image.js';
import type { BoundSession, ModelStore } from '../../../models/model-store.js';
import { readSignature, Tensor } from '../../../models/onnx-runtime.js';
import type { MaskCache } from './paste.js';
import { readRestoreOutput, writeRestoreInput } from './restore-io.js';
import { cropForRestore, pasteRestoredMouth } from './restore-paste.js';

/** Catalogue id and file of the restorer (src/main/models/catalogue.ts). */
export const FACE_RESTORE_MODEL = 'gfpgan-1.4';
export const FACE_RESTORE_FILE = 'gfpgan_1.4.onnx';
/** GFPGAN's side; used where an export leaves the picture size free. */
export const FACE_RESTORE_SIZE = 512;
/** Faces per run when the file's batch is dynamic: each is 3 MB in and out at 512x512. */
export const PREFERRED_RESTORE_BATCH = 8;

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

interface RestoreShape {
  batch: number;
  fixedBatch: boolean;
  width: number;
  height: number;
}

/** The file's batch and picture size: fixed dims are obeyed, free ones get the defaults. */
function shapeOf(bound: BoundSession): RestoreShape {
  const dims = readSignature(bound.session).inputs.find((input) => input.name === bound.inputs.input)?.dims ?? [];
  const fixed = (index: number) => (typeof dims[index] === 'number' && (dims[index] as number) > 0 ? (dims[index] as number) : undefined);
  const batch = fixed(0);
  return { batch: batch ?? PREFERRED_RESTORE_BATCH, fixedBatch: batch !== undefined, height: fixed(2) ?? FACE_RESTORE_SIZE, width: fixed(3) ?? FACE_RESTORE_SIZE };
}

export function createMouthRestorer(bound: BoundSession, title: string): MouthRestorer {
  const shape = shapeOf(bound);
  const floats = 3 * shape.width * shape.height;
  const input = new Float32Array(shape.batch * floats);
  const crop = createRgbImage(shape.width, shape.height);
  const restored = createRgbImage(shape.width, shape.height);
  const stats: RestoreStats = { model: title, faces: 0, batches: [], modelMs: 0, jsMs: 0 };

  const run = async (count: number, signal: AbortSignal): Promise<Float32Array> => {
    // A fixed-batch file gets its full batch (unused slots hold stale data whose output is ignored).
    const n = shape.fixedBatch ? shape.batch : count;
    const before = performance.now();
    const results = await bound.run({ input: new Tensor('float32', input.subarray(0, n * floats), [n, 3, shape.height, shape.width]) }, { signal });
    stats.modelMs += performance.now() - before;
    const output = results.output;
    if (!output || output.type !== 'float32' || output.data.length < count * floats) {
      throw new DubDeskError('engine_failed', `The face-restoration model returned ${output ? `${output.type} [${output.dims.join(', ')}]` : 'nothing'}, not ${count} faces of 3x${shape.height}x${shape.width}.`);
    }
    return output.data as Float32Array;
  };

  return {
    title,
    stats,
    async restore(targets, masks, signal) {
      for (let start = 0; start < targets.length; start += shape.batch) {
        const chunk = targets.slice(start, start + shape.batch);
        let before = performance.now();
        chunk.forEach((target, slot) => writeRestoreInput(cropForRestore(target.picture, target.box, shape.width, shape.height, crop), input, slot));
        stats.jsMs += performance.now() - before;
        const output = await run(chunk.length, signal);
        before = performance.now();
        chunk.forEach((target, slot) => pasteRestoredMouth(target.picture, readRestoreOutput(output, slot, shape.width, shape.height, restored), target.box, masks));
        stats.jsMs += performance.now() - before;
        stats.batches.push(chunk.length);
        stats.faces += chunk.length;
      }
    },
  };
}

/**
 * The restorer when its model is installed and loads, else undefined; says which in the log, once. A file that
 * fails to load costs the sharpening, not the lip-sync: the job goes on and the log says why.
 */
export async function openMouthRestorer(models: Pick<ModelStore, 'isInstalled' | 'requireInstalled' | 'openSession'>, log: (message: string, level?: 'info' | 'warn') => void): Promise<MouthRestorer | undefined> {
  if (!models.isInstalled(FACE_RESTORE_MODEL)) {
    log('no face-restoration model installed: mouth not sharpened');
    return undefined;
  }
  const { title } = models.requireInstalled(FACE_RESTORE_MODEL).entry;
  try {
    const restorer = createMouthRestorer(await models.openSession(FACE_RESTORE_MODEL, FACE_RESTORE_FILE), title);
    log(`face restoration: ${title}`);
    return restorer;
  } catch (error) {
    log(`face restoration: ${title} could not be used (${toDubDeskError(error).message}); mouth not sharpened`, 'warn');
    return undefined;
  }
}

/** Per restored face, for the render's log line. */
export function describeRestoreStats(stats: RestoreStats): string {
  const perFace = (ms: number) => (stats.faces ? ms / stats.faces : 0).toFixed(1);
  return `face restoration ${stats.faces} faces in ${stats.batches.length} model runs, per face: model ${perFace(stats.modelMs)} ms, crop, tensors and paste in JS ${perFace(stats.jsMs)} ms`;
}
