// A folder tree copied without doubling its bytes where the disk allows it (`dubdesk export-data`): every file hard
// linked, else copied; the source is left as it was. The tree is read through local-tree.ts: a link, a pipe or a
// device in it is refused, never followed, so an export holds nothing from outside the data folder.
import { createWriteStream } from 'node:fs';
import { link, lstat, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { listTree, openInTree, type TreeOptions } from './local-tree.js';

export interface CopiedTree {
  files: number;
  bytes: number;
}

/**
 * Copies every file and folder under `fromBase/folder` to the same path under `toBase` (made as needed): a hard link
 * where the disk allows it, else a copy. Temp files of unfinished writes are left out; a link, pipe, socket or
 * device throws UnsafeTreeError naming it (relative to `fromBase`) before anything is copied. A missing folder is an
 * empty tree.
 */
export async function copyTree(
  fromBase: string,
  folder: string,
  toBase: string,
  options: TreeOptions = {},
): Promise<CopiedTree> {
  const copied: CopiedTree = { files: 0, bytes: 0 };
  const tree = await listTree(fromBase, folder, options);
  if (!tree) return copied;
  const to = path.join(toBase, ...folder.split('/').filter(Boolean));
  await mkdir(to, { recursive: true });
  for (const sub of tree.folders) await mkdir(path.join(to, ...sub.split('/')), { recursive: true });
  for (const file of tree.files) {
    const relative = folder === '' ? file.path : `${folder}/${file.path}`;
    const target = path.join(to, ...file.path.split('/'));
    const source = await openInTree(fromBase, relative, options);
    try {
      const stats = await source.handle.stat();
      // link() takes a path, which may have changed since the handle was checked: the link must be that very file.
      const linked = await link(path.join(fromBase, ...relative.split('/')), target).then(
        () => lstat(target),
        () => null,
      );
      if (!linked || linked.dev !== stats.dev || linked.ino !== stats.ino) {
        if (linked) await rm(target, { force: true });
        await pipeline(
          source.handle.createReadStream({ autoClose: false }),
          createWriteStream(target, { flags: 'wx', mode: stats.mode & 0o777 }),
        );
      }
      copied.files += 1;
      copied.bytes += source.size;
    } finally {
      await source.handle.close();
    }
  }
  return copied;
}
