// Shared storage on a shared folder (an NFS or SMB mount): a key is a path under the root. Every write goes
// through a temp file in the target's own folder and a rename (files/atomic-write.ts), which is atomic on the
// share as on a local disk, so another machine sees the old file or the whole new one.
import { createWriteStream } from 'node:fs';
import { lstat, realpath, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DubDeskError } from '../../shared/errors.js';
import { writeThroughTemp } from '../files/atomic-write.js';
import { createFolderRoot, isMissing } from './folder-root.js';
import { getFolderFiles, putFolderFiles } from './folder-transfer.js';
import { walkKeys } from './folder-walk.js';
import { withLocalSource } from './local-source.js';
import { rangeNotSatisfiable, type SharedStorage, type StorageRead } from '../files/shared-storage.js';
import { assertRange, compareKeys, normalizePrefix } from './storage-keys.js';

/** The shared folder `root` (absolute, existing: openStorage checks both) as SharedStorage. */
export function createFolderStorage(root: string): SharedStorage {
  const { location, fileOf, confine, confineNearest, openObject } = createFolderRoot(root);

  const storage: SharedStorage = {
    location,

    async putFile(key, local, signal) {
      const file = fileOf(key);
      signal?.throwIfAborted();
      await confineNearest(path.dirname(file), key);
      await withLocalSource(local, (source) =>
        writeThroughTemp(file, (temp) =>
          pipeline(source.handle.createReadStream({ autoClose: false }), createWriteStream(temp), { signal }),
        ),
      );
    },

    async getFile(key, localPath, signal) {
      signal?.throwIfAborted();
      const { handle } = await openObject(key);
      try {
        await writeThroughTemp(localPath, (temp) =>
          pipeline(handle.createReadStream({ autoClose: false }), createWriteStream(temp), { signal }),
        );
      } finally {
        await handle.close();
      }
    },

    async read(key, range): Promise<StorageRead> {
      if (range) assertRange(range);
      const { handle, size } = await openObject(key);
      const start = range?.start ?? 0;
      if (range && start >= size) {
        await handle.close();
        throw rangeNotSatisfiable(location, key, start, size);
      }
      const end = Math.min(range?.end ?? size - 1, size - 1);
      // The stream closes the handle when it ends or is destroyed.
      const stream = size === 0 ? handle.createReadStream() : handle.createReadStream({ start, end });
      return { stream, size, start, end };
    },

    async stat(key) {
      try {
        const { handle, size } = await openObject(key);
        await handle.close();
        return { size };
      } catch (error) {
        if (error instanceof DubDeskError && error.code === 'not_found') return null;
        throw error;
      }
    },

    async list(prefix) {
      const folder = normalizePrefix(prefix);
      const dir = folder === '' ? location : fileOf(folder);
      try {
        await confine(await realpath(dir), folder);
      } catch (error) {
        if (isMissing(error)) return [];
        throw error;
      }
      return (await walkKeys(dir, folder)).sort(compareKeys);
    },

    async delete(key) {
      const file = fileOf(key);
      await confineNearest(path.dirname(file), key);
      // Emptied folders stay: removing one could race another machine's write into it.
      const stats = await lstat(file).catch((error) => (isMissing(error) ? null : Promise.reject(error)));
      if (stats && !stats.isDirectory()) await rm(file, { force: true });
    },

    async deletePrefix(prefix) {
      const folder = normalizePrefix(prefix);
      if (folder === '')
        throw new DubDeskError(
          'invalid_request',
          'deletePrefix needs a prefix: the whole shared storage is never deleted by one call.',
        );
      const dir = fileOf(folder);
      await confineNearest(path.dirname(dir), folder);
      // A link is not a folder of keys: rm would remove only the link anyway, but nothing under it is a key.
      const stats = await lstat(dir).catch((error) => (isMissing(error) ? null : Promise.reject(error)));
      if (stats?.isDirectory()) await rm(dir, { recursive: true, force: true });
    },

    putFolder: (prefix, localDir, signal) => putFolderFiles(storage, prefix, localDir, signal),
    getFolder: (prefix, localDir, signal) => getFolderFiles(storage, prefix, localDir, signal),
    close: async () => undefined,
  };
  return storage;
}
