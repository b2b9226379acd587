// Lists the keys stored in a folder of a shared folder storage.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isMissing } from './folder-root.js';
import { isValidKey, joinKey } from './storage-keys.js';

/** Every regular file under `dir` as keys below `folder`; temp files of unfinished writes and links are not keys. */
export async function walkKeys(dir: string, folder: string): Promise<string[]> {
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
    if (entry.isDirectory()) keys.push(...(await walkKeys(path.join(dir, entry.name), key)));
    else if (entry.isFile()) keys.push(key);
  }
  return keys;
}
