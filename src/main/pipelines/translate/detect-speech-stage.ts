import path from 'node:path';
import { availableEngines } from '../../engines/registry.js';
import type { Stage } from '../types.js';
import { givenLinesSource } from './lines.js';
import { translateOutput } from './outputs.js';
import type { SpeechActivity, TranslateDeps, TranslateRequest } from './types.js';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** preprocessing: where the original speaks (voice activity detection): transcription listens there, the mix ducks there. */
export function detectSpeechStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'detect-speech',
    label: 'Finding speech',
    status: 'preprocessing',
    weight: 0.5,
    // Only a core built without one (a test) lacks it; subtitles then say where the speech is.
    skip: ({ request }) => (givenLinesSource(request) && !availableEngines(deps.engines.set.voiceActivityDetectors).length
      ? 'no voice activity detector is configured: the subtitles say where the speech is' : undefined),
    async run({ outputs }, ctx) {
      const prepared = translateOutput(outputs, 'prepare-media');
      const detector = deps.engines.requireVoiceActivityDetector();
      const regions = await detector.detect(path.join(ctx.workDir, prepared.speechWav), { signal: ctx.signal, onProgress: ctx.progress });
      const speechMs = regions.reduce((sum, region) => sum + region.endMs - region.startMs, 0);
      ctx.log(`${detector.title} found ${regions.length} stretch${regions.length === 1 ? '' : 'es'} of speech, ${seconds(speechMs)} of ${seconds(prepared.media.durationSec * 1000)}`);
      return { regions, detector: detector.title, engine: detector.title } satisfies SpeechActivity;
    },
  };
}
