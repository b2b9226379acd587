// putFolder/getFolder for every backend, on top of its one-file calls: a stage's output folder goes up or comes
// down file by file, each file atomic, a few at a time.
import type { Dirent } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { isAtomicTempName } from '../files/atomic-write.js';
import type { SharedStorage } from './shared-storage.js';
import { assertKey, joinKey, normalizePrefix } from './storage-keys.js';

// Enough to hide an S3 round trip's latency, few enough for a shared folder's server.
const PARALLEL_FILES = 4;

/** Runs `work` on every item, at most `limit` at a time; the first failure stops new starts and is thrown. */
async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
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

/** Files under `dir` as posix paths relative to it; a symbolic link counts when it leads to a file. */
async function localFiles(dir: string, relative = ''): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  } catch (error) {
    if (relative === '' && (error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new DubDeskError('not_found', `The folder ${dir} to upload to shared storage does not exist.`);
    }
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    // A crashed writer's temp file is not output; the next run of its stage writes the file again.
    if (isAtomicTempName(entry.name)) continue;
    if (entry.isDirectory()) files.push(...(await localFiles(dir, child)));
    else if (entry.isFile()) files.push(child);
    // Linked folders are not followed (a link to a parent would never end).
    else if (entry.isSymbolicLink() && (await stat(path.join(dir, child)).catch(() => null))?.isFile()) files.push(child);
  }
  return files;
}

/** SharedStorage.putFolder on top of putFile. */
export async function putFolderFiles(storage: SharedStorage, prefix: string, localDir: string, signal?: AbortSignal): Promise<void> {
  const folder = normalizePrefix(prefix);
  const files = await localFiles(localDir);
  // Every name is checked before the first upload, so a bad name never leaves half a folder behind.
  const uploads = files.map((file) => ({ key: joinKey(folder, file), localPath: path.join(localDir, ...file.split('/')) }));
  for (const { key } of uploads) assertKey(key);
  await forEachLimited(uploads, PARALLEL_FILES, ({ key, localPath }) => storage.putFile(key, localPath, signal), signal);
}

/** SharedStorage.getFolder on top of list and getFile. */
export async function getFolderFiles(storage: SharedStorage, prefix: string, localDir: string, signal?: AbortSignal): Promise<void> {
  const folder = normalizePrefix(prefix);
  const keys = await storage.list(folder);
  await mkdir(localDir, { recursive: true });
  // Listed keys are valid keys, so their relative parts stay inside localDir.
  const skip = folder === '' ? 0 : folder.length + 1;
  await forEachLimited(keys, PARALLEL_FILES, (key) => storage.getFile(key, path.join(localDir, ...key.slice(skip).split('/')), signal), signal);
}
