import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Stage } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import { translateOutput } from './outputs.js';
import type { SeparatedAudio, TranslateDeps, TranslateRequest } from './types.js';
import { plannedEngineOf, plannedStep } from './planned-step.js';

const STEMS_DIR = 'audio/separated';

/**
 * dubbing: the original voice split from music and ambience, once per job (a retry of a later stage reuses the
 * stems). Skipped when no separation model is installed: the mix then ducks the original voice instead.
 */
export function separateStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'separate',
    label: 'Separating speech from music',
    status: 'dubbing',
    weight: 2,
    skip: (input) => {
      if (!translateOutput(input.outputs, 'prepare-media').media.audioCodec) return 'the input has no audio';
      return plannedStep(input, deps.engines, 'separate')?.skipped;
    },
    async run(input, ctx) {
      const prepared = translateOutput(input.outputs, 'prepare-media');
      const separator = deps.engines.planned(
        'separators',
        plannedEngineOf(input, deps.engines, 'separate'),
        'Separating speech from music and ambience',
      );
      const original = resolveWorkPath(ctx.workDir, prepared.media.path);
      ctx.log(`separating the original voice from music and ambience with ${separator.title}`);
      // Stems of a run cut short would be mixed as if whole: start clean.
      await rm(path.join(ctx.workDir, STEMS_DIR), { recursive: true, force: true });
      const stems = await separator.separate(original, path.join(ctx.workDir, STEMS_DIR), {
        signal: ctx.signal,
        onProgress: ctx.progress,
      });
      const relative = (file: string) => path.relative(ctx.workDir, path.resolve(ctx.workDir, file));
      return {
        vocals: relative(stems.vocals),
        background: relative(stems.background),
        separator: separator.title,
        engine: separator.title,
      } satisfies SeparatedAudio;
    },
  };
}
