import { DubDeskError } from '../../shared/errors.js';
import { findLanguage } from '../../shared/languages.js';
import type { SpeechRecognizer } from './asr/types.js';
import type { Translator } from './mt/types.js';
import type { SourceSeparator } from './separation/types.js';
import type { TtsEngine, Voice } from './tts/types.js';

/** The engines a pipeline may use; engines that need a model are present only when it is installed. */
export interface EngineSet {
  speechRecognizers: SpeechRecognizer[];
  translators: Translator[];
  voices: TtsEngine[];
  separators: SourceSeparator[];
}

/** Catalogue ids named when an engine is missing (src/main/models/catalogue.ts). */
const ASR_MODEL = 'whisper-base';

function languageName(code: string): string {
  return findLanguage(code)?.name ?? code;
}

export type Engines = ReturnType<typeof createEngines>;

/** Picks the engine for each capability and says clearly what to install when none can do the work. */
export function createEngines(set: EngineSet, isModelInstalled: (id: string) => boolean) {
  return {
    set,

    requireSpeechRecognizer(): SpeechRecognizer {
      const engine = set.speechRecognizers[0];
      if (engine) return engine;
      // No engine consumes a speech-recognition model yet (the catalogue marks it "not used yet"), so none is offered.
      throw new DubDeskError('model_not_installed', `Transcribing speech needs a speech-recognition model this DubDesk version can run, and it has none yet (${ASR_MODEL} in the catalogue waits for its engine): give the speech as subtitle_url (an SRT file).`);
    },

    requireTranslator(source: string, target: string): Translator {
      const engine = set.translators.find((translator) => translator.supports(source, target));
      if (!engine) {
        throw new DubDeskError('model_not_installed', `Translating ${languageName(source)} to ${languageName(target)} needs a translation model, and none that this DubDesk can run is installed; give subtitles already translated (subtitle_usage_type=final_translated) instead.`);
      }
      return engine;
    },

    separator(): SourceSeparator | undefined {
      return set.separators[0];
    },

    voices(): Voice[] {
      return set.voices.flatMap((engine) => engine.voices());
    },

    ttsFor(voiceId: string): TtsEngine {
      const engine = set.voices.find((candidate) => candidate.voices().some((voice) => voice.id === voiceId));
      if (!engine) throw new DubDeskError('not_found', `Voice ${voiceId} does not exist; GET /v1/voices lists the voices.`);
      return engine;
    },

    async dispose(): Promise<void> {
      await Promise.all(set.voices.map((engine) => engine.dispose?.()));
    },
  };
}
