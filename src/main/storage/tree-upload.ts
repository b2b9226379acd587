// A whole local tree up to shared storage with a count of what went (`dubdesk import-data`): every key checked before
// the first upload, a few files at a time, each upload atomic; what the storage already has under those keys is
// replaced, so an upload cut short is run again from the start.
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAtomicTempName } from '../files/atomic-write.js';
import type { SharedStorage } from './shared-storage.js';
import { assertKey, joinKey, normalizePrefix } from './storage-keys.js';

// As storage/folder-transfer.ts: enough to hide an S3 round trip's latency, few enough for a shared folder's server.
const PARALLEL_FILES = 4;

export interface UploadedTree {
  files: number;
  bytes: number;
}

interface LocalFile {
  key: string;
  localPath: string;
  size: number;
}

/** Files under `dir` (temp files of unfinished writes left out, linked folders not followed) with their sizes. */
async function filesUnder(dir: string, prefix: string, relative = '', into: LocalFile[] = []): Promise<LocalFile[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(path.join(dir, relative), { withFileTypes: true });
  } catch (error) {
    if (relative === '' && (error as NodeJS.ErrnoException).code === 'ENOENT') return into;
    throw error;
  }
  for (const entry of entries) {
    if (isAtomicTempName(entry.name)) continue;
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      await filesUnder(dir, prefix, child, into);
      continue;
    }
    const localPath = path.join(dir, ...child.split('/'));
    const stats = entry.isFile() || entry.isSymbolicLink() ? await stat(localPath).catch(() => null) : null;
    if (stats?.isFile()) into.push({ key: joinKey(prefix, child), localPath, size: stats.size });
  }
  return into;
}

/**
 * Uploads every file under `localDir` to `prefix/<relative path>`; a missing folder uploads nothing. `onProgress`
 * hears the running count after each file.
 */
export async function uploadTree(storage: SharedStorage, prefix: string, localDir: string, options: { signal?: AbortSignal; onProgress?(done: UploadedTree, total: UploadedTree): void } = {}): Promise<UploadedTree> {
  const files = await filesUnder(localDir, normalizePrefix(prefix));
  // Every name is checked first, so a name storage cannot hold stops the upload before it starts.
  for (const file of files) assertKey(file.key);
  const total = { files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0) };
  const done: UploadedTree = { files: 0, bytes: 0 };
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < files.length) {
      options.signal?.throwIfAborted();
      const file = files[next++]!;
      try {
        await storage.putFile(file.key, file.localPath, options.signal);
      } catch (error) {
        failed = true;
        throw error;
      }
      done.files += 1;
      done.bytes += file.size;
      options.onProgress?.(done, total);
    }
  };
  // Every lane has stopped before the first failure is thrown: nothing is still uploading when the caller closes the storage.
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_FILES, files.length) }, lane));
  const failure = lanes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return done;
}
