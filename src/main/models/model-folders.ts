// Where models live on disk: one folder per installed model, staging folders under .partial, and the moves that
// put unpacked members into a staging folder and a complete, verified staging folder in place.
import fs from 'node:fs';
import path from 'node:path';
import { newId } from '../ids.js';
import type { CatalogueEntry } from './catalogue.js';
import { writeManifest, type ModelManifest } from './manifest.js';

export interface ModelFolders {
  readonly partialRoot: string;
  installedDir(id: string): string;
  /** The download's staging folder: kept between attempts so a download resumes. */
  downloadDir(id: string): string;
  /** A fresh staging folder for one import (never resumed). */
  newImportDir(id: string): string;
  /** Moves a staging folder into place; an older copy is swapped out (after `beforeReplace`), then deleted. */
  commit(
    entry: CatalogueEntry,
    stagingDir: string,
    manifest: ModelManifest,
    beforeReplace: () => Promise<void>,
  ): Promise<void>;
}

/** Moves the named files or folders from `fromDir` into `toDir`, replacing what is there under those names. */
export function moveEntries(fromDir: string, toDir: string, names: readonly string[]): void {
  for (const name of names) {
    fs.rmSync(path.join(toDir, name), { recursive: true, force: true });
    fs.renameSync(path.join(fromDir, name), path.join(toDir, name));
  }
}

export function createModelFolders(modelsDir: string): ModelFolders {
  const partialRoot = path.join(modelsDir, '.partial');
  const installedDir = (id: string) => path.join(modelsDir, id);
  return {
    partialRoot,
    installedDir,
    downloadDir: (id) => path.join(partialRoot, id),
    newImportDir: (id) => path.join(partialRoot, `${id}.import-${newId()}`),
    async commit(entry, stagingDir, manifest, beforeReplace) {
      writeManifest(stagingDir, manifest);
      const target = installedDir(entry.id);
      let old: string | undefined;
      if (fs.existsSync(target)) {
        await beforeReplace();
        old = path.join(partialRoot, `${entry.id}.old-${newId()}`);
        fs.renameSync(target, old);
      }
      fs.renameSync(stagingDir, target);
      if (old) fs.rmSync(old, { recursive: true, force: true });
    },
  };
}
