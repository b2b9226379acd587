// The local side of an upload, shared by both backends: the file opened once, so its size and bytes agree.
import { open, type FileHandle } from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';

/** An open local file and its size; close the handle when done. */
export interface LocalSource {
  handle: FileHandle;
  size: number;
}

/** Opens a regular file to upload; a missing one is a not_found naming the path (a caller's bug worth seeing). */
export async function openLocalSource(localPath: string): Promise<LocalSource> {
  let handle: FileHandle;
  try {
    handle = await open(localPath, 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new DubDeskError('not_found', `The local file ${localPath} to upload to shared storage does not exist.`);
    throw error;
  }
  const stats = await handle.stat();
  if (!stats.isFile()) {
    await handle.close();
    throw new DubDeskError('invalid_request', `${localPath} is not a file, so it cannot be uploaded to shared storage.`);
  }
  return { handle, size: stats.size };
}
