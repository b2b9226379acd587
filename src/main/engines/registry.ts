import type { CatalogueEntry } from '../models/catalogue.js';
import type { ModelStore } from '../models/model-store.js';
import type { SpeechRecognizer } from './asr/types.js';
import type { Diarizer } from './diarization/types.js';
import { takePlannedEngine } from './planned-engine.js';
import { createFaceEngines } from './face-engines.js';
import type { PlannedEngineBody } from '../../shared/schemas/job-plan.js';
import { capabilityRow, type CapabilityId } from './capability-table.js';
import { bergamotModelFor } from './mt/bergamot.js';
import type { Translator } from './mt/types.js';
import type { EngineSettings } from './engine-set.js';
import type { TextRecognizer } from './ocr/types.js';
import type { Inpainter } from './inpaint/types.js';
import type { LanguageIdentifier } from './language-id/types.js';
import type { SourceSeparator } from './separation/types.js';
import type { TtsEngine } from './tts/types.js';
import type { VoiceActivityDetector } from './vad/types.js';
import type { EngineChoice, MissingEngine } from './engine-choice.js';
import { missingEngineError } from './missing-model.js';
import { createSpeechEngines } from './speech-engines.js';
import { createTranslationEngines } from './translation-engines.js';
import { createScreenTextEngines } from './screen-text-engines.js';
import { createVoiceEngines } from './voice-engines.js';

// Moved beside the pickers that use them; still importable from here.
export { availableEngines } from './engine-choice.js';
export { TRANSLATION_ENGINE_SETTING } from './translation-engines.js';

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

export type Engines = ReturnType<typeof createEngines>;

/** The set, the store and the settings, with the two questions every picker asks of the capability table. */
function engineChoice(engines: Partial<EngineSet>, models: EngineModels, settings?: EngineSettings): EngineChoice {
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
  const missing: MissingEngine = (capability, work, ...given) =>
    missingEngineError(capabilityRow(capability), work, given.length ? given[0] : modelFor(capability));
  return { set, models, settings, missing, modelFor };
}

/** Picks the engine for each capability and says clearly what to install when none can do the work. */
export function createEngines(engines: Partial<EngineSet>, models: EngineModels, settings?: EngineSettings) {
  const choice = engineChoice(engines, models, settings);
  const { set, modelFor } = choice;
  const faces = createFaceEngines(models, choice.missing, modelFor);

  return {
    set,
    ...faces,
    ...createSpeechEngines(choice),
    ...createTranslationEngines(choice),
    ...createScreenTextEngines(choice),
    ...createVoiceEngines(choice),

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

    /** The model, not installed yet, that would do better than a draft engine at this work (the plan offers its install). */
    betterModelFor(work: 'transcribe' | 'translate', source: string, target: string): CatalogueEntry | undefined {
      const entry =
        work === 'transcribe'
          ? modelFor('speech-recognition')
          : bergamotModelFor(models, source === 'auto' ? 'en' : source, target);
      return entry?.usedBy && !models.isInstalled(entry.id) ? entry : undefined;
    },

    async dispose(): Promise<void> {
      const all: { dispose?(): Promise<void> }[] = Object.values(set).flat();
      await Promise.all([...all.map((engine) => engine.dispose?.()), faces.releaseFaceDetector()]);
    },
  };
}
