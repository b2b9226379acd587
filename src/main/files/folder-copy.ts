// A folder tree copied without doubling its bytes where the disk allows it (`dubdesk export-data`): every file hard
// linked, else copied; the source is left as it was.
import type { Dirent } from 'node:fs';
import { copyFile, link, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { isAtomicTempName } from './atomic-write.js';

export interface CopiedTree {
  files: number;
  bytes: number;
}

/**
 * Copies every file under `from` to the same relative path under `to` (made as needed): a hard link where the disk
 * allows it, else a copy. Temp files of unfinished writes are left out; a linked folder is not followed (a link to a
 * parent would never end), a linked file is copied. A missing `from` is an empty tree.
 */
export async function copyTree(from: string, to: string, onFile?: (copied: CopiedTree) => void): Promise<CopiedTree> {
  const copied: CopiedTree = { files: 0, bytes: 0 };
  const walk = async (relative: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(path.join(from, relative), { withFileTypes: true });
    } catch (error) {
      if (relative === '' && (error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await mkdir(path.join(to, relative), { recursive: true });
    for (const entry of entries) {
      if (isAtomicTempName(entry.name)) continue;
      const child = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        await walk(child);
        continue;
      }
      const source = path.join(from, child);
      const stats = entry.isFile() || entry.isSymbolicLink() ? await stat(source).catch(() => null) : null;
      if (!stats?.isFile()) continue;
      const target = path.join(to, child);
      if (entry.isFile()) await link(source, target).catch(() => copyFile(source, target));
      else await copyFile(source, target);
      copied.files += 1;
      copied.bytes += stats.size;
      onFile?.(copied);
    }
  };
  await walk('');
  return copied;
}
