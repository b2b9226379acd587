// The shared folder's root as seen by one storage: maps keys to paths and refuses any path that a symbolic link
// inside the share leads out of the root.
import { open, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { objectNotFound } from '../files/shared-storage.js';
import { assertKey } from './storage-keys.js';

const MISSING = new Set(['ENOENT', 'ENOTDIR']);
export const isMissing = (error: unknown) => MISSING.has((error as NodeJS.ErrnoException).code ?? '');

export interface FolderRoot {
  location: string;
  /** The path of the key `key` (checked) under the root. */
  fileOf(key: string): string;
  /** `real` (a resolved path) itself, once checked to be inside the root. */
  confine(real: string, key: string): Promise<string>;
  /** Checks the real path of `file`'s nearest existing folder or itself to be inside the root. */
  confineNearest(file: string, key: string): Promise<void>;
  /** Opens the object `key` for reading, or throws not_found. */
  openObject(key: string): Promise<{ handle: FileHandle; size: number }>;
}

/** The root `root` (absolute) of a shared folder. */
export function createFolderRoot(root: string): FolderRoot {
  if (!path.isAbsolute(root))
    throw new DubDeskError('invalid_request', `The shared folder ${root} must be an absolute path.`);
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
      throw new DubDeskError(
        'internal',
        `Shared storage key ${JSON.stringify(key)} leads outside ${location} through a symbolic link; refused.`,
      );
    }
    return real;
  };

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

  return { location, fileOf, confine, confineNearest, openObject };
}
