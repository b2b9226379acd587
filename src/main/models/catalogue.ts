// The model catalogue: what DubDesk can install, where it comes from, and what its ONNX files must look like.
import { DubDeskError } from '../../shared/errors.js';
import type { CommercialUse, ModelTask } from '../../shared/schemas/models.js';
import { SPEECH_MODELS } from './entries/speech.js';
import { TRANSLATION_MODELS } from './entries/translation.js';
import { VOICE_MODELS } from './entries/voices.js';
import { SPEAKER_MODELS } from './entries/speakers.js';
import { SEPARATION_MODELS } from './entries/separation.js';
import { VIDEO_MODELS } from './entries/video.js';
import { OCR_MODELS } from './entries/ocr.js';

export type { CommercialUse, ModelTask };

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
  /** Where the file is downloaded from; absent for a file extracted from the entry's archive. */
  url?: string;
  /** The download is compressed on its own (Firefox Translations publishes `.bin.gz`): it is stored decompressed. */
  compression?: 'gz';
  /** Only where known from the publisher; never guessed. For a compressed download: of the download (checked before decompressing). */
  sha256?: string;
  sizeBytes?: number;
  /** Present for ONNX files; checked after every install and import. */
  signature?: OnnxSignature;
}

/** A published archive the entry's files come from (sherpa-onnx publishes its models as `.tar.bz2`). */
export interface ModelArchive {
  url: string;
  format: 'tar.bz2' | 'tar.gz' | 'zip';
  sha256?: string;
  sizeBytes?: number;
  /** Leading folders dropped from member paths (sherpa archives hold one top folder): default 1. */
  stripComponents?: number;
  /** Folders kept whole beside the listed files (Piper voices need `espeak-ng-data`). */
  directories?: string[];
}

export interface CatalogueEntry {
  id: string;
  task: ModelTask;
  title: string;
  /** What the model enables, in a user's words. */
  description: string;
  license: string;
  /**
   * Whether the publishers' terms allow commercial use of the model as it runs: its own weights and the third-party
   * weights its inference loads. Optional: entries not reviewed yet say nothing rather than guess (every lip-sync
   * entry states it; a test holds that).
   */
  commercialUse?: CommercialUse;
  /** One line on what limits or qualifies commercialUse (which bundled model forbids it, which terms apply). */
  commercialNote?: string;
  /** Approximate total download size; an install may unpack at most UNPACK_LIMIT_MULTIPLE times it (unpack-limit.ts). */
  sizeBytes: number;
  homepage?: string;
  /**
   * The engine that consumes the model, in a user's words. Absent: nothing in this version uses it yet, so it is
   * listed as "not used yet" and not offered for install (the entry stays, ready for the engine that will).
   */
  usedBy?: string;
  /** Files without a url are extracted from this archive (member path after stripComponents = the file's name). */
  archive?: ModelArchive;
  files: ModelFile[];
  /** Input names vary by export: bind inputs and outputs by type, rank and fixed dims instead of by name. */
  bindByShape?: boolean;
}

/** Real public models, by capability (models/entries/*.ts). Signatures from the public exports (docs: environment notes). */
export const BUILTIN_CATALOGUE: readonly CatalogueEntry[] = [
  ...SPEECH_MODELS,
  ...TRANSLATION_MODELS,
  ...VOICE_MODELS,
  ...SPEAKER_MODELS,
  ...SEPARATION_MODELS,
  ...VIDEO_MODELS,
  ...OCR_MODELS,
];

/** Refuses to install a model no engine consumes yet: it would cost the download and change nothing. */
export function requireUsed(model: Pick<CatalogueEntry, 'id' | 'title' | 'usedBy'>): void {
  if (model.usedBy) return;
  throw new DubDeskError(
    'invalid_request',
    `${model.title} (${model.id}) is not used by anything in this DubDesk version yet, so it ` +
      `is not installed: it would change nothing. Models in use show used_by in GET /v1/models.`,
  );
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
  if (!ID_PATTERN.test(entry.id))
    throw new Error(`Catalogue id '${entry.id}' must be lowercase letters, digits, '.', '_' or '-'.`);
  if (entry.files.length === 0) throw new Error(`Catalogue entry '${entry.id}' lists no files.`);
  const names = new Set<string>();
  for (const file of entry.files) {
    if (!FILE_NAME_PATTERN.test(file.name) || file.name.includes('..'))
      throw new Error(`Catalogue entry '${entry.id}' has an unsafe file name '${file.name}'.`);
    if (file.name === 'manifest.json')
      throw new Error(`Catalogue entry '${entry.id}' may not name a file manifest.json.`);
    if (names.has(file.name)) throw new Error(`Catalogue entry '${entry.id}' lists '${file.name}' twice.`);
    if (file.sha256 !== undefined && !/^[0-9a-f]{64}$/.test(file.sha256))
      throw new Error(`Catalogue entry '${entry.id}' has a malformed sha256 for '${file.name}'.`);
    if (!file.url && !entry.archive)
      throw new Error(
        `Catalogue entry '${entry.id}' gives no url for '${file.name}' and has no archive to extract it from.`,
      );
    names.add(file.name);
  }
  if (entry.archive) validateArchive(entry.id, entry.archive, names);
}

/** Folder names become paths like file names do; they may not collide with a file. */
function validateArchive(id: string, archive: ModelArchive, names: Set<string>): void {
  if (archive.sha256 !== undefined && !/^[0-9a-f]{64}$/.test(archive.sha256))
    throw new Error(`Catalogue entry '${id}' has a malformed sha256 for its archive.`);
  const strip = archive.stripComponents ?? 1;
  if (!Number.isInteger(strip) || strip < 0)
    throw new Error(`Catalogue entry '${id}' has an invalid stripComponents ${strip}.`);
  for (const folder of archive.directories ?? []) {
    if (!FILE_NAME_PATTERN.test(folder) || folder.includes('..'))
      throw new Error(`Catalogue entry '${id}' has an unsafe folder name '${folder}'.`);
    if (folder === 'manifest.json' || names.has(folder))
      throw new Error(`Catalogue entry '${id}' lists '${folder}' twice (as a folder and a file).`);
    names.add(folder);
  }
}

/** The built-in entries plus extra ones (tests, user-added); an id may appear only once. */
export function createCatalogue(
  extra: readonly CatalogueEntry[] = [],
  builtin: readonly CatalogueEntry[] = BUILTIN_CATALOGUE,
): Catalogue {
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
      if (!entry)
        throw new DubDeskError(
          'not_found',
          `No model '${id}' in the catalogue. Known models: ${all.map((e) => e.id).join(', ')}.`,
        );
      return entry;
    },
  };
}
