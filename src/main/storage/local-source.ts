// The local side of an upload, shared by both backends: the file opened once, so its size and bytes agree.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';
import type { LocalSource } from '../files/shared-storage.js';

// A link at the last step is refused and a pipe never waited on: only a regular file is uploaded (Windows has neither flag).
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Opens a regular file to upload; a missing one is a not_found naming the path (a caller's bug worth seeing). */
export async function openLocalSource(localPath: string): Promise<LocalSource> {
  let handle: FileHandle;
  try {
    handle = await open(localPath, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new DubDeskError('not_found', `The local file ${localPath} to upload to shared storage does not exist.`);
    if (code === 'ELOOP' || code === 'EMLINK')
      throw new DubDeskError(
        'invalid_request',
        `${localPath} is a symbolic link; only a regular file is uploaded to shared storage.`,
      );
    throw error;
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw new DubDeskError(
      'invalid_request',
      `${localPath} is not a file, so it cannot be uploaded to shared storage.`,
    );
  }
  return { handle, size: stats.size };
}

/** Runs `use` on the file a path names (opened and closed here) or on a source the caller opened (and closes). */
export async function withLocalSource<T>(
  local: string | LocalSource,
  use: (source: LocalSource) => Promise<T>,
): Promise<T> {
  if (typeof local !== 'string') return use(local);
  const source = await openLocalSource(local);
  try {
    return await use(source);
  } finally {
    await source.handle.close();
  }
}
