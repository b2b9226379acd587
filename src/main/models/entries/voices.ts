// Neural voices run by sherpa-onnx's OfflineTts: Piper (VITS) voices, one per model; Kokoro multi-lang, 53 voices
// in one model; ZipVoice, which clones the voice of a few seconds of reference speech. All from sherpa-onnx's
// `tts-models` release, as .tar.bz2 archives holding one top folder (ZipVoice's vocoder comes on its own).
import type { CatalogueEntry, OnnxSignature } from '../catalogue.js';
import type { ModelTask } from '../../../shared/schemas/models.js';

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models';
const USED_BY = 'Neural voices for dubbing (GET /v1/voices)';
const TASK: ModelTask = 'tts';

/** Catalogue ids of Piper voices start with this; the engine finds every such entry (tests add stand-ins). */
export const PIPER_ID_PREFIX = 'piper-';
export const PIPER_TOKENS_FILE = 'tokens.txt';
/** eSpeak NG's phoneme data, which Piper voices speak through; kept whole from the archive. */
export const ESPEAK_DATA_DIR = 'espeak-ng-data';

export interface PiperVoiceInfo {
  /** Piper's own name, `<lang>_<REGION>-<speaker>-<quality>`: the model file is `<voice>.onnx`. */
  voice: string;
  gender: 'female' | 'male';
  /** The voice's licence as its model card gives it (Piper's code is MIT; the dataset decides). */
  license: string;
  homepage: string;
}

const PIPER_CARDS = 'https://huggingface.co/rhasspy/piper-voices/tree/main';

/**
 * A few single-speaker voices per major language, each published by sherpa-onnx (scripts/piper/generate.py) as
 * `vits-piper-<voice>.tar.bz2`; licence as the voice's model card gives it. Mostly medium quality (22.05 kHz); a few
 * low or x_low (16 kHz) where they add a gender, a locale or a freer licence. Gender as heard in Piper's samples.
 */
export const PIPER_VOICES: readonly PiperVoiceInfo[] = [
  {
    voice: 'en_US-ljspeech-medium',
    gender: 'female',
    license: 'MIT (Piper); LJ Speech dataset in the public domain',
    homepage: `${PIPER_CARDS}/en/en_US/ljspeech/medium`,
  },
  {
    voice: 'en_US-joe-medium',
    gender: 'male',
    license: 'MIT (Piper); dataset CC0-1.0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/en/en_US/joe/medium`,
  },
  {
    voice: 'en_US-lessac-medium',
    gender: 'female',
    license: 'MIT (Piper); Lessac Blizzard 2013 dataset: research use only, no commercial use',
    homepage: `${PIPER_CARDS}/en/en_US/lessac/medium`,
  },
  {
    voice: 'en_GB-alba-medium',
    gender: 'female',
    license:
      'MIT (Piper); Alba dataset (University of Edinburgh) CC-BY-4.0 (fine-tuned from the ' +
      'Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/en/en_GB/alba/medium`,
  },
  {
    voice: 'en_GB-alan-medium',
    gender: 'male',
    license:
      'MIT (Piper); Mycroft Mimic 3 apope dataset, licence as its page gives it ("See URL" on ' +
      'the model card); fine-tuned from the Lessac voice, whose dataset is for research use only',
    homepage: `${PIPER_CARDS}/en/en_GB/alan/medium`,
  },
  {
    voice: 'de_DE-thorsten-medium',
    gender: 'male',
    license:
      'MIT (Piper); Thorsten-Voice dataset CC0-1.0 (fine-tuned from the Lessac voice, whose dataset is for ' +
      'research use only)',
    homepage: `${PIPER_CARDS}/de/de_DE/thorsten/medium`,
  },
  {
    voice: 'de_DE-kerstin-low',
    gender: 'female',
    license: 'MIT (Piper); Kerstin dataset CC0 (fine-tuned from the Ryan voice)',
    homepage: `${PIPER_CARDS}/de/de_DE/kerstin/low`,
  },
  {
    voice: 'es_ES-davefx-medium',
    gender: 'male',
    license: 'MIT (Piper); dataset CC0-1.0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/es/es_ES/davefx/medium`,
  },
  {
    voice: 'es_AR-daniela-high',
    gender: 'female',
    license: 'MIT (Piper); OpenSLR 61 dataset CC-BY-SA-4.0',
    homepage: `${PIPER_CARDS}/es/es_AR/daniela/high`,
  },
  {
    voice: 'es_MX-ald-medium',
    gender: 'male',
    license: 'MIT (Piper); Ald Mexican Spanish dataset under the Unlicense',
    homepage: `${PIPER_CARDS}/es/es_MX/ald/medium`,
  },
  {
    voice: 'fr_FR-siwis-medium',
    gender: 'female',
    license: 'MIT (Piper); SIWIS dataset CC-BY-4.0',
    homepage: `${PIPER_CARDS}/fr/fr_FR/siwis/medium`,
  },
  {
    voice: 'fr_FR-tom-medium',
    gender: 'male',
    license: 'MIT (Piper); Tom dataset AGPL-3.0 (as its model card says)',
    homepage: `${PIPER_CARDS}/fr/fr_FR/tom/medium`,
  },
  {
    voice: 'fr_FR-gilles-low',
    gender: 'male',
    license: 'MIT (Piper); French single-speaker dataset CC0 (fine-tuned from the Ryan voice)',
    homepage: `${PIPER_CARDS}/fr/fr_FR/gilles/low`,
  },
  {
    voice: 'it_IT-paola-medium',
    gender: 'female',
    license: 'MIT (Piper); dataset CC0-1.0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/it/it_IT/paola/medium`,
  },
  {
    voice: 'it_IT-riccardo-x_low',
    gender: 'male',
    license: 'MIT (Piper); M-AILABS dataset, licence as its page gives it ("See URL" on the model card)',
    homepage: `${PIPER_CARDS}/it/it_IT/riccardo/x_low`,
  },
  {
    voice: 'pt_BR-faber-medium',
    gender: 'male',
    license: 'MIT (Piper); dataset CC0-1.0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/pt/pt_BR/faber/medium`,
  },
  // sherpa-onnx renames Piper's `tugão` to `tugao` in its archive and files.
  {
    voice: 'pt_PT-tugao-medium',
    gender: 'male',
    license: 'MIT (Piper); dataset CC0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/pt/pt_PT/tug%C3%A3o/medium`,
  },
  {
    voice: 'pl_PL-gosia-medium',
    gender: 'female',
    license: 'MIT (Piper); dataset CC0-1.0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/pl/pl_PL/gosia/medium`,
  },
  {
    voice: 'nl_BE-nathalie-medium',
    gender: 'female',
    license:
      'MIT (Piper); Nathalie dataset CC0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/nl/nl_BE/nathalie/medium`,
  },
  {
    voice: 'ru_RU-irina-medium',
    gender: 'female',
    license:
      'MIT (Piper); RHVoice dataset, licence not stated ("Unknown" on its model card); ' +
      'fine-tuned from the Lessac voice, whose dataset is for research use only',
    homepage: `${PIPER_CARDS}/ru/ru_RU/irina/medium`,
  },
  {
    voice: 'ru_RU-denis-medium',
    gender: 'male',
    license: 'MIT (Piper); dataset CC0 (fine-tuned from the Lessac voice, whose dataset is for research use only)',
    homepage: `${PIPER_CARDS}/ru/ru_RU/denis/medium`,
  },
  {
    voice: 'uk_UA-lada-x_low',
    gender: 'female',
    license: 'MIT (Piper); Lada dataset Apache-2.0',
    homepage: `${PIPER_CARDS}/uk/uk_UA/lada/x_low`,
  },
  {
    voice: 'zh_CN-huayan-medium',
    gender: 'female',
    license: 'MIT (Piper); dataset licence not stated ("Unknown" on its model card)',
    homepage: `${PIPER_CARDS}/zh/zh_CN/huayan/medium`,
  },
];

/** `en_US-lessac-medium` -> `piper-en-us-lessac-medium`. */
export function piperModelId(voice: string): string {
  return `${PIPER_ID_PREFIX}${voice.toLowerCase().replace(/_/g, '-')}`;
}

export function findPiperVoice(voice: string): PiperVoiceInfo | undefined {
  return PIPER_VOICES.find((info) => info.voice === voice);
}

// Piper's export: phoneme ids and their count, the three noise/length scales; `sid` only in multi-speaker voices.
const PIPER_SIGNATURE: OnnxSignature = {
  inputs: [
    { name: 'input', type: 'int64', rank: 2 },
    { name: 'input_lengths', type: 'int64', rank: 1 },
    { name: 'scales', type: 'float32', rank: 1, dims: [3] },
    { name: 'sid', type: 'int64', rank: 1, optional: true },
  ],
  outputs: [{ name: 'output', type: 'float32' }],
};

/** Approximate archive size by Piper quality (model plus eSpeak's data): low voices share medium's network size. */
const PIPER_ARCHIVE_BYTES: Readonly<Record<string, number>> = {
  x_low: 27_000_000,
  low: 67_000_000,
  medium: 67_000_000,
  high: 115_000_000,
};

function piperEntry(info: PiperVoiceInfo): CatalogueEntry {
  const [locale, speaker, quality] = info.voice.split('-');
  const name = speaker
    .split('_')
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join(' ');
  return {
    id: piperModelId(info.voice),
    task: TASK,
    title: `Piper voice ${name} (${locale.replace('_', '-')}, ${quality.replace('_', ' ')})`,
    description:
      `A natural-sounding ${info.gender} ${locale.replace('_', '-')} dubbing voice, offline and ` +
      `fast on a CPU (Piper VITS through sherpa-onnx).`,
    license: info.license,
    sizeBytes: PIPER_ARCHIVE_BYTES[quality] ?? PIPER_ARCHIVE_BYTES.medium,
    homepage: info.homepage,
    usedBy: USED_BY,
    archive: { url: `${RELEASES}/vits-piper-${info.voice}.tar.bz2`, format: 'tar.bz2', directories: [ESPEAK_DATA_DIR] },
    files: [
      { name: `${info.voice}.onnx`, signature: PIPER_SIGNATURE },
      // Phoneme -> id map sherpa-onnx made from Piper's .onnx.json (sample rate and speakers are in the model's metadata).
      { name: PIPER_TOKENS_FILE },
    ],
  };
}

export const KOKORO_MODEL = 'kokoro-multi-lang-v1-0';
export const KOKORO_FILES = {
  model: 'model.onnx',
  voices: 'voices.bin',
  tokens: 'tokens.txt',
  lexicons: ['lexicon-us-en.txt', 'lexicon-zh.txt'],
} as const;

/** Kokoro v1.0's speakers in voices.bin order (the speaker id is the index), from sherpa-onnx's generate_voices_bin.py. */
export const KOKORO_SPEAKERS: readonly string[] = [
  'af_alloy',
  'af_aoede',
  'af_bella',
  'af_heart',
  'af_jessica',
  'af_kore',
  'af_nicole',
  'af_nova',
  'af_river',
  'af_sarah',
  'af_sky',
  'am_adam',
  'am_echo',
  'am_eric',
  'am_fenrir',
  'am_liam',
  'am_michael',
  'am_onyx',
  'am_puck',
  'am_santa',
  'bf_alice',
  'bf_emma',
  'bf_isabella',
  'bf_lily',
  'bm_daniel',
  'bm_fable',
  'bm_george',
  'bm_lewis',
  'ef_dora',
  'em_alex',
  'ff_siwis',
  'hf_alpha',
  'hf_beta',
  'hm_omega',
  'hm_psi',
  'if_sara',
  'im_nicola',
  'jf_alpha',
  'jf_gongitsune',
  'jf_nezumi',
  'jf_tebukuro',
  'jm_kumo',
  'pf_dora',
  'pm_alex',
  'pm_santa',
  'zf_xiaobei',
  'zf_xiaoni',
  'zf_xiaoxiao',
  'zf_xiaoyi',
  'zm_yunjian',
  'zm_yunxi',
  'zm_yunxia',
  'zm_yunyang',
];

/**
 * Kokoro's first letter is the language: [DubDesk language, locale, eSpeak voice for words outside its lexicons].
 * Japanese (j) is left out: sherpa-onnx reads it only through eSpeak, which Kokoro was not trained on.
 */
export const KOKORO_LANGUAGES: Readonly<Record<string, readonly [language: string, locale: string, espeak: string]>> = {
  a: ['en', 'en-us', 'en-us'],
  b: ['en', 'en-gb', 'en-gb'],
  e: ['es', 'es', 'es'],
  f: ['fr', 'fr-fr', 'fr-fr'],
  h: ['hi', 'hi', 'hi'],
  i: ['it', 'it', 'it'],
  p: ['pt', 'pt-br', 'pt-br'],
  z: ['zh', 'cmn', 'cmn'],
};

export const ZIPVOICE_MODEL = 'zipvoice-distill-zh-en';
export const ZIPVOICE_FILES = {
  encoder: 'encoder.int8.onnx',
  decoder: 'decoder.int8.onnx',
  vocoder: 'vocos_24khz.onnx',
  tokens: 'tokens.txt',
  lexicon: 'lexicon.txt',
} as const;
/** The languages ZipVoice's distilled zh-en model speaks. */
export const ZIPVOICE_LANGUAGES = ['en', 'zh'] as const;

export const VOICE_MODELS: readonly CatalogueEntry[] = [
  ...PIPER_VOICES.map(piperEntry),
  {
    id: KOKORO_MODEL,
    task: TASK,
    title: 'Kokoro 82M v1.0 (multilingual, 53 voices)',
    description:
      'Natural voices in English (US and UK), Spanish, French, Hindi, Italian, Portuguese and ' +
      'Chinese in one model (Kokoro-82M through sherpa-onnx).',
    license: 'Apache-2.0',
    sizeBytes: 350_000_000,
    homepage: 'https://huggingface.co/hexgrad/Kokoro-82M',
    usedBy: USED_BY,
    archive: { url: `${RELEASES}/kokoro-multi-lang-v1_0.tar.bz2`, format: 'tar.bz2', directories: [ESPEAK_DATA_DIR] },
    files: [
      {
        name: KOKORO_FILES.model,
        signature: {
          inputs: [
            { name: 'tokens', type: 'int64', rank: 2 },
            { name: 'style', type: 'float32', rank: 2 },
            { name: 'speed', type: 'float32', rank: 1 },
          ],
          outputs: [{ name: 'audio', type: 'float32' }],
        },
      },
      { name: KOKORO_FILES.voices },
      { name: KOKORO_FILES.tokens },
      ...KOKORO_FILES.lexicons.map((name) => ({ name })),
    ],
  },
  {
    id: ZIPVOICE_MODEL,
    task: TASK,
    title: 'ZipVoice distill (voice cloning, Chinese and English)',
    description:
      'Speaks Chinese or English in the voice of a few seconds of reference speech and its ' +
      "transcript: each speaker's own voice in the dub (voice_model=real). k2-fsa " +
      'ZipVoice-Distill, int8, with the Vocos vocoder, through sherpa-onnx.',
    license: 'Apache-2.0 (ZipVoice; trained on the Emilia dataset, CC-BY-NC-4.0); Vocos vocoder MIT',
    sizeBytes: 176_000_000,
    homepage: 'https://github.com/k2-fsa/ZipVoice',
    usedBy: USED_BY,
    // Input names differ between the exports (the vocoder's are the exporter's): bound by type and rank.
    bindByShape: true,
    archive: {
      url: `${RELEASES}/sherpa-onnx-zipvoice-distill-int8-zh-en-emilia.tar.bz2`,
      format: 'tar.bz2',
      directories: [ESPEAK_DATA_DIR],
    },
    files: [
      {
        name: ZIPVOICE_FILES.encoder,
        signature: {
          // Text and prompt token ids, the prompt's feature count and the speed -> the text condition per frame.
          // The two numbers are scalars in ZipVoice's export; sherpa-onnx feeds them as [1], so their rank is left open.
          inputs: [
            { name: 'tokens', type: 'int64', rank: 2 },
            { name: 'prompt_tokens', type: 'int64', rank: 2 },
            { name: 'prompt_features_len', type: 'int64' },
            { name: 'speed', type: 'float32' },
          ],
          outputs: [{ name: 'text_condition', type: 'float32', rank: 3 }],
        },
      },
      {
        name: ZIPVOICE_FILES.decoder,
        signature: {
          // One flow-matching step: time, noisy features, text and speech conditions, guidance -> velocity.
          inputs: [
            { name: 't', type: 'float32' },
            { name: 'x', type: 'float32', rank: 3 },
            { name: 'text_condition', type: 'float32', rank: 3 },
            { name: 'speech_condition', type: 'float32', rank: 3 },
            { name: 'guidance_scale', type: 'float32' },
          ],
          outputs: [{ name: 'v', type: 'float32', rank: 3 }],
        },
      },
      {
        name: ZIPVOICE_FILES.vocoder,
        url: 'https://github.com/k2-fsa/sherpa-onnx/releases/download/vocoder-models/vocos_24khz.onnx',
        signature: {
          // A mel spectrogram -> the STFT's magnitude and phase (cos, sin), turned into audio by sherpa-onnx.
          inputs: [{ name: 'mels', type: 'float32', rank: 3 }],
          outputs: [
            { name: 'mag', type: 'float32', rank: 3 },
            { name: 'x', type: 'float32', rank: 3 },
            { name: 'y', type: 'float32', rank: 3 },
          ],
        },
      },
      { name: ZIPVOICE_FILES.tokens },
      { name: ZIPVOICE_FILES.lexicon },
    ],
  },
];
