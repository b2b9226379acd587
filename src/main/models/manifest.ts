// manifest.json inside an installed model's folder: its presence is what "installed" means.
import fs from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from '../files/atomic-write.js';

export interface ManifestFile {
  name: string;
  /** Measured at install time, whether or not the catalogue knew it. */
  sha256: string;
  sizeBytes: number;
  /** The URL or local path the file came from (for an extracted file: the archive's). */
  from: string;
}

/** A folder kept whole from an archive (Piper's espeak-ng-data): too many files to hash one by one. */
export interface ManifestDirectory {
  name: string;
  sizeBytes: number;
  fileCount: number;
  /** The archive URL, archive file or folder it came from. */
  from: string;
}

/** The archive the files were extracted from (deleted once extracted). */
export interface ManifestArchive {
  from: string;
  sha256: string;
  sizeBytes: number;
}

export interface ModelManifest {
  id: string;
  title: string;
  installedAt: string;
  source: 'download' | 'import';
  files: ManifestFile[];
  directories?: ManifestDirectory[];
  archive?: ManifestArchive;
}

export const MANIFEST_NAME = 'manifest.json';

export function writeManifest(dir: string, manifest: ModelManifest): void {
  writeFileAtomicSync(path.join(dir, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The manifest of the folder, or undefined when it is missing, unreadable or for another id. */
export function readManifest(dir: string, id: string): ModelManifest | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST_NAME), 'utf8'));
  } catch {
    return undefined;
  }
  const manifest = parsed as Partial<ModelManifest>;
  if (manifest?.id !== id || !Array.isArray(manifest.files) || typeof manifest.installedAt !== 'string')
    return undefined;
  return manifest as ModelManifest;
}
