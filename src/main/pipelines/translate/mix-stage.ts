import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Stage, StageContext, StageOutput } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import { DEFAULT_LOUDNESS, mixDub, type MixBackground } from '../../media/audio-mix.js';
import type { TranslateDeps, TranslateRequest } from './types.js';
import { skippableOutput, translateOutput, type MixedAudio } from './outputs.js';
import { keepsStems } from './project-mode.js';
import { readProjectSnapshot } from '../project-snapshot.js';

/**
 * dubbing: the dub over the original's background, loudness-normalised. The background is the separate stage's
 * music and ambience when it ran, else the original with its voice ducked where it speaks.
 */
export function mixStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'mix',
    label: 'Mixing audio',
    status: 'dubbing',
    weight: 0.5,
    async run({ request, outputs }, ctx) {
      const prepared = translateOutput(outputs, 'prepare-media');
      const dub = translateOutput(outputs, 'synthesize');
      const original = resolveWorkPath(ctx.workDir, prepared.media.path);
      const separated = skippableOutput(outputs, 'separate');
      const background: MixBackground = !prepared.media.audioCodec
        ? { kind: 'none' }
        : separated
          ? { kind: 'stem', file: resolveWorkPath(ctx.workDir, separated.background), separator: separated.separator }
          : duckedOriginal(original, outputs, ctx);
      const audio = 'audio/mixed.wav';
      const previous = (await readProjectSnapshot(ctx.workDir))?.previousOutputs.mix as MixedAudio | undefined;
      const result = await mixDub(
        {
          dub: path.join(ctx.workDir, dub.dubTrack),
          background,
          durationMs: dub.outputDurationMs,
          slowdowns: dub.slowdowns,
        },
        path.join(ctx.workDir, audio),
        {
          format: 'wav',
          target: { ...DEFAULT_LOUDNESS, integratedLufs: deps.loudnessLufs },
          keepGainDb: previous?.gainDb,
          signal: ctx.signal,
          ffmpeg: deps.media.ffmpeg,
          onProgress: ctx.progress,
        },
      );
      for (const line of result.log) ctx.log(line);
      // The vocal stem served the voice cloning; nothing after the mix reads it, and it is as large as the original's audio.
      if (separated && !(await keepsStems(request, ctx.workDir)))
        await rm(resolveWorkPath(ctx.workDir, separated.vocals), { force: true });
      return { audio, durationSec: dub.outputDurationMs / 1000, gainDb: result.gainDb } satisfies MixedAudio;
    },
  };
}

/** Without a separator: the original ducked where the detect-speech stage heard its voice, or under the dub for older jobs. */
function duckedOriginal(original: string, outputs: Record<string, StageOutput>, ctx: StageContext): MixBackground {
  // Jobs saved before the detect-speech stage existed (resumed after an upgrade), or run without a detector, have none.
  const speech = skippableOutput(outputs, 'detect-speech');
  if (speech) {
    ctx.log('no separation model installed: the original voice is ducked where voice activity detection heard it');
    return { kind: 'duck-speech', file: original, regions: speech.regions, detector: speech.detector };
  }
  ctx.log(
    'no separation model installed and no speech regions for this job (saved by an older ' +
      'version, or no voice activity detector): the original audio is ducked under the dubbed ' +
      'speech instead',
  );
  return { kind: 'duck', file: original };
}
