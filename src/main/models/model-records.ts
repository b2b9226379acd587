// What the API and CLI show of a model: its catalogue entry joined with what is on disk and the install in flight.
import fs from 'node:fs';
import path from 'node:path';
import type { ArchiveFormat } from './archive-extract.js';
import type { CatalogueEntry, CommercialUse, ModelTask } from './catalogue.js';
import { folderSize } from './folder-size.js';
import type { InstallEvent } from './install-progress.js';
import { readManifest, type ModelManifest } from './manifest.js';

export interface ModelRecord {
  id: string;
  task: ModelTask;
  title: string;
  description: string;
  license: string;
  /** As the catalogue states it; absent: not reviewed yet. */
  commercialUse?: CommercialUse;
  commercialNote?: string;
  sizeBytes: number;
  homepage?: string;
  /** The engine that consumes it; absent: nothing in this version uses it yet. */
  usedBy?: string;
  files: { name: string; sizeBytes?: number }[];
  /** Published as an archive: its format and the folders kept whole from it. */
  archive?: { format: ArchiveFormat; directories?: string[] };
  installed: boolean;
  installedAt?: string;
  sizeOnDisk?: number;
  source?: 'download' | 'import';
  /** The install in flight, or the last one that failed (cleared by success or removal). */
  install?: InstallEvent;
}

function sizeOnDisk(dir: string, manifest: ModelManifest): number {
  let total = 0;
  for (const file of manifest.files) {
    try {
      total += fs.statSync(path.join(dir, file.name)).size;
    } catch {
      // A file deleted by hand: count what is there.
    }
  }
  for (const folder of manifest.directories ?? []) total += folderSize(path.join(dir, folder.name)).sizeBytes;
  return total;
}

/** The record of `entry`, installed (or not) in `dir`; `install`: the install in flight or the last failed one. */
export function modelRecord(entry: CatalogueEntry, dir: string, install: InstallEvent | undefined): ModelRecord {
  const manifest = readManifest(dir, entry.id);
  return {
    id: entry.id,
    task: entry.task,
    title: entry.title,
    description: entry.description,
    license: entry.license,
    ...(entry.commercialUse ? { commercialUse: entry.commercialUse } : {}),
    ...(entry.commercialNote ? { commercialNote: entry.commercialNote } : {}),
    sizeBytes: entry.sizeBytes,
    ...(entry.homepage ? { homepage: entry.homepage } : {}),
    ...(entry.usedBy ? { usedBy: entry.usedBy } : {}),
    files: entry.files.map((f) =>
      f.sizeBytes !== undefined ? { name: f.name, sizeBytes: f.sizeBytes } : { name: f.name },
    ),
    ...(entry.archive
      ? {
          archive: {
            format: entry.archive.format,
            ...(entry.archive.directories?.length ? { directories: [...entry.archive.directories] } : {}),
          },
        }
      : {}),
    installed: manifest !== undefined,
    ...(manifest
      ? { installedAt: manifest.installedAt, sizeOnDisk: sizeOnDisk(dir, manifest), source: manifest.source }
      : {}),
    ...(install ? { install: { ...install } } : {}),
  };
}
