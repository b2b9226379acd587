// The voices a dub speaks with: only the planned voice engine's (the plan's speak step names it). Which of them each
// speaker gets is left to the run (dubbing/choose-voices.ts); another engine's voice is never taken.
import { findLanguage, languagePart } from '../../../../shared/languages.js';
import { ModelNotInstalledError } from '../../../engines/missing-model.js';
import type { Engines } from '../../../engines/registry.js';
import { voicesForLanguage } from '../../../engines/tts/voice-catalogue.js';
import type { TtsEngine, Voice } from '../../../engines/tts/types.js';

const WORK = 'Voicing the translation';

function languageName(code: string): string {
  return findLanguage(code)?.name ?? code;
}

function lostSincePlanned(engine: TtsEngine, what: string): ModelNotInstalledError {
  return new ModelNotInstalledError(
    `${WORK} was planned with ${engine.title ?? engine.id}, which has no ${what} installed now (removed since ` +
      `the job was planned). Install one from the Models page (GET /v1/models lists them) and retry the job.`,
  );
}

/**
 * The planned engine's voices for choose-voices.ts: with selected_voice_id, all of them (the plan took the engine of
 * that voice); otherwise they must still hold a stock voice of the target language.
 */
export function plannedVoices(engine: TtsEngine, targetLanguage: string, selected: boolean): Voice[] {
  const voices = engine.voices();
  if (selected || voicesForLanguage(targetLanguage, voices).some((voice) => !voice.clones)) return voices;
  throw lostSincePlanned(engine, `${languageName(languagePart(targetLanguage))} voice`);
}

/** voice_model real: the planned engine's voice that clones `language`; model_not_installed when no engine has one. */
export function plannedCloningVoice(
  engine: TtsEngine,
  language: string,
  engines: Pick<Engines, 'requireCloningVoice'>,
): Voice {
  const voice = engine.voices().find((candidate) => candidate.clones && candidate.language === language);
  if (voice) return voice;
  // With no cloning voice anywhere the registry names the model to install; one of another engine is not taken.
  engines.requireCloningVoice(language);
  throw lostSincePlanned(engine, `voice that clones ${languageName(language)} speech`);
}
