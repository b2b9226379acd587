// A file put in a second place without doubling its bytes where the disk allows it: a hard link, else a copy.
import { copyFile, link } from 'node:fs/promises';
import { writeThroughTemp } from './atomic-write.js';

/**
 * Makes `to` a hard link to `from`, or a copy of it on another volume or a file system without hard links (FAT, some
 * network shares); through a temp file, so `to` appears whole (an older `to` is replaced).
 */
export async function linkOrCopyFile(from: string, to: string): Promise<void> {
  await writeThroughTemp(to, (temp) => link(from, temp).catch(() => copyFile(from, temp)));
}
