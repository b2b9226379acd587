import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import { findLanguage } from '../../shared/languages.js';
import type { CatalogueEntry } from '../models/catalogue.js';
import type { ModelStore } from '../models/model-store.js';
import type { SpeechRecognizer } from './asr/types.js';
import type { Diarizer } from './diarization/types.js';
import { leaseFaceDetector, type FaceDetectorLease } from './face/detector-lease.js';
import type { FaceDetector } from './face/types.js';
import { createGfpganRestorer, GFPGAN_MODEL, GFPGAN_MODEL_FILE } from './face-restore/gfpgan.js';
import type { FaceRestorer } from './face-restore/types.js';
import type { Inpainter } from './inpaint/types.js';
import type { LanguageIdentifier } from './language-id/types.js';
import type { LipsyncGenerator } from './lipsync/types.js';
import { createWav2LipGenerator, WAV2LIP_MODEL, WAV2LIP_MODEL_FILE } from './lipsync/wav2lip/generator.js';
import { missingEngineError } from './missing-model.js';
import { takePlannedEngine } from './planned-engine.js';
import { createFaceEngines } from './face-engines.js';
import type { PlannedEngineBody } from '../../shared/schemas/job-plan.js';
import { capabilityRow, type CapabilityId } from './capability-table.js';
import { ZIPVOICE_LANGUAGES, ZIPVOICE_MODEL } from '../models/entries/voices.js';
import { bergamotModelFor } from './mt/bergamot.js';
import { requirePreferredTranslator } from './mt/preferred-translator.js';
import type { Translator } from './mt/types.js';
import type { EngineSettings } from './engine-set.js';
import type { TextRecognizer } from './ocr/types.js';
import type { SourceSeparator } from './separation/types.js';
import type { TtsEngine, Voice } from './tts/types.js';
import type { VoiceActivityDetector } from './vad/types.js';
import type { EngineIdentity } from './quality.js';

/**
 * Every engine this version has, by capability, in order of preference. Model-backed and system engines are listed
 * always and say with isAvailable() whether their model or package is installed now; the require*() methods pick the
 * first available one that can do the work.
 */
export interface EngineSet {
  voiceActivityDetectors: VoiceActivityDetector[];
  speechRecognizers: SpeechRecognizer[];
  languageIdentifiers: LanguageIdentifier[];
  diarizers: Diarizer[];
  translators: Translator[];
  voices: TtsEngine[];
  separators: SourceSeparator[];
  textRecognizers: TextRecognizer[];
  inpainters: Inpainter[];
}

/** The capability of the table each list of the set holds. */
const CAPABILITY_OF_SET: Readonly<Record<keyof EngineSet, CapabilityId>> = {
  voiceActivityDetectors: 'voice-activity-detection',
  speechRecognizers: 'speech-recognition',
  languageIdentifiers: 'language-identification',
  diarizers: 'speaker-diarization',
  translators: 'translation',
  voices: 'voices',
  separators: 'source-separation',
  textRecognizers: 'text-recognition',
  inpainters: 'inpainting',
};

/** What the engines need of the model store: which models are installed, and their sessions. */
export type EngineModels = Pick<ModelStore, 'catalogue' | 'isInstalled' | 'requireInstalled' | 'openSession'>;

function languageName(code: string): string {
  return findLanguage(code)?.name ?? code;
}

export type Engines = ReturnType<typeof createEngines>;

/** The engines of a capability that can run now, in order of preference. */
export function availableEngines<T extends Partial<EngineIdentity>>(engines: readonly T[]): T[] {
  return engines.filter((engine) => engine.isAvailable?.() ?? true);
}

/** `translation_engine` (Settings): auto, or the id of the translator to use whatever else is installed. */
export const TRANSLATION_ENGINE_SETTING = 'translation_engine';

/** Picks the engine for each capability and says clearly what to install when none can do the work. */
export function createEngines(engines: Partial<EngineSet>, models: EngineModels, settings?: EngineSettings) {
  const set: EngineSet = {
    voiceActivityDetectors: [],
    speechRecognizers: [],
    languageIdentifiers: [],
    diarizers: [],
    translators: [],
    voices: [],
    separators: [],
    textRecognizers: [],
    inpainters: [],
    ...engines,
  };
  // The catalogue's model for a capability (its task in the table): one an engine runs if there is one, else the first listed.
  const modelFor = (capability: CapabilityId): CatalogueEntry | undefined => {
    const { task } = capabilityRow(capability);
    const entries = task ? models.catalogue.entries().filter((entry) => entry.task === task) : [];
    return entries.find((entry) => entry.usedBy) ?? entries[0];
  };
  // A capability no engine can serve now: the table's kind of model and way on, with the model to install.
  const missing = (capability: CapabilityId, work: string, ...given: [entry: CatalogueEntry | undefined] | []) =>
    missingEngineError(capabilityRow(capability), work, given.length ? given[0] : modelFor(capability));
  const faces = createFaceEngines(models, missing, modelFor);

  return {
    set,
    ...faces,

    /** The engine a job's plan names for `work`, by id; model_not_installed naming what went missing since the plan was made. */
    planned<K extends keyof EngineSet>(list: K, engine: PlannedEngineBody, work: string): EngineSet[K][number] {
      return takePlannedEngine(
        CAPABILITY_OF_SET[list],
        set[list] as readonly EngineSet[K][number][],
        engine,
        work,
        models,
      );
    },

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

    /** The translators a job may use, in order: only the one chosen in Settings (translation_engine), else every available one. */
    translatorsToUse(): Translator[] {
      const preferred = settings?.get(TRANSLATION_ENGINE_SETTING);
      const available = availableEngines(set.translators);
      return preferred && preferred !== 'auto'
        ? available.filter((translator) => translator.id === preferred)
        : available;
    },

    requireTranslator(source: string, target: string): Translator {
      const work = `Translating ${languageName(source)} to ${languageName(target)}`;
      const preferred = settings?.get(TRANSLATION_ENGINE_SETTING);
      if (preferred && preferred !== 'auto')
        return requirePreferredTranslator(
          set.translators,
          preferred,
          work,
          () => bergamotModelFor(models, source, target),
          source,
          target,
        );
      const engine = availableEngines(set.translators).find((translator) => translator.supports(source, target));
      if (engine) return engine;
      // Firefox Translations models are published per pair to or from English.
      throw missing('translation', work, bergamotModelFor(models, source, target));
    },

    /** The model, not installed yet, that would do better than a draft engine at this work (the plan offers its install). */
    betterModelFor(work: 'transcribe' | 'translate', source: string, target: string): CatalogueEntry | undefined {
      const entry =
        work === 'transcribe'
          ? modelFor('speech-recognition')
          : bergamotModelFor(models, source === 'auto' ? 'en' : source, target);
      return entry?.usedBy && !models.isInstalled(entry.id) ? entry : undefined;
    },

    requireTextRecognizer(languages: string[]): TextRecognizer {
      const readsAll = (recognizer: TextRecognizer) => languages.every((language) => recognizer.supports(language));
      // A model-backed recognizer (RapidOCR) is skipped until its model is installed.
      const engine = availableEngines(set.textRecognizers).find(readsAll);
      if (engine) return engine;
      const unread = languages.filter(
        (language) => !set.textRecognizers.some((recognizer) => recognizer.supports(language)),
      );
      // No engine reads these languages even with its model: offering the OCR model's install would not help.
      if (unread.length > 0 && set.textRecognizers.length > 0) {
        // The built-in OCR reads only the languages whose data ships with DubDesk; no model can be installed for others yet.
        throw new DubDeskError(
          'model_not_installed',
          `Reading on-screen text in ${unread.map(languageName).join(', ')} needs OCR data for it, ` +
            `and the built-in OCR (Tesseract) has no ${unread.map(languageName).join(', ')} data in ` +
            `this DubDesk version.`,
        );
      }
      throw missing('text-recognition', `Reading on-screen text in ${languages.map(languageName).join(', ')}`);
    },

    requireInpainter(): Inpainter {
      // A neural inpainter once its model is installed, else the built-in OpenCV one.
      const engine = availableEngines(set.inpainters)[0];
      if (engine) return engine;
      throw missing('inpainting', 'Erasing on-screen text');
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

    async dispose(): Promise<void> {
      const all: { dispose?(): Promise<void> }[] = Object.values(set).flat();
      await Promise.all([...all.map((engine) => engine.dispose?.()), faces.releaseFaceDetector()]);
    },
  };
}
