// Where each of a model's files is inside what the user pointed at: a folder holding them by name, the one file,
// or the archive the model is published as.
import fs from 'node:fs';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import type { ArchiveFormat } from './archive-extract.js';
import type { CatalogueEntry } from './catalogue.js';
import { isGzip, startsWith } from './gzip-file.js';

export type ImportSource =
  | { kind: 'archive'; path: string; format: ArchiveFormat }
  | {
      kind: 'files';
      /** Catalogue file name -> local path. */
      files: Map<string, string>;
      /** Files whose local copy is gzip-compressed (stored decompressed). */
      gzipped: Set<string>;
      /** Kept folder name -> local folder. */
      directories: Map<string, string>;
    };

/** The archive format a file's first bytes announce, if any. */
export function sniffArchive(file: string): ArchiveFormat | undefined {
  if (startsWith(file, [0x42, 0x5a, 0x68])) return 'tar.bz2';
  if (startsWith(file, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (isGzip(file)) return 'tar.gz';
  return undefined;
}

/** Resolves a file or folder the user chose; throws invalid_request saying what is missing. */
export function resolveImport(entry: CatalogueEntry, sourcePath: string): ImportSource {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(sourcePath);
  } catch {
    throw new DubDeskError('invalid_request', `There is no file or folder at ${sourcePath}.`);
  }
  const directories = entry.archive?.directories ?? [];
  if (stat.isFile()) {
    const single = entry.files.length === 1 && directories.length === 0 ? entry.files[0] : undefined;
    const gzippedSingle = single?.compression === 'gz' && isGzip(sourcePath);
    // Only an entry whose every file comes out of the archive can be imported from the archive alone.
    const fromArchiveOnly = entry.archive !== undefined && entry.files.every((f) => !f.url);
    const format = fromArchiveOnly && !gzippedSingle ? sniffArchive(sourcePath) : undefined;
    if (format) return { kind: 'archive', path: sourcePath, format };
    if (!single) {
      const needs = [...entry.files.map((f) => f.name), ...directories.map((d) => `the folder ${d}`)];
      throw new DubDeskError(
        'invalid_request',
        `${entry.title} needs ${needs.length} files (${needs.join(', ')}); pass the folder that ` +
          `holds ` +
          `them${entry.archive ? ` or the archive it is published as (.${entry.archive.format})` : ''} ` +
          `instead of ${sourcePath}.`,
      );
    }
    return {
      kind: 'files',
      files: new Map([[single.name, sourcePath]]),
      gzipped: new Set(gzippedSingle ? [single.name] : []),
      directories: new Map(),
    };
  }
  const files = new Map<string, string>();
  const gzipped = new Set<string>();
  const folders = new Map<string, string>();
  const missing: string[] = [];
  const isFile = (candidate: string) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile() ?? false;
  for (const file of entry.files) {
    const candidate = path.join(sourcePath, file.name);
    if (isFile(candidate)) files.set(file.name, candidate);
    else if (file.compression === 'gz' && isFile(`${candidate}.gz`)) {
      files.set(file.name, `${candidate}.gz`);
      gzipped.add(file.name);
    } else missing.push(file.name);
  }
  for (const name of directories) {
    const candidate = path.join(sourcePath, name);
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isDirectory()) folders.set(name, candidate);
    else missing.push(`the folder ${name}`);
  }
  if (missing.length) {
    // An archive extracted where it was downloaded leaves its one top folder there: look inside it.
    const inner = entry.archive ? onlySubfolder(sourcePath) : undefined;
    if (inner) {
      try {
        return resolveImport(entry, inner);
      } catch {
        // Not there either: name what the folder the user chose lacks.
      }
    }
    throw new DubDeskError(
      'invalid_request',
      `The folder ${sourcePath} lacks ${missing.join(', ')}, needed by ${entry.title}.`,
    );
  }
  return { kind: 'files', files, gzipped, directories: folders };
}

function onlySubfolder(dir: string): string | undefined {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).filter((e) => !e.name.startsWith('.'));
  return entries.length === 1 && entries[0].isDirectory() ? path.join(dir, entries[0].name) : undefined;
}
