// Builds every engine of this version once, in the capability table's order of preference: the built-in ones, the
// system engines found on this machine, and the model-backed ones (available once their model is installed).
import type { ConnectGuard } from '../files/guarded-lookup.js';
import type { MediaTools } from '../media/ffmpeg-paths.js';
import type { EngineModels, EngineSet } from './registry.js';
import { capabilityRow, type CapabilityId, type EngineIdOf } from './capability-table.js';
import { createPocketsphinxRecognizer } from './asr/pocketsphinx.js';
import { createFeatureClusteringDiarizer } from './diarization/feature-clustering.js';
import { createSherpaDiarizer } from './diarization/sherpa-diarization.js';
import { createWhisperRecognizers } from './asr/whisper.js';
import { createWhisperLanguageIdentifier } from './language-id/whisper.js';
import { SherpaHost } from './sherpa/host.js';
import { createSileroVad } from './vad/silero.js';
import { createApertiumTranslator } from './mt/apertium.js';
import { createBergamotTranslator } from './mt/bergamot.js';
import { createOpenAiChatTranslator, llmEndpointFromSettings } from './mt/openai-chat.js';
import { createMdxNetSeparator } from './separation/mdx-net.js';
import { createLamaInpainter } from './inpaint/lama.js';
import { createOpenCvInpainter } from './inpaint/opencv-inpaint.js';
import { createRapidOcrRecognizer } from './ocr/rapidocr.js';
import { createTesseractRecognizer } from './ocr/tesseract.js';
import { createEspeakEngine } from './tts/espeak-engine.js';
import { createSherpaVoices } from './tts/sherpa-voices.js';
import type { TtsEngine } from './tts/types.js';
import { rowsInOrder, type RegisteredEngine } from './registered-engine.js';

/** Engine settings the user can change (Settings page, PUT /v1/settings); read at each use, so a change applies to the next job. */
export interface EngineSettings {
  get(key: string): string | undefined;
}

export interface EngineSetDeps {
  models: EngineModels;
  media: MediaTools;
  settings: EngineSettings;
  /** A folder of the data dir the engines may cache in (compiled modules, samples). */
  cacheDir: string;
  /** Which addresses a network engine (the LLM endpoint) may connect to: the rules of callback_url. */
  connectGuard?: ConnectGuard;
  /** Engines added beside the table's rows, each by its row and factory (tests). */
  registered?: readonly RegisteredEngine[];
}

export interface BuiltEngineSet {
  set: Partial<EngineSet>;
  /** The built-in eSpeak NG engine (voice samples are made with it). */
  espeak: TtsEngine;
}

export function createEngineSet(deps: EngineSetDeps): BuiltEngineSet {
  /**
   * A capability's engines, built in the order the capability table lists them (one factory per row, enforced by
   * type), registered ones where they rank.
   */
  function inTableOrder<C extends CapabilityId, T>(
    capability: C,
    factories: { readonly [K in EngineIdOf<C>]: () => T[] },
  ): T[] {
    const registered = deps.registered ?? [];
    return rowsInOrder(capabilityRow(capability).engines, capability, registered).flatMap((row) => {
      const extra = registered.find((candidate) => candidate.row === row);
      // A registered factory promises engines of the capability's kind (RegisteredEngine.create).
      return extra ? (extra.create() as T[]) : factories[row.id as EngineIdOf<C>]();
    });
  }

  const espeak = createEspeakEngine();
  // One supervised child runs every sherpa-onnx engine (a bad model must fail the job, never the service).
  const sherpa = new SherpaHost();
  return {
    espeak,
    set: {
      // Installed neural voices first (GET /v1/voices lists them first); eSpeak NG always speaks.
      voices: inTableOrder('voices', {
        'sherpa-tts': () => [createSherpaVoices(sherpa, deps.models)],
        espeak: () => [espeak],
      }),
      // The neural pair once both models are installed; the built-in clustering needs none.
      diarizers: inTableOrder('speaker-diarization', {
        'sherpa-diarization': () => [createSherpaDiarizer(sherpa, deps.models)],
        'feature-clustering': () => [createFeatureClusteringDiarizer()],
      }),
      voiceActivityDetectors: inTableOrder('voice-activity-detection', {
        'silero-vad': () => [createSileroVad(sherpa)],
      }),
      // Whisper sizes (most accurate first) once installed; system engines (OS packages, draft quality) come last.
      speechRecognizers: inTableOrder('speech-recognition', {
        whisper: () => createWhisperRecognizers(sherpa, deps.models),
        pocketsphinx: () => [createPocketsphinxRecognizer()],
      }),
      languageIdentifiers: inTableOrder('language-identification', {
        'whisper-language-id': () => [createWhisperLanguageIdentifier(sherpa, deps.models)],
      }),
      // Bergamot for installed pairs, then the user's LLM endpoint when configured, then Apertium (translation_engine overrides).
      translators: inTableOrder('translation', {
        bergamot: () => [createBergamotTranslator(deps.models)],
        llm: () => [
          createOpenAiChatTranslator({
            endpoint: () => llmEndpointFromSettings(deps.settings),
            connectGuard: deps.connectGuard,
          }),
        ],
        apertium: () => [createApertiumTranslator()],
      }),
      // Available once its model is installed; without one the mix ducks the original voice instead.
      separators: inTableOrder('source-separation', {
        'mdx-net': () => [createMdxNetSeparator({ models: deps.models, media: deps.media })],
      }),
      // LaMa once its model is installed; OpenCV's Telea inpainting (built in, draft) erases on-screen text until then.
      inpainters: inTableOrder('inpainting', {
        lama: () => [createLamaInpainter({ models: deps.models })],
        'opencv-telea': () => [createOpenCvInpainter()],
      }),
      // RapidOCR (PP-OCRv4) once its model is installed; Tesseract reads the languages whose @tesseract.js-data
      // package is installed (English and Chinese now).
      textRecognizers: inTableOrder('text-recognition', {
        rapidocr: () => [createRapidOcrRecognizer({ models: deps.models })],
        tesseract: () => [createTesseractRecognizer()],
      }),
    },
  };
}
