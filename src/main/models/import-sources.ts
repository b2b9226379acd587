// Where each of a model's files is inside what the user pointed at: a folder holding them by name, or the one file.
import fs from 'node:fs';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import type { CatalogueEntry } from './catalogue.js';

/** Catalogue file name -> local path; throws invalid_request saying what is missing. */
export function resolveImportSources(entry: CatalogueEntry, sourcePath: string): Map<string, string> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(sourcePath);
  } catch {
    throw new DubDeskError('invalid_request', `There is no file or folder at ${sourcePath}.`);
  }
  const sources = new Map<string, string>();
  if (stat.isFile()) {
    if (entry.files.length !== 1) {
      throw new DubDeskError(
        'invalid_request',
        `${entry.title} needs ${entry.files.length} files (${entry.files.map((f) => f.name).join(', ')}); pass the folder that holds them instead of ${sourcePath}.`,
      );
    }
    sources.set(entry.files[0].name, sourcePath);
    return sources;
  }
  const missing: string[] = [];
  for (const file of entry.files) {
    const candidate = path.join(sourcePath, file.name);
    if (fs.statSync(candidate, { throwIfNoEntry: false })?.isFile()) sources.set(file.name, candidate);
    else missing.push(file.name);
  }
  if (missing.length) throw new DubDeskError('invalid_request', `The folder ${sourcePath} lacks ${missing.join(', ')}, needed by ${entry.title}.`);
  return sources;
}
