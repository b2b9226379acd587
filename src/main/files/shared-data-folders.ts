import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { SharedStorage } from './shared-storage.js';
import { writeThroughTemp } from './atomic-write.js';

// Folders that outlive a job and are read on any machine (a reusable lip-sync model's face data): kept in shared
// storage under their path relative to the data folder, and fetched whole into a machine's data folder on first use.

export interface SharedDataFolders {
  /** Uploads `<data>/<relative>` to storage under the same key. */
  share(relative: string): Promise<void>;
  /** `<data>/<relative>`, fetched from storage first when this machine lacks it (absent in both: the path, missing). */
  local(relative: string): Promise<string>;
  /** Deletes the folder from storage (the local copy is its caller's). */
  remove(relative: string): Promise<void>;
}

const keyOf = (relative: string) => relative.split(path.sep).join('/');

export function createSharedDataFolders(storage: SharedStorage, dataDir: string): SharedDataFolders {
  return {
    share: (relative) => storage.putFolder(keyOf(relative), path.join(dataDir, relative)),
    async local(relative) {
      const folder = path.join(dataDir, relative);
      if ((await stat(folder).catch(() => null))?.isDirectory()) return folder;
      if ((await storage.list(keyOf(relative))).length === 0) return folder;
      // Fetched beside the target and renamed: a download cut short never looks like the folder.
      await writeThroughTemp(folder, (temp) => storage.getFolder(keyOf(relative), temp));
      return folder;
    },
    remove: (relative) => storage.deletePrefix(keyOf(relative)),
  };
}
