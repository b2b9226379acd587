// UVR MDX-Net vocal separation (catalogue 'uvr-mdx-net-inst-hq-3'): the model reads a stereo spectrogram chunk and
// returns the instrumental's; the voice is the mix minus it. Chunks of about 6 s are read, separated and written one
// at a time (UVR's trimmed chunking: each keeps only its middle, so no seam sits near a chunk's edge).
import fs from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import { probeMedia } from '../../media/probe.js';
import type { BoundSession } from '../../models/model-store.js';
import { Tensor } from '../../models/onnx-runtime.js';
import type { EngineModels } from '../registry.js';
import { createMdxSpectrogram, type MdxShape } from './mdx-spectrogram.js';
import { openStereoReader, openStereoWavWriter, type StereoReader, type StereoWriter } from './stereo-pcm.js';
import type { SeparatedStems, SourceSeparator } from './types.js';

export const MDX_NET_MODEL = 'uvr-mdx-net-inst-hq-3';
export const MDX_NET_MODEL_FILE = 'UVR-MDX-NET-Inst_HQ_3.onnx';
/** MDX-Net models are trained on 44.1 kHz stereo. */
export const MDX_SAMPLE_RATE = 44100;

export interface MdxModelSettings extends MdxShape {
  /** UVR's per-model gain on the model's own stem. */
  compensate: number;
  /** Which stem the model outputs; the other is the mix minus it. */
  primary: 'background' | 'vocals';
}

/**
 * UVR's model_data for Inst HQ 3 (hash 55657dd70583b0fedfba5f67df11d711): n_fft 6144, dim_f 3072, dim_t 2^8,
 * compensate 1.022, Instrumental.
 */
export const INST_HQ_3_SETTINGS: MdxModelSettings = {
  nFft: 6144,
  hop: 1024,
  dimF: 3072,
  dimT: 256,
  compensate: 1.022,
  primary: 'background',
};
/** UVR zeroes the lowest bins (under 22 Hz) before the model. */
const ZEROED_LOW_BINS = 3;

export interface MdxNetDeps {
  models: EngineModels;
  media: MediaTools;
  settings?: MdxModelSettings;
}

/** One chunk through the model: the stem's spectrogram, checked to have the input's shape. */
async function runModel(
  bound: BoundSession,
  spectrogram: Float32Array,
  shape: MdxShape,
  signal: AbortSignal,
): Promise<Float32Array> {
  const dims = [1, 4, shape.dimF, shape.dimT];
  const results = await bound.run({ input: new Tensor('float32', spectrogram, dims) }, { signal });
  const output = results.output;
  if (!output || output.type !== 'float32' || output.data.length !== spectrogram.length) {
    throw new DubDeskError(
      'engine_failed',
      `The separation model ` +
        `returned ${output ? `${output.type} [${output.dims.join(', ')}]` : 'nothing'}, not a ` +
        `spectrogram of [${dims.join(', ')}].`,
    );
  }
  return output.data as Float32Array;
}

export function createMdxNetSeparator(deps: MdxNetDeps): SourceSeparator & { isAvailable(): boolean } {
  const settings = deps.settings ?? INST_HQ_3_SETTINGS;
  const title = deps.models.catalogue.find(MDX_NET_MODEL)?.title ?? 'UVR MDX-Net';
  return {
    id: 'mdx-net',
    title,
    quality: 'standard',
    isAvailable: () => deps.models.isInstalled(MDX_NET_MODEL),

    async separate(audioFile, outDir, options): Promise<SeparatedStems> {
      const { signal } = options;
      const bound = await deps.models.openSession(MDX_NET_MODEL, MDX_NET_MODEL_FILE);
      const info = await probeMedia(audioFile, { ffprobe: deps.media.ffprobe, signal });
      const totalFrames = Math.max(1, Math.round(info.durationSec * MDX_SAMPLE_RATE));
      const mdx = createMdxSpectrogram(settings);
      const chunk = mdx.chunkSamples;
      const trim = settings.nFft / 2;
      const kept = chunk - 2 * trim;
      await fs.mkdir(outDir, { recursive: true });
      const stems: SeparatedStems = {
        vocals: path.join(outDir, 'vocals.wav'),
        background: path.join(outDir, 'background.wav'),
      };

      const reader: StereoReader = openStereoReader(deps.media.ffmpeg, audioFile, MDX_SAMPLE_RATE, signal);
      const vocalsOut: StereoWriter = openStereoWavWriter(deps.media.ffmpeg, stems.vocals, MDX_SAMPLE_RATE, signal);
      const backgroundOut: StereoWriter = openStereoWavWriter(
        deps.media.ffmpeg,
        stems.background,
        MDX_SAMPLE_RATE,
        signal,
      );
      const mix = { left: new Float32Array(chunk), right: new Float32Array(chunk) };
      const stem = { left: new Float32Array(chunk), right: new Float32Array(chunk) };
      const vocals = { left: new Float32Array(chunk), right: new Float32Array(chunk) };
      const spectrogram = new Float32Array(mdx.size);
      const plane = settings.dimF * settings.dimT;
      try {
        // The buffer starts with `trim` samples of silence, as UVR pads the input.
        let valid = trim + (await reader.readInto(mix.left, mix.right, trim, chunk - trim));
        let ended = valid < chunk;
        let written = 0;
        while (valid > trim) {
          signal.throwIfAborted();
          mix.left.fill(0, valid);
          mix.right.fill(0, valid);
          mdx.forward(mix.left, mix.right, spectrogram);
          for (let channel = 0; channel < 4; channel++)
            spectrogram.fill(0, channel * plane, channel * plane + ZEROED_LOW_BINS * settings.dimT);
          mdx.inverse(await runModel(bound, spectrogram, settings, signal), stem.left, stem.right);
          // Only the middle of the chunk is kept: [trim, trim + kept) is clear of the STFT's edge effects.
          const count = Math.min(kept, valid - trim);
          for (const side of ['left', 'right'] as const) {
            for (let i = trim; i < trim + count; i++) {
              const own = stem[side][i] * settings.compensate;
              const background = settings.primary === 'background' ? own : mix[side][i] - own;
              stem[side][i] = background;
              vocals[side][i] = mix[side][i] - background;
            }
          }
          await backgroundOut.write(stem.left, stem.right, trim, count);
          await vocalsOut.write(vocals.left, vocals.right, trim, count);
          written += count;
          options.onProgress?.(Math.min(0.99, written / totalFrames));
          if (ended && valid - trim <= kept) break;
          // Slide by `kept`: the last 2·trim samples (context and the next chunk's first samples) move to the front.
          mix.left.copyWithin(0, kept, chunk);
          mix.right.copyWithin(0, kept, chunk);
          valid -= kept;
          if (!ended) {
            const read = await reader.readInto(mix.left, mix.right, valid, chunk - valid);
            ended = read < chunk - valid;
            valid += read;
          }
        }
        await reader.close();
        await Promise.all([backgroundOut.close(), vocalsOut.close()]);
        signal.throwIfAborted();
      } catch (error) {
        await Promise.all([reader.stop(), vocalsOut.stop(), backgroundOut.stop()]);
        throw error;
      }
      options.onProgress?.(1);
      return stems;
    },
  };
}
