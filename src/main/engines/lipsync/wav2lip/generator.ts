// The Wav2Lip-class generator (catalogue 'wav2lip-gan-96'): redraws the lower half of 96x96 face crops to the audio.
import { DubDeskError } from '../../../../shared/errors.js';
import { createRgbImage, type RgbImage } from '../../../media/image/rgb-image.js';
import type { BoundSession } from '../../../models/model-store.js';
import { readSignature, Tensor } from '../../../models/onnx-runtime.js';
import type { GeneratedFaces, LipsyncFrame, LipsyncGenerator } from '../types.js';
import {
  FACE_OUTPUT_FLOATS,
  FACES_INPUT_FLOATS,
  MEL_INPUT_FLOATS,
  readFaceOutput,
  WAV2LIP_CROP_SIZE,
  writeFacesInput,
} from './tensors.js';

/** Catalogue id and file of the generator (src/main/models/catalogue.ts). */
export const WAV2LIP_MODEL = 'wav2lip-gan-96';
export const WAV2LIP_MODEL_FILE = 'wav2lip_gan_96.onnx';
/** Frames per model run when the file's batch is dynamic: Wav2Lip-sized batches amortise the per-run cost. */
export const PREFERRED_BATCH = 16;

/** A file with a fixed batch gets exactly that; a dynamic one the preferred size. */
function batchOf(bound: BoundSession): { size: number; fixed: boolean } {
  const first = readSignature(bound.session).inputs.find((input) => input.name === bound.inputs.faces)?.dims?.[0];
  if (typeof first === 'number' && first > 0) return { size: first, fixed: true };
  return { size: PREFERRED_BATCH, fixed: false };
}

/** A generator over one opened session; its buffers are its own, so each job gets one. */
export function createWav2LipGenerator(bound: BoundSession, title: string): LipsyncGenerator {
  const batch = batchOf(bound);
  const melInput = new Float32Array(batch.size * MEL_INPUT_FLOATS);
  const facesInput = new Float32Array(batch.size * FACES_INPUT_FLOATS);
  const generated: RgbImage[] = [];

  const runChunk = async (
    frames: readonly LipsyncFrame[],
    signal: AbortSignal,
  ): Promise<{ output: Float32Array; ms: number }> => {
    frames.forEach((frame, slot) => {
      if (frame.mel.length !== MEL_INPUT_FLOATS)
        throw new Error(`A mel window must hold ${MEL_INPUT_FLOATS} floats, not ${frame.mel.length}.`);
      writeFacesInput(frame.face, facesInput, slot);
      melInput.set(frame.mel, slot * MEL_INPUT_FLOATS);
    });
    // A fixed-batch file gets its full batch (unused slots hold stale data whose output is ignored).
    const n = batch.fixed ? batch.size : frames.length;
    const before = performance.now();
    const results = await bound.run(
      {
        mel: new Tensor('float32', melInput.subarray(0, n * MEL_INPUT_FLOATS), [n, 1, 80, 16]),
        faces: new Tensor('float32', facesInput.subarray(0, n * FACES_INPUT_FLOATS), [
          n,
          6,
          WAV2LIP_CROP_SIZE,
          WAV2LIP_CROP_SIZE,
        ]),
      },
      { signal },
    );
    const ms = performance.now() - before;
    const output = results.output;
    if (!output || output.type !== 'float32' || output.data.length < frames.length * FACE_OUTPUT_FLOATS) {
      throw new DubDeskError(
        'engine_failed',
        `The lip-sync model ` +
          `returned ${output ? `${output.type} [${output.dims.join(', ')}]` : 'nothing'}, ` +
          `not ${frames.length} faces of 3x96x96.`,
      );
    }
    return { output: output.data as Float32Array, ms };
  };

  return {
    modelId: WAV2LIP_MODEL,
    title,
    cropSize: WAV2LIP_CROP_SIZE,
    batch,
    async run(frames, signal): Promise<GeneratedFaces> {
      while (generated.length < frames.length) generated.push(createRgbImage(WAV2LIP_CROP_SIZE, WAV2LIP_CROP_SIZE));
      let modelMs = 0;
      for (let start = 0; start < frames.length; start += batch.size) {
        const chunk = frames.slice(start, start + batch.size);
        const { output, ms } = await runChunk(chunk, signal);
        modelMs += ms;
        chunk.forEach((_, slot) => readFaceOutput(output, slot, generated[start + slot]));
      }
      return { faces: generated.slice(0, frames.length), modelMs };
    },
  };
}
