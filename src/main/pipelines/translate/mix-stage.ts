import path from 'node:path';
import type { Stage } from '../types.js';
import { DEFAULT_LOUDNESS, mixDub, type MixBackground } from './mix.js';
import type { SynthesizedDub } from './synthesize.js';
import type { TranslateDeps, TranslateRequest, PreparedMedia } from './types.js';

/** dubbing: the dub over the original's background: ducked original audio (or a separated stem), loudness-normalised. */
export function mixStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'mix',
    status: 'dubbing',
    weight: 1,
    async run({ outputs }, ctx) {
      const prepared = outputs['prepare-media'] as PreparedMedia;
      const dub = outputs.synthesize as SynthesizedDub;
      const background: MixBackground = prepared.media.audioCodec ? { kind: 'duck', file: prepared.media.path } : { kind: 'none' };
      if (background.kind === 'duck') ctx.log('no separation model installed: the original audio is ducked under the dubbed speech');
      const audio = 'audio/mixed.wav';
      const result = await mixDub(
        { dub: path.join(ctx.workDir, dub.dubTrack), background, durationMs: dub.outputDurationMs, slowdowns: dub.slowdowns },
        path.join(ctx.workDir, audio),
        { format: 'wav', target: { ...DEFAULT_LOUDNESS, integratedLufs: deps.loudnessLufs }, signal: ctx.signal, onProgress: ctx.progress, ffmpeg: deps.media.ffmpeg },
      );
      for (const line of result.log) ctx.log(line);
      return { audio, durationSec: dub.outputDurationMs / 1000 };
    },
  };
}
