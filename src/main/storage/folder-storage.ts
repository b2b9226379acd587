// Shared storage on a shared folder (an NFS or SMB mount): a key is a path under the root. Every write goes
// through a temp file in the target's own folder and a rename (files/atomic-write.ts), which is atomic on the
// share as on a local disk, so another machine sees the old file or the whole new one.
import type { Dirent } from 'node:fs';
import { createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, realpath, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DubDeskError } from '../../shared/errors.js';
import { writeThroughTemp } from '../files/atomic-write.js';
import { getFolderFiles, putFolderFiles } from './folder-transfer.js';
import { withLocalSource } from './local-source.js';
import { objectNotFound, rangeNotSatisfiable, type SharedStorage, type StorageRead } from '../files/shared-storage.js';
import { assertKey, assertRange, compareKeys, isValidKey, joinKey, normalizePrefix } from './storage-keys.js';

const MISSING = new Set(['ENOENT', 'ENOTDIR']);
const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

/** The shared folder `root` (absolute, existing: openStorage checks both) as SharedStorage. */
export function createFolderStorage(root: string): SharedStorage {
  if (!path.isAbsolute(root)) throw new DubDeskError('invalid_request', `The shared folder ${root} must be an absolute path.`);
  const location = path.resolve(root);
  let realRoot: Promise<string> | undefined;

  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(location, ...key.split('/'));
  };

  // Keys cannot climb out of the root, but a symbolic link inside the share could: every path used is resolved first.
  const confine = async (real: string, key: string) => {
    // A failed look-up is not kept: the share may be mounted by the next call.
    realRoot ??= realpath(location).catch((error: unknown) => {
      realRoot = undefined;
      throw error;
    });
    const relative = path.relative(await realRoot, real);
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) {
      throw new DubDeskError('internal', `Shared storage key ${JSON.stringify(key)} leads outside ${location} through a symbolic link; refused.`);
    }
    return real;
  };

  /** The real path of `file`'s nearest existing folder or itself, checked to be inside the root. */
  const confineNearest = async (file: string, key: string): Promise<void> => {
    for (let current = file; ; current = path.dirname(current)) {
      try {
        await confine(await realpath(current), key);
        return;
      } catch (error) {
        if (!isMissing(error) || current === location) throw error;
      }
    }
  };

  /** Opens the object `key` for reading, or throws not_found. */
  const openObject = async (key: string): Promise<{ handle: FileHandle; size: number }> => {
    let handle: FileHandle;
    try {
      handle = await open(await confine(await realpath(fileOf(key)), key), 'r');
    } catch (error) {
      if (isMissing(error)) throw objectNotFound(location, key);
      throw error;
    }
    const stats = await handle.stat();
    if (!stats.isFile()) {
      await handle.close();
      throw objectNotFound(location, key);
    }
    return { handle, size: stats.size };
  };

  /** Every regular file under `dir` as keys below `folder`; temp files of unfinished writes and links are not keys. */
  const walk = async (dir: string, folder: string): Promise<string[]> => {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const keys: string[] = [];
    for (const entry of entries) {
      const key = joinKey(folder, entry.name);
      if (!isValidKey(key)) continue;
      if (entry.isDirectory()) keys.push(...(await walk(path.join(dir, entry.name), key)));
      else if (entry.isFile()) keys.push(key);
    }
    return keys;
  };

  const storage: SharedStorage = {
    location,

    async putFile(key, local, signal) {
      const file = fileOf(key);
      signal?.throwIfAborted();
      await confineNearest(path.dirname(file), key);
      await withLocalSource(local, (source) =>
        writeThroughTemp(file, (temp) => pipeline(source.handle.createReadStream({ autoClose: false }), createWriteStream(temp), { signal })));
    },

    async getFile(key, localPath, signal) {
      signal?.throwIfAborted();
      const { handle } = await openObject(key);
      try {
        await writeThroughTemp(localPath, (temp) => pipeline(handle.createReadStream({ autoClose: false }), createWriteStream(temp), { signal }));
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
      return (await walk(dir, folder)).sort(compareKeys);
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
      if (folder === '') throw new DubDeskError('invalid_request', 'deletePrefix needs a prefix: the whole shared storage is never deleted by one call.');
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
