// The voices of every TTS engine, the cloning voice of a language, and the engine that speaks a voice.
import { DubDeskError } from '../../shared/errors.js';
import { ZIPVOICE_LANGUAGES, ZIPVOICE_MODEL } from '../models/entries/voices.js';
import { languageName, type EngineChoice } from './engine-choice.js';
import type { TtsEngine, Voice } from './tts/types.js';

export function createVoiceEngines({ set, models, missing }: Pick<EngineChoice, 'set' | 'models' | 'missing'>) {
  return {
    voices(): Voice[] {
      return set.voices.flatMap((engine) => engine.voices());
    },

    /**
     * voice_model=real: an installed voice that speaks `language` in each speaker's own voice (from their speech);
     * else model_not_installed naming the cloning model.
     */
    requireCloningVoice(language: string): Voice {
      const voice = set.voices
        .flatMap((engine) => engine.voices())
        .find((candidate) => candidate.clones && candidate.language === language);
      if (voice) return voice;
      const entry = (ZIPVOICE_LANGUAGES as readonly string[]).includes(language)
        ? models.catalogue.find(ZIPVOICE_MODEL)
        : undefined;
      throw missing(
        'voice-cloning',
        `Dubbing ${languageName(language)} in each speaker's own voice (voice_model real)`,
        entry,
      );
    },

    ttsFor(voiceId: string): TtsEngine {
      const engine = set.voices.find((candidate) => candidate.voices().some((voice) => voice.id === voiceId));
      if (!engine)
        throw new DubDeskError('not_found', `Voice ${voiceId} does not exist; GET /v1/voices lists the voices.`);
      return engine;
    },
  };
}
