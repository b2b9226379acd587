import path from 'node:path';
import type { Stage } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import { DEFAULT_LOUDNESS, mixDub, type MixBackground } from './mix.js';
import type { TranslateDeps, TranslateRequest } from './types.js';
import { translateOutput } from './outputs.js';

/** dubbing: the dub over the original's background: ducked original audio (or a separated stem), loudness-normalised. */
export function mixStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'mix',
    label: 'Mixing audio',
    status: 'dubbing',
    weight: 1,
    async run({ outputs }, ctx) {
      const prepared = translateOutput(outputs, 'prepare-media');
      const dub = translateOutput(outputs, 'synthesize');
      const background: MixBackground = prepared.media.audioCodec ? { kind: 'duck', file: resolveWorkPath(ctx.workDir, prepared.media.path) } : { kind: 'none' };
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
