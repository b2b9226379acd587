// The model catalogue: what DubDesk can install, where it comes from, and what its ONNX files must look like.
import { DubDeskError } from '../../shared/errors.js';
import type { ModelTask } from '../../shared/schemas/models.js';

export type { ModelTask };

/** Element types as onnxruntime names them. */
export type TensorElementType = 'float32' | 'float16' | 'int64' | 'int32' | 'int8' | 'uint8' | 'bool' | 'string';

/** One expected input or output. `dims` entries: a number is fixed, null is free (batch, time). */
export interface TensorSpec {
  /** Binds by name; with bindByShape it is the role the engine uses (e.g. 'mel'), matched to whatever name the export chose. */
  name: string;
  type: TensorElementType;
  /** Omitted where exports differ in rank (e.g. Piper's audio output). */
  rank?: number;
  dims?: (number | null)[];
  /** An input the file may lack (Piper's `sid` exists only in multi-speaker voices). */
  optional?: boolean;
}

export interface OnnxSignature {
  inputs: TensorSpec[];
  /** Outputs that must exist; further outputs (e.g. a decoder's present.* caches) are allowed. */
  outputs: TensorSpec[];
}

export interface ModelFile {
  /** File name inside the model's folder; plain name, no separators. */
  name: string;
  url: string;
  /** Only where known from the publisher; never guessed. */
  sha256?: string;
  sizeBytes?: number;
  /** Present for ONNX files; checked after every install and import. */
  signature?: OnnxSignature;
}

export interface CatalogueEntry {
  id: string;
  task: ModelTask;
  title: string;
  /** What the model enables, in a user's words. */
  description: string;
  license: string;
  /** Approximate total download size. */
  sizeBytes: number;
  homepage?: string;
  /**
   * The engine that consumes the model, in a user's words. Absent: nothing in this version uses it yet, so it is
   * listed as "not used yet" and not offered for install (the entry stays, ready for the engine that will).
   */
  usedBy?: string;
  files: ModelFile[];
  /** Input names vary by export: bind inputs and outputs by type, rank and fixed dims instead of by name. */
  bindByShape?: boolean;
}

const HF = 'https://huggingface.co';

/** Seed entries: real public models. Signatures from the public exports (docs: environment notes). */
export const BUILTIN_CATALOGUE: readonly CatalogueEntry[] = [
  {
    id: 'whisper-base',
    task: 'asr',
    title: 'Whisper base (ONNX)',
    description: 'Speech recognition and timestamps for translate-and-dub in 99 languages (OpenAI Whisper base, optimum ONNX export).',
    license: 'Apache-2.0',
    sizeBytes: 300_000_000,
    homepage: `${HF}/onnx-community/whisper-base`,
    files: [
      {
        name: 'encoder_model.onnx',
        url: `${HF}/onnx-community/whisper-base/resolve/main/onnx/encoder_model.onnx`,
        signature: {
          inputs: [{ name: 'input_features', type: 'float32', rank: 3, dims: [null, 80, 3000] }],
          outputs: [{ name: 'last_hidden_state', type: 'float32', rank: 3 }],
        },
      },
      {
        name: 'decoder_model.onnx',
        url: `${HF}/onnx-community/whisper-base/resolve/main/onnx/decoder_model.onnx`,
        signature: {
          inputs: [
            { name: 'input_ids', type: 'int64', rank: 2 },
            { name: 'encoder_hidden_states', type: 'float32', rank: 3 },
          ],
          outputs: [{ name: 'logits', type: 'float32', rank: 3 }],
        },
      },
      { name: 'tokenizer.json', url: `${HF}/onnx-community/whisper-base/resolve/main/tokenizer.json` },
      { name: 'config.json', url: `${HF}/onnx-community/whisper-base/resolve/main/config.json` },
      { name: 'generation_config.json', url: `${HF}/onnx-community/whisper-base/resolve/main/generation_config.json` },
    ],
  },
  {
    id: 'opus-mt-en-de',
    task: 'mt',
    title: 'Marian opus-mt English to German (ONNX)',
    description: 'Offline translation of subtitles and dubbing scripts from English to German (Helsinki-NLP opus-mt-en-de).',
    license: 'CC-BY-4.0',
    sizeBytes: 300_000_000,
    homepage: `${HF}/Xenova/opus-mt-en-de`,
    files: [
      {
        name: 'encoder_model.onnx',
        url: `${HF}/Xenova/opus-mt-en-de/resolve/main/onnx/encoder_model.onnx`,
        signature: {
          inputs: [
            { name: 'input_ids', type: 'int64', rank: 2 },
            { name: 'attention_mask', type: 'int64', rank: 2 },
          ],
          outputs: [{ name: 'last_hidden_state', type: 'float32', rank: 3 }],
        },
      },
      {
        name: 'decoder_model.onnx',
        url: `${HF}/Xenova/opus-mt-en-de/resolve/main/onnx/decoder_model.onnx`,
        signature: {
          inputs: [
            { name: 'encoder_attention_mask', type: 'int64', rank: 2 },
            { name: 'input_ids', type: 'int64', rank: 2 },
            { name: 'encoder_hidden_states', type: 'float32', rank: 3 },
          ],
          outputs: [{ name: 'logits', type: 'float32', rank: 3 }],
        },
      },
      { name: 'tokenizer.json', url: `${HF}/Xenova/opus-mt-en-de/resolve/main/tokenizer.json` },
      { name: 'config.json', url: `${HF}/Xenova/opus-mt-en-de/resolve/main/config.json` },
      { name: 'generation_config.json', url: `${HF}/Xenova/opus-mt-en-de/resolve/main/generation_config.json` },
    ],
  },
  {
    id: 'piper-en-us-ljspeech-medium',
    task: 'tts',
    title: 'Piper voice en_US ljspeech (medium)',
    description: 'Natural-sounding English (US) dubbing voice, offline and fast on CPU (Piper VITS).',
    license: 'MIT (Piper); LJSpeech dataset in the public domain',
    sizeBytes: 63_000_000,
    homepage: `${HF}/rhasspy/piper-voices`,
    files: [
      {
        name: 'en_US-ljspeech-medium.onnx',
        url: `${HF}/rhasspy/piper-voices/resolve/main/en/en_US/ljspeech/medium/en_US-ljspeech-medium.onnx`,
        signature: {
          inputs: [
            { name: 'input', type: 'int64', rank: 2 },
            { name: 'input_lengths', type: 'int64', rank: 1 },
            { name: 'scales', type: 'float32', rank: 1, dims: [3] },
            { name: 'sid', type: 'int64', rank: 1, optional: true },
          ],
          outputs: [{ name: 'output', type: 'float32' }],
        },
      },
      // Sample rate and phoneme map live here.
      { name: 'en_US-ljspeech-medium.onnx.json', url: `${HF}/rhasspy/piper-voices/resolve/main/en/en_US/ljspeech/medium/en_US-ljspeech-medium.onnx.json` },
    ],
  },
  {
    id: 'wav2lip-gan-96',
    task: 'lipsync',
    title: 'Wav2Lip GAN 96 (ONNX)',
    description: 'Mouth movement from speech: enables precision_v1 lip-sync and lip-synced dubbing (96x96 face crops).',
    license: 'Wav2Lip license: non-commercial research use only',
    sizeBytes: 150_000_000,
    homepage: 'https://github.com/Rudrabha/Wav2Lip',
    usedBy: 'precision_v1 lip-sync',
    bindByShape: true,
    files: [
      {
        name: 'wav2lip_gan_96.onnx',
        url: 'https://github.com/facefusion/facefusion-assets/releases/download/models-3.0.0/wav2lip_gan_96.onnx',
        signature: {
          inputs: [
            { name: 'mel', type: 'float32', rank: 4, dims: [null, 1, 80, 16] },
            { name: 'faces', type: 'float32', rank: 4, dims: [null, 6, 96, 96] },
          ],
          outputs: [{ name: 'output', type: 'float32', rank: 4, dims: [null, 3, 96, 96] }],
        },
      },
    ],
  },
  {
    id: 'gfpgan-1.4',
    task: 'face_restore',
    title: 'GFPGAN v1.4 face restoration (ONNX)',
    description: 'Sharpens the mouth that precision_v1 lip-sync draws at 96x96, so it matches the rest of the face (512x512 face crops).',
    license: 'Apache-2.0 (TencentARC GFPGAN; its StyleGAN2 parts under their own terms)',
    sizeBytes: 340_000_000,
    homepage: 'https://github.com/TencentARC/GFPGAN',
    usedBy: 'precision_v1 lip-sync (sharpens the mouth)',
    // The public exports name the input `input` but leave the output's name to the exporter (a node number).
    bindByShape: true,
    files: [
      {
        name: 'gfpgan_1.4.onnx',
        url: 'https://github.com/facefusion/facefusion-assets/releases/download/models-3.0.0/gfpgan_1.4.onnx',
        signature: {
          // RGB in -1..1, NCHW; exports fix the batch at 1 (the renderer also batches a dynamic one).
          inputs: [{ name: 'input', type: 'float32', rank: 4, dims: [null, 3, 512, 512] }],
          outputs: [{ name: 'output', type: 'float32', rank: 4, dims: [null, 3, 512, 512] }],
        },
      },
    ],
  },
  {
    id: 'lama',
    task: 'inpaint',
    title: 'LaMa inpainting 512 (ONNX)',
    description: 'Neural inpainting that removes burned-in subtitles and text for visual translation (big-lama, fixed 512x512).',
    license: 'Apache-2.0',
    sizeBytes: 208_000_000,
    homepage: `${HF}/Carve/LaMa-ONNX`,
    files: [
      {
        name: 'lama_fp32.onnx',
        url: `${HF}/Carve/LaMa-ONNX/resolve/main/lama_fp32.onnx`,
        signature: {
          inputs: [
            { name: 'image', type: 'float32', rank: 4, dims: [1, 3, 512, 512] },
            { name: 'mask', type: 'float32', rank: 4, dims: [1, 1, 512, 512] },
          ],
          outputs: [{ name: 'output', type: 'float32', rank: 4 }],
        },
      },
    ],
  },
];

/** Refuses to install a model no engine consumes yet: it would cost the download and change nothing. */
export function requireUsed(model: Pick<CatalogueEntry, 'id' | 'title' | 'usedBy'>): void {
  if (model.usedBy) return;
  throw new DubDeskError('invalid_request', `${model.title} (${model.id}) is not used by anything in this DubDesk version yet, so it is not installed: it would change nothing. Models in use show used_by in GET /v1/models.`);
}

const ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const FILE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

export interface Catalogue {
  entries(): readonly CatalogueEntry[];
  find(id: string): CatalogueEntry | undefined;
  /** Throws not_found naming the known ids. */
  require(id: string): CatalogueEntry;
}

/** Checks an entry can be installed safely: ids and file names become paths. */
export function validateEntry(entry: CatalogueEntry): void {
  if (!ID_PATTERN.test(entry.id)) throw new Error(`Catalogue id '${entry.id}' must be lowercase letters, digits, '.', '_' or '-'.`);
  if (entry.files.length === 0) throw new Error(`Catalogue entry '${entry.id}' lists no files.`);
  const names = new Set<string>();
  for (const file of entry.files) {
    if (!FILE_NAME_PATTERN.test(file.name) || file.name.includes('..')) throw new Error(`Catalogue entry '${entry.id}' has an unsafe file name '${file.name}'.`);
    if (file.name === 'manifest.json') throw new Error(`Catalogue entry '${entry.id}' may not name a file manifest.json.`);
    if (names.has(file.name)) throw new Error(`Catalogue entry '${entry.id}' lists '${file.name}' twice.`);
    if (file.sha256 !== undefined && !/^[0-9a-f]{64}$/.test(file.sha256)) throw new Error(`Catalogue entry '${entry.id}' has a malformed sha256 for '${file.name}'.`);
    names.add(file.name);
  }
}

/** The built-in entries plus extra ones (tests, user-added); an id may appear only once. */
export function createCatalogue(extra: readonly CatalogueEntry[] = [], builtin: readonly CatalogueEntry[] = BUILTIN_CATALOGUE): Catalogue {
  const byId = new Map<string, CatalogueEntry>();
  for (const entry of [...builtin, ...extra]) {
    validateEntry(entry);
    if (byId.has(entry.id)) throw new Error(`Catalogue id '${entry.id}' is listed twice.`);
    byId.set(entry.id, entry);
  }
  const all = [...byId.values()];
  return {
    entries: () => all,
    find: (id) => byId.get(id),
    require(id) {
      const entry = byId.get(id);
      if (!entry) throw new DubDeskError('not_found', `No model '${id}' in the catalogue. Known models: ${all.map((e) => e.id).join(', ')}.`);
      return entry;
    },
  };
}
