// The speak step of a translate job: the voice engine that voices the translation, fixed by the request's voice or
// the first engine with a stock voice of the target language. Which of its voices each speaker gets is left to the
// run (pipelines/translate/synthesize/planned-voices.ts).
import { languagePart } from '../../../shared/languages.js';
import type { TranslateRequest } from '../../../shared/schemas/jobs.js';
import { noEngineForLanguage } from '../../engines/no-engine-for-language.js';
import type { Engines } from '../../engines/registry.js';
import type { Identified } from '../job-plan.js';
import { attempt, planned, type Step } from './plan-step.js';

/**
 * The voice every speaker gets when one is fixed by the request: selected_voice_id, or (voice_model real) the cloning
 * voice of the target language.
 */
function fixedVoiceId(request: TranslateRequest, engines: Engines): string | undefined {
  if (request.selected_voice_id) return request.selected_voice_id;
  return request.voice_model === 'real'
    ? engines.requireCloningVoice(languagePart(request.target_language)).id
    : undefined;
}

export function speakStep(request: TranslateRequest, engines: Engines): Step {
  const step = 'speak' as const;
  const target = languagePart(request.target_language);
  const fixed = attempt(() => fixedVoiceId(request, engines));
  if (!('engine' in fixed)) return { step, missing: fixed.missing };
  const voiceId = fixed.engine;
  const engine = voiceId
    ? attempt(() => engines.ttsFor(voiceId))
    : attempt(() => {
        const found = engines.set.voices.find((candidate) =>
          candidate.voices().some((voice) => voice.language === target && !voice.clones),
        );
        if (!found) throw noEngineForLanguage('voices', request.target_language);
        return found;
      });
  if (!('engine' in engine)) return { step, missing: engine.missing };
  const voice = engine.engine
    .voices()
    .find((candidate) => (voiceId ? candidate.id === voiceId : candidate.language === target && !candidate.clones));
  const identity = engine.engine as unknown as Identified;
  // The table titles each voice engine (one added outside it is named by its id); its voices say their quality.
  const title = engine.engine.title ?? engine.engine.id;
  const note = voice?.clones
    ? "each speaker's voice is cloned from 3 to 10 s of their own speech (the separated vocals when a separation model is installed)"
    : undefined;
  return {
    step,
    engine: planned('voices', { ...identity, id: engine.engine.id, title }, voice?.quality ?? 'draft'),
    ...(note ? { note } : {}),
  };
}
