// Neural voices from the model manager, spoken by sherpa-onnx OfflineTts in the supervised child: every installed
// Piper voice (`piper:en_US-lessac-medium`), Kokoro's voices (`kokoro:af_heart`) and ZipVoice, which clones the voice
// of the reference speech a request gives (`zipvoice:clone-en`, `zipvoice:clone-zh`). Which voices exist is read from
// the installed models at each call, so an install or removal shows at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import type { CatalogueEntry } from '../../models/catalogue.js';
import {
  ESPEAK_DATA_DIR,
  findPiperVoice,
  KOKORO_FILES,
  KOKORO_LANGUAGES,
  KOKORO_MODEL,
  KOKORO_SPEAKERS,
  PIPER_ID_PREFIX,
  PIPER_TOKENS_FILE,
  ZIPVOICE_FILES,
  ZIPVOICE_LANGUAGES,
  ZIPVOICE_MODEL,
} from '../../models/entries/voices.js';
import { engineRow } from '../capability-table.js';
import type { EngineModels } from '../registry.js';
import type { SherpaHost } from '../sherpa/host.js';
import { SHERPA_TTS_OP, type SherpaTtsArgs, type SherpaTtsModel } from '../sherpa/ops/tts.js';
import { cleanSpeechText } from './espeak-cli.js';
import type { SynthesisRequest, SynthesizedSpeech, TtsEngine, Voice, VoiceGender } from './types.js';

export const SHERPA_VOICES_ENGINE_ID = 'sherpa-tts';
const THREADS = Math.min(2, os.availableParallelism());
/** Piper's medium voices speak at 22.05 kHz, Kokoro and ZipVoice at 24 kHz (only used for empty text). */
const EMPTY_RATE = 22_050;

/** A voice of this engine with what synthesis needs to find its model. */
interface NeuralVoice extends Voice {
  modelId: string;
  sid: number;
  /** Kokoro: the eSpeak voice for words outside its lexicons. */
  espeak?: string;
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `en_US-lessac-medium` of a Piper entry: its one ONNX file's name. */
function piperVoiceName(entry: CatalogueEntry): string | undefined {
  const onnx = entry.files.filter((file) => file.name.endsWith('.onnx'));
  return onnx.length === 1 ? onnx[0].name.slice(0, -'.onnx'.length) : undefined;
}

function piperVoice(entry: CatalogueEntry, name: string): NeuralVoice | undefined {
  const match = /^([a-z]{2,3})_([A-Za-z]{2})-([a-z0-9_]+)-([a-z_]+)$/.exec(name);
  if (!match) return undefined;
  const [, languagePart, region, speaker, quality] = match;
  const language = findLanguage(languagePart)?.code ?? languagePart;
  const gender: VoiceGender = findPiperVoice(name)?.gender ?? 'neutral';
  return {
    id: `piper:${name}`,
    name: `${speaker.split('_').map(capitalise).join(' ')} (Piper, ${languagePart}-${region.toUpperCase()}, ${quality.replace('_', ' ')})`,
    language,
    locale: `${languagePart}-${region.toLowerCase()}`,
    gender,
    engine: 'piper',
    quality: 'standard',
    modelId: entry.id,
    sid: 0,
  };
}

function kokoroVoices(): NeuralVoice[] {
  return KOKORO_SPEAKERS.flatMap((speaker, sid) => {
    const languageInfo = KOKORO_LANGUAGES[speaker[0]];
    if (!languageInfo) return [];
    const [language, locale, espeak] = languageInfo;
    const gender: VoiceGender = speaker[1] === 'f' ? 'female' : speaker[1] === 'm' ? 'male' : 'neutral';
    return [
      {
        id: `kokoro:${speaker}`,
        name: `${capitalise(speaker.slice(3))} (Kokoro, ${locale})`,
        language,
        locale,
        gender,
        engine: 'kokoro',
        quality: 'standard' as const,
        modelId: KOKORO_MODEL,
        sid,
        espeak,
      },
    ];
  });
}

const LANGUAGE_NAMES: Readonly<Record<string, string>> = { en: 'English', zh: 'Chinese' };

/** One cloning voice per language ZipVoice speaks: the voice is the reference's, the language the text's. */
const ZIPVOICE_VOICES: readonly NeuralVoice[] = ZIPVOICE_LANGUAGES.map((language) => ({
  id: `zipvoice:clone-${language}`,
  name: `The speaker's own voice (ZipVoice cloning, ${LANGUAGE_NAMES[language]})`,
  language,
  gender: 'neutral',
  engine: 'zipvoice',
  quality: 'standard',
  clones: true,
  modelId: ZIPVOICE_MODEL,
  sid: 0,
}));

/** The model's files as the op wants them. */
function modelFiles(models: EngineModels, voice: NeuralVoice): SherpaTtsModel {
  const installed = models.requireInstalled(voice.modelId);
  const dir = (name: string) => path.join(installed.dir, name);
  if (voice.modelId === KOKORO_MODEL) {
    return {
      kind: 'kokoro',
      model: installed.file(KOKORO_FILES.model),
      voices: installed.file(KOKORO_FILES.voices),
      tokens: installed.file(KOKORO_FILES.tokens),
      dataDir: dir(ESPEAK_DATA_DIR),
      lexicon: KOKORO_FILES.lexicons.map((name) => installed.file(name)).join(','),
    };
  }
  if (voice.modelId === ZIPVOICE_MODEL) {
    return {
      kind: 'zipvoice',
      encoder: installed.file(ZIPVOICE_FILES.encoder),
      decoder: installed.file(ZIPVOICE_FILES.decoder),
      vocoder: installed.file(ZIPVOICE_FILES.vocoder),
      tokens: installed.file(ZIPVOICE_FILES.tokens),
      dataDir: dir(ESPEAK_DATA_DIR),
      lexicon: installed.file(ZIPVOICE_FILES.lexicon),
    };
  }
  const name = piperVoiceName(installed.entry)!;
  // Voices that spell by characters (frontend=characters in their metadata) come without eSpeak's data.
  const espeakData = dir(ESPEAK_DATA_DIR);
  return {
    kind: 'vits',
    model: installed.file(`${name}.onnx`),
    tokens: installed.file(PIPER_TOKENS_FILE),
    dataDir: fs.existsSync(espeakData) ? espeakData : '',
  };
}

export function createSherpaVoices(host: SherpaHost, models: EngineModels): TtsEngine & { dispose(): Promise<void> } {
  const installedVoices = (): NeuralVoice[] => {
    const voices: NeuralVoice[] = [];
    for (const entry of models.catalogue.entries()) {
      if (entry.task !== 'tts' || !entry.id.startsWith(PIPER_ID_PREFIX) || !models.isInstalled(entry.id)) continue;
      const name = piperVoiceName(entry);
      const voice = name ? piperVoice(entry, name) : undefined;
      if (voice) voices.push(voice);
    }
    if (models.catalogue.find(KOKORO_MODEL) && models.isInstalled(KOKORO_MODEL)) voices.push(...kokoroVoices());
    if (models.catalogue.find(ZIPVOICE_MODEL) && models.isInstalled(ZIPVOICE_MODEL)) voices.push(...ZIPVOICE_VOICES);
    return voices;
  };

  return {
    id: SHERPA_VOICES_ENGINE_ID,
    title: engineRow('voices', 'sherpa-tts').title,
    // Without the model fields: callers see plain voices.
    voices: () => installedVoices().map(({ modelId: _model, sid: _sid, espeak: _espeak, ...voice }) => voice),

    async synthesize(request: SynthesisRequest): Promise<SynthesizedSpeech> {
      const voice = installedVoices().find((candidate) => candidate.id === request.voiceId);
      if (!voice)
        throw new DubDeskError(
          'not_found',
          `No installed neural voice '${request.voiceId}'. GET /v1/voices lists the voices.`,
        );
      if (request.signal?.aborted)
        throw new DubDeskError('cancelled', 'Speech synthesis was cancelled.', { cause: request.signal.reason });
      const text = cleanSpeechText(request.text);
      if (!text) return { samples: new Float32Array(0), sampleRate: EMPTY_RATE };
      const args: SherpaTtsArgs = {
        model: modelFiles(models, voice),
        text,
        sid: voice.sid,
        // sherpa's speed works as a length scale: keep it where the voices still sound natural.
        speed: Math.min(2.5, Math.max(0.4, request.rate ?? 1)),
        numThreads: THREADS,
        ...(voice.espeak ? { lang: voice.espeak } : {}),
      };
      if (voice.clones) {
        // ZipVoice hears the reference with its transcript; without both it has no voice to speak in.
        if (!request.reference?.wavFile || !request.reference.text.trim()) {
          throw new DubDeskError(
            'invalid_request',
            `${voice.name} speaks in the voice of reference speech and its transcript, and this ` +
              `request gives none: use voice_model=real, or choose a voice of its own.`,
          );
        }
        args.referenceWav = request.reference.wavFile;
        args.referenceText = cleanSpeechText(request.reference.text);
      }
      const entry = models.catalogue.find(voice.modelId);
      const title = entry?.title ?? voice.name;
      const speech = await host.run(SHERPA_TTS_OP, args, {
        subject: { title, modelId: voice.modelId },
        signal: request.signal,
      });
      // sherpa-onnx answers text it cannot turn into phonemes (or a reference it cannot read) with no audio, not an error.
      if (speech.samples.length === 0)
        throw new DubDeskError(
          'engine_failed',
          `${title} made no speech of ` +
            `"${text.slice(0, 80)}"${voice.clones ? ' with the reference given' : ''}: it could not ` +
            `read the text in ${voice.language}.`,
        );
      return { samples: speech.samples, sampleRate: speech.sampleRate };
    },

    dispose: () => host.dispose(),
  };
}
