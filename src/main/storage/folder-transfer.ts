// putFolder/getFolder for every backend, on top of its one-file calls: a stage's output folder goes up or comes
// down file by file, each file atomic, a few at a time.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { listTree } from '../files/local-tree.js';
import type { SharedStorage } from '../files/shared-storage.js';
import { normalizePrefix } from './storage-keys.js';
import { uploadTree } from './tree-upload.js';

// Enough to hide an S3 round trip's latency, few enough for a shared folder's server.
const PARALLEL_FILES = 4;

/** Runs `work` on every item, at most `limit` at a time; the first failure stops new starts and is thrown. */
async function forEachLimited<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      signal?.throwIfAborted();
      const item = items[next++];
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/** SharedStorage.putFolder: the folder listed and uploaded as `dubdesk import-data` uploads an export (tree-upload.ts). */
export async function putFolderFiles(
  storage: SharedStorage,
  prefix: string,
  localDir: string,
  signal?: AbortSignal,
): Promise<void> {
  // A link, pipe or device in the folder is refused: a linked file could carry what lies outside it to every machine.
  const tree = await listTree(localDir);
  if (!tree) throw new DubDeskError('not_found', `The folder ${localDir} to upload to shared storage does not exist.`);
  await uploadTree(storage, prefix, tree, { signal });
}

/** SharedStorage.getFolder on top of list and getFile. */
export async function getFolderFiles(
  storage: SharedStorage,
  prefix: string,
  localDir: string,
  signal?: AbortSignal,
): Promise<void> {
  const folder = normalizePrefix(prefix);
  const keys = await storage.list(folder);
  await mkdir(localDir, { recursive: true });
  // Listed keys are valid keys, so their relative parts stay inside localDir.
  const skip = folder === '' ? 0 : folder.length + 1;
  await forEachLimited(
    keys,
    PARALLEL_FILES,
    (key) => storage.getFile(key, path.join(localDir, ...key.slice(skip).split('/')), signal),
    signal,
  );
}
