// LaMa (big-lama, Carve's fixed 512x512 ONNX export; catalogue 'lama'): neural inpainting that carries texture and
// lines into the hole where Telea smears. Square tiles around the mask go through the model one at a time, and only
// the masked pixels of each answer are pasted into a copy of the frame, so every other pixel stays exactly as it was.
import { DubDeskError } from '../../../shared/errors.js';
import type { RgbImage } from '../../media/image/rgb-image.js';
import type { BoundSession } from '../../models/model-store.js';
import { Tensor } from '../../models/onnx-runtime.js';
import type { EngineModels } from '../registry.js';
import { pasteLamaCore, readLamaOutput, writeLamaInput } from './lama-tensors.js';
import { planLamaTiles, type LamaTile } from './lama-tiles.js';
import { maskBounds } from './mask-bounds.js';
import type { Inpainter, InpaintMask } from './types.js';
import { engineRow } from '../capability-table.js';

/** The capability table's row: this engine's title and quality. */
const ROW = engineRow('inpainting', 'lama');

/** Catalogue id and file of the model (src/main/models/entries/video.ts). */
export const LAMA_MODEL = 'lama';
export const LAMA_MODEL_FILE = 'lama_fp32.onnx';
/** The export's fixed input side. */
export const LAMA_SIDE = 512;

export interface LamaDeps {
  models: EngineModels;
}

export function createLamaInpainter(deps: LamaDeps): Inpainter & { isAvailable(): boolean } {
  const plane = LAMA_SIDE * LAMA_SIDE;
  const imageInput = new Float32Array(3 * plane);
  const maskInput = new Float32Array(plane);
  // One tile at a time across jobs: a run takes about 1 GB and every core, and the input buffers are shared.
  let queue: Promise<unknown> = Promise.resolve();

  const openModel = async (): Promise<BoundSession> => {
    try {
      return await deps.models.openSession(LAMA_MODEL, LAMA_MODEL_FILE);
    } catch (error) {
      if (error instanceof DubDeskError && error.code === 'engine_failed' && !/install it again/.test(error.message)) {
        throw new DubDeskError(
          'engine_failed',
          `${error.message} Remove the LaMa model (\`dubdesk models remove ${LAMA_MODEL}\`) and install it again.`,
          { cause: error, retryable: false },
        );
      }
      throw error;
    }
  };

  const fillTile = async (
    bound: BoundSession,
    frame: RgbImage,
    holes: InpaintMask,
    tile: LamaTile,
    signal: AbortSignal,
  ): Promise<void> => {
    writeLamaInput(frame, holes, tile, LAMA_SIDE, imageInput, maskInput);
    const results = await bound.run(
      {
        image: new Tensor('float32', imageInput, [1, 3, LAMA_SIDE, LAMA_SIDE]),
        mask: new Tensor('float32', maskInput, [1, 1, LAMA_SIDE, LAMA_SIDE]),
      },
      { signal },
    );
    const output = results.output;
    if (!output || output.type !== 'float32' || output.data.length !== 3 * plane) {
      throw new DubDeskError(
        'engine_failed',
        `The LaMa model ` +
          `returned ${output ? `${output.type} [${output.dims.join(', ')}]` : 'nothing'}, not a ` +
          `picture of [1, 3, ${LAMA_SIDE}, ${LAMA_SIDE}].`,
      );
    }
    pasteLamaCore(readLamaOutput(output.data as Float32Array, LAMA_SIDE), tile, frame, holes);
  };

  return {
    id: 'lama',
    title: ROW.title,
    quality: ROW.quality,
    isAvailable: () => deps.models.isInstalled(LAMA_MODEL),

    async inpaint(image: RgbImage, mask: InpaintMask, signal: AbortSignal): Promise<RgbImage> {
      if (mask.width !== image.width || mask.height !== image.height) {
        throw new DubDeskError(
          'internal',
          `Inpainting mask is ${mask.width}x${mask.height}, the picture ${image.width}x${image.height}.`,
        );
      }
      signal.throwIfAborted();
      const out: RgbImage = { data: new Uint8Array(image.data), width: image.width, height: image.height };
      const bounds = maskBounds(mask);
      if (!bounds) return out;
      const bound = await openModel();
      // Pixels still to fill: each tile clears its core's, and later tiles see them as known context.
      const holes: InpaintMask = { data: new Uint8Array(mask.data), width: mask.width, height: mask.height };
      for (const tile of planLamaTiles(bounds, image.width, image.height, LAMA_SIDE)) {
        signal.throwIfAborted();
        const run = queue.then(() => {
          signal.throwIfAborted();
          return fillTile(bound, out, holes, tile, signal);
        });
        queue = run.catch(() => undefined);
        await run;
      }
      return out;
    },
  };
}
