import path from 'node:path';
import type { SourceSeparator } from '../../engines/separation/types.js';
import type { Stage, StageContext, StageOutput } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import { DEFAULT_LOUDNESS, mixDub, type MixBackground } from './mix.js';
import type { TranslateDeps, TranslateRequest } from './types.js';
import { skippableOutput, translateOutput } from './outputs.js';

/** Share of the stage's progress that separation takes when a separation model runs (it is far slower than the mix). */
const SEPARATION_SHARE = 0.85;

/**
 * dubbing: the dub over the original's background, loudness-normalised. The background is the separated music and
 * ambience when a separation model is installed, else the original with its voice ducked where it speaks.
 */
export function mixStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'mix',
    label: 'Mixing audio',
    status: 'dubbing',
    weight: 1,
    async run({ outputs }, ctx) {
      const prepared = translateOutput(outputs, 'prepare-media');
      const dub = translateOutput(outputs, 'synthesize');
      const original = resolveWorkPath(ctx.workDir, prepared.media.path);
      const separator = prepared.media.audioCodec ? deps.engines.separator() : undefined;
      const background: MixBackground = !prepared.media.audioCodec
        ? { kind: 'none' }
        : separator
          ? await separatedBackground(separator, original, ctx)
          : duckedOriginal(original, outputs, ctx);
      const audio = 'audio/mixed.wav';
      const result = await mixDub(
        { dub: path.join(ctx.workDir, dub.dubTrack), background, durationMs: dub.outputDurationMs, slowdowns: dub.slowdowns },
        path.join(ctx.workDir, audio),
        {
          format: 'wav', target: { ...DEFAULT_LOUDNESS, integratedLufs: deps.loudnessLufs }, signal: ctx.signal, ffmpeg: deps.media.ffmpeg,
          onProgress: separator ? (fraction) => ctx.progress(SEPARATION_SHARE + fraction * (1 - SEPARATION_SHARE)) : ctx.progress,
        },
      );
      for (const line of result.log) ctx.log(line);
      return { audio, durationSec: dub.outputDurationMs / 1000 };
    },
  };
}

/** The music and ambience of the original without its voice (the separation takes most of the stage's time). */
async function separatedBackground(separator: SourceSeparator, original: string, ctx: StageContext): Promise<MixBackground> {
  ctx.log(`separating the original voice from music and ambience with ${separator.title}`);
  const stems = await separator.separate(original, path.join(ctx.workDir, 'audio/separated'), {
    signal: ctx.signal,
    onProgress: (fraction) => ctx.progress(fraction * SEPARATION_SHARE),
  });
  return { kind: 'stem', file: stems.background, separator: separator.title };
}

/** Without a separator: the original ducked where the detect-speech stage heard its voice, or under the dub for older jobs. */
function duckedOriginal(original: string, outputs: Record<string, StageOutput>, ctx: StageContext): MixBackground {
  // Jobs saved before the detect-speech stage existed (resumed after an upgrade), or run without a detector, have none.
  const speech = skippableOutput(outputs, 'detect-speech');
  if (speech) {
    ctx.log('no separation model installed: the original voice is ducked where voice activity detection heard it');
    return { kind: 'duck-speech', file: original, regions: speech.regions, detector: speech.detector };
  }
  ctx.log('no separation model installed and no speech regions for this job (saved by an older version, or no voice activity detector): the original audio is ducked under the dubbed speech instead');
  return { kind: 'duck', file: original };
}
