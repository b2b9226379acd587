// The engines that listen to the input's audio: voice activity, speech recognition, language identification,
// speaker diarization and source separation, each the first available one that can do the work.
import { DubDeskError } from '../../shared/errors.js';
import type { SpeechRecognizer } from './asr/types.js';
import type { Diarizer } from './diarization/types.js';
import { availableEngines, languageName, type EngineChoice } from './engine-choice.js';
import type { LanguageIdentifier } from './language-id/types.js';
import type { SourceSeparator } from './separation/types.js';
import type { VoiceActivityDetector } from './vad/types.js';

export function createSpeechEngines({ set, missing }: Pick<EngineChoice, 'set' | 'missing'>) {
  return {
    /** Built in (Silero), so always there unless a test leaves it out. */
    requireVoiceActivityDetector(): VoiceActivityDetector {
      const engine = availableEngines(set.voiceActivityDetectors)[0];
      if (engine) return engine;
      throw new DubDeskError('internal', 'No voice activity detector is configured.');
    },

    /** The preferred engine that can transcribe `language` ('auto': detect it). */
    requireSpeechRecognizer(language: string | 'auto' = 'auto'): SpeechRecognizer {
      const engine = availableEngines(set.speechRecognizers).find((candidate) => candidate.supports(language));
      if (engine) return engine;
      throw missing(
        'speech-recognition',
        language === 'auto' ? 'Transcribing speech' : `Transcribing ${languageName(language)} speech`,
      );
    },

    requireLanguageIdentifier(): LanguageIdentifier {
      const engine = availableEngines(set.languageIdentifiers)[0];
      if (engine) return engine;
      throw missing('language-identification', 'Identifying the spoken language');
    },

    requireDiarizer(): Diarizer {
      const engine = availableEngines(set.diarizers)[0];
      if (engine) return engine;
      throw missing('speaker-diarization', 'Telling speakers apart');
    },

    requireSeparator(): SourceSeparator {
      const engine = availableEngines(set.separators)[0];
      if (engine) return engine;
      throw missing('source-separation', 'Separating speech from music and ambience');
    },

    /** Optional: a mix without it keeps the original background under the dub. */
    separator(): SourceSeparator | undefined {
      return availableEngines(set.separators)[0];
    },
  };
}
