// The GFPGAN-class restorer (catalogue 'gfpgan-1.4'): 512x512 faces in, the same faces sharper out.
import { DubDeskError } from '../../../shared/errors.js';
import { createRgbImage, type RgbImage } from '../../media/image/rgb-image.js';
import type { BoundSession } from '../../models/model-store.js';
import { readSignature, Tensor } from '../../models/onnx-runtime.js';
import { readRestoreOutput, writeRestoreInput } from './gfpgan-tensors.js';
import type { FaceRestorer, RestoredFaces } from './types.js';

/** Catalogue id and file of the restorer (src/main/models/catalogue.ts). */
export const GFPGAN_MODEL = 'gfpgan-1.4';
export const GFPGAN_MODEL_FILE = 'gfpgan_1.4.onnx';
/** GFPGAN's side; used where an export leaves the picture size free. */
export const GFPGAN_SIZE = 512;
/** Faces per run when the file's batch is dynamic: each is 3 MB in and out at 512x512. */
export const PREFERRED_RESTORE_BATCH = 8;

interface RestoreShape {
  batch: number;
  fixedBatch: boolean;
  width: number;
  height: number;
}

/** The file's batch and picture size: fixed dims are obeyed, free ones get the defaults. */
function shapeOf(bound: BoundSession): RestoreShape {
  const dims = readSignature(bound.session).inputs.find((input) => input.name === bound.inputs.input)?.dims ?? [];
  const fixed = (index: number) =>
    typeof dims[index] === 'number' && (dims[index] as number) > 0 ? (dims[index] as number) : undefined;
  const batch = fixed(0);
  return {
    batch: batch ?? PREFERRED_RESTORE_BATCH,
    fixedBatch: batch !== undefined,
    height: fixed(2) ?? GFPGAN_SIZE,
    width: fixed(3) ?? GFPGAN_SIZE,
  };
}

/** A restorer over one opened session; its buffers are its own, so each job gets one. */
export function createGfpganRestorer(bound: BoundSession, title: string): FaceRestorer {
  const shape = shapeOf(bound);
  const floats = 3 * shape.width * shape.height;
  const input = new Float32Array(shape.batch * floats);
  const restored: RgbImage[] = [];

  const runChunk = async (
    faces: readonly RgbImage[],
    signal: AbortSignal,
  ): Promise<{ output: Float32Array; ms: number }> => {
    faces.forEach((face, slot) => {
      if (face.width !== shape.width || face.height !== shape.height)
        throw new Error(`A face to restore must be ${shape.width}x${shape.height}, not ${face.width}x${face.height}.`);
      writeRestoreInput(face, input, slot);
    });
    // A fixed-batch file gets its full batch (unused slots hold stale data whose output is ignored).
    const n = shape.fixedBatch ? shape.batch : faces.length;
    const before = performance.now();
    const results = await bound.run(
      { input: new Tensor('float32', input.subarray(0, n * floats), [n, 3, shape.height, shape.width]) },
      { signal },
    );
    const ms = performance.now() - before;
    const output = results.output;
    if (!output || output.type !== 'float32' || output.data.length < faces.length * floats) {
      throw new DubDeskError(
        'engine_failed',
        `The face-restoration model ` +
          `returned ${output ? `${output.type} [${output.dims.join(', ')}]` : 'nothing'}, ` +
          `not ${faces.length} faces of 3x${shape.height}x${shape.width}.`,
      );
    }
    return { output: output.data as Float32Array, ms };
  };

  return {
    modelId: GFPGAN_MODEL,
    title,
    size: { width: shape.width, height: shape.height },
    batch: { size: shape.batch, fixed: shape.fixedBatch },
    async restore(faces, signal): Promise<RestoredFaces> {
      while (restored.length < faces.length) restored.push(createRgbImage(shape.width, shape.height));
      let modelMs = 0;
      for (let start = 0; start < faces.length; start += shape.batch) {
        const chunk = faces.slice(start, start + shape.batch);
        const { output, ms } = await runChunk(chunk, signal);
        modelMs += ms;
        chunk.forEach((_, slot) => readRestoreOutput(output, slot, shape.width, shape.height, restored[start + slot]));
      }
      return { faces: restored.slice(0, faces.length), modelMs };
    },
  };
}
