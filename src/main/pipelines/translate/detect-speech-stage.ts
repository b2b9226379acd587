import path from 'node:path';
import type { Stage } from '../types.js';
import { translateOutput } from './outputs.js';
import type { SpeechActivity, TranslateDeps, TranslateRequest } from './types.js';
import { plannedEngineOf, plannedStep } from './planned-step.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** preprocessing: where the original speaks (voice activity detection): transcription listens there, the mix ducks there. */
export function detectSpeechStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'detect-speech',
    label: 'Finding speech',
    status: 'preprocessing',
    weight: 0.5,
    // Only a core built without one (a test) lacks it; subtitles then say where the speech is, as the plan says.
    skip: (input) => plannedStep(input, deps.engines, 'detect-speech')?.skipped,
    async run(input, ctx) {
      const prepared = translateOutput(input.outputs, 'prepare-media');
      const detector = deps.engines.planned(
        'voiceActivityDetectors',
        plannedEngineOf(input, deps.engines, 'detect-speech'),
        'Finding the speech',
      );
      const regions = await detector.detect(path.join(ctx.workDir, prepared.speechWav), {
        signal: ctx.signal,
        onProgress: ctx.progress,
      });
      const speechMs = regions.reduce((sum, region) => sum + region.endMs - region.startMs, 0);
      ctx.log(
        `${detector.title} found ${regions.length} stretch${regions.length === 1 ? '' : 'es'} of ` +
          `speech, ${seconds(speechMs)} of ${seconds(prepared.media.durationSec * 1000)}`,
      );
      return { regions, detector: detector.title, engine: detector.title } satisfies SpeechActivity;
    },
  };
}
