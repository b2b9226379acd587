// A listed local tree up to shared storage with a count of what went (`dubdesk import-data`, putFolder): every key
// checked before the first upload, a few files at a time, each upload atomic; what the storage already has under
// those keys is replaced, so an upload cut short is run again from the start. Every file is read through
// files/local-tree.ts: a link, or a folder swapped for one after the listing, is refused, never followed.
import { openInTree, type ListedTree, type TreeOptions } from '../files/local-tree.js';
import type { SharedStorage } from '../files/shared-storage.js';
import { assertKey, joinKey, normalizePrefix } from './storage-keys.js';

// Enough to hide an S3 round trip's latency, few enough for a shared folder's server.
const PARALLEL_FILES = 4;

export interface UploadedTree {
  files: number;
  bytes: number;
}

export interface UploadTreeOptions extends TreeOptions {
  signal?: AbortSignal;
  /** Hears the running count after each file. */
  onProgress?(done: UploadedTree, total: UploadedTree): void;
}

/** Uploads every file of `tree` (listTree's) to `prefix/<path relative to the tree's folder>`. */
export async function uploadTree(
  storage: SharedStorage,
  prefix: string,
  tree: ListedTree,
  options: UploadTreeOptions = {},
): Promise<UploadedTree> {
  const folder = normalizePrefix(prefix);
  const files = tree.files.map((file) => ({
    key: joinKey(folder, file.path),
    inBase: tree.folder === '' ? file.path : `${tree.folder}/${file.path}`,
  }));
  // Every name is checked first, so a name storage cannot hold stops the upload before it starts.
  for (const file of files) assertKey(file.key);
  const total = { files: files.length, bytes: tree.files.reduce((sum, file) => sum + file.size, 0) };
  const done: UploadedTree = { files: 0, bytes: 0 };
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < files.length) {
      options.signal?.throwIfAborted();
      const file = files[next++]!;
      try {
        const source = await openInTree(tree.base, file.inBase, options);
        try {
          await storage.putFile(file.key, source, options.signal);
        } finally {
          await source.handle.close();
        }
        done.files += 1;
        done.bytes += source.size;
      } catch (error) {
        failed = true;
        throw error;
      }
      options.onProgress?.(done, total);
    }
  };
  // Every lane has stopped before the first failure is thrown: nothing is still uploading when the caller closes the storage.
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_FILES, files.length) }, lane));
  const failure = lanes.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) throw failure.reason;
  return done;
}
