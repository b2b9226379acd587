// The one way to read a local folder tree that may come from elsewhere (an export to import, a work folder to share):
// only regular files and folders are listed, never a link, a named pipe, a socket or a device, and a file is read
// through a handle checked to be that file, inside the tree, so not a byte from outside the tree is read even when
// the tree changes while it is read. Depends on node built-ins only (and atomic-write.ts), so every module may use it.
import { constants, type Dirent, type Stats } from 'node:fs';
import { lstat, open, readdir, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { isAtomicTempName } from './atomic-write.js';

// No link followed at the last step (the walk refused links before; this closes the gap after it), no wait on a pipe
// swapped in meanwhile, no terminal taken over. Windows has none of these flags: the inode check below still holds.
const READ_FLAGS =
  constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);
// What open() answers for a link at the last step with O_NOFOLLOW (Linux and macOS, FreeBSD) and for a socket.
const LINK_CODES = new Set(['ELOOP', 'EMLINK']);
// Refused entries named in one message; the rest are counted.
const SHOWN_ENTRIES = 10;

/** A regular file of a tree; `path` is posix and relative to the tree's folder. */
export interface TreeFile {
  path: string;
  size: number;
  mtimeMs: number;
}

/** A folder's regular files and subfolders, every path relative to `base/folder`. */
export interface ListedTree {
  base: string;
  /** The tree's folder under `base` (posix, '' for `base` itself). */
  folder: string;
  files: TreeFile[];
  folders: string[];
}

/** An entry that is not a regular file or a folder; `path` is posix and relative to the base. */
export interface RefusedEntry {
  path: string;
  reason: string;
}

/** A tree holding what is never read: every such entry, named relative to the base the caller gave. */
export class UnsafeTreeError extends Error {
  constructor(
    readonly entries: RefusedEntry[],
    where: string,
  ) {
    const shown = entries
      .slice(0, SHOWN_ENTRIES)
      .map((entry) => `${entry.path} ${entry.reason}`)
      .join('; ');
    const more = entries.length > SHOWN_ENTRIES ? `; and ${entries.length - SHOWN_ENTRIES} more` : '';
    super(`${shown}${more}. Only regular files and folders are read from ${where}, so that nothing outside it is.`);
    this.name = 'UnsafeTreeError';
  }
}

export interface TreeOptions {
  /** How messages name the base, e.g. "the export folder /x" (default: its path). */
  where?: string;
}

/** What an entry is when it is not a regular file or a folder, as a message says it. */
function reasonFor(
  stats: Pick<Stats, 'isSymbolicLink' | 'isFIFO' | 'isSocket' | 'isBlockDevice' | 'isCharacterDevice'>,
): string {
  if (stats.isSymbolicLink()) return 'is a symbolic link';
  if (stats.isFIFO()) return 'is a named pipe (FIFO)';
  if (stats.isSocket()) return 'is a socket';
  if (stats.isBlockDevice() || stats.isCharacterDevice()) return 'is a device';
  return 'is not a regular file or a folder';
}

/** `relative` (posix) as path segments, refused when it is absolute, empty or climbs with `..`. */
function segmentsOf(relative: string, where: string): string[] {
  if (relative === '') return [];
  const segments = relative.split('/');
  if (
    path.isAbsolute(relative) ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment.includes(path.sep))
  ) {
    throw new UnsafeTreeError([{ path: relative, reason: 'is not a plain relative path' }], where);
  }
  return segments;
}

/** A missing entry as null (gone since its folder was read: nothing to list); any other failure thrown. */
function unlessGone(error: NodeJS.ErrnoException): null {
  if (error.code === 'ENOENT') return null;
  throw error;
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const joinPosix = (folder: string, name: string) => (folder === '' ? name : name === '' ? folder : `${folder}/${name}`);

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/**
 * The regular files and folders under `base/folder`, or null when that folder does not exist. `folder`'s own steps
 * must be folders too. Temp files of unfinished writes are left out. Throws UnsafeTreeError naming every entry that
 * is a link, a pipe, a socket or a device, after walking the whole tree, so one run shows all of them.
 */
export async function listTree(base: string, folder = '', options: TreeOptions = {}): Promise<ListedTree | null> {
  const where = options.where ?? base;
  let step = '';
  for (const segment of segmentsOf(folder, where)) {
    step = joinPosix(step, segment);
    const stats = await lstat(path.join(base, ...step.split('/'))).catch(unlessGone);
    if (!stats) return null;
    if (!stats.isDirectory()) throw new UnsafeTreeError([{ path: step, reason: reasonFor(stats) }], where);
  }
  const tree: ListedTree = { base, folder, files: [], folders: [] };
  const refused: RefusedEntry[] = [];
  // Dirent types are lstat's (node lstats an entry whose type the file system does not say): links are seen as links.
  const read = (relative: string) =>
    readdir(path.join(base, ...segmentsOf(joinPosix(folder, relative), where)), { withFileTypes: true }).catch(
      unlessGone,
    );
  const walk = async (relative: string, entries: Dirent[]): Promise<void> => {
    for (const entry of entries) {
      if (isAtomicTempName(entry.name)) continue;
      const child = joinPosix(relative, entry.name);
      const inBase = joinPosix(folder, child);
      if (entry.isDirectory()) {
        tree.folders.push(child);
        await walk(child, (await read(child)) ?? []);
      } else if (!entry.isFile()) {
        refused.push({ path: inBase, reason: reasonFor(entry) });
      } else {
        const stats = await lstat(path.join(base, ...inBase.split('/'))).catch(unlessGone);
        if (stats?.isFile()) tree.files.push({ path: child, size: stats.size, mtimeMs: stats.mtimeMs });
        else if (stats) refused.push({ path: inBase, reason: reasonFor(stats) });
      }
    }
  };
  const top = await read('');
  if (!top) return null;
  await walk('', top);
  if (refused.length > 0)
    throw new UnsafeTreeError(
      refused.sort((a, b) => byPath(a.path, b.path)),
      where,
    );
  tree.files.sort((a, b) => byPath(a.path, b.path));
  return tree;
}

/** An open regular file of a tree and its size; close the handle when done. */
export interface OpenedTreeFile {
  handle: FileHandle;
  size: number;
}

/**
 * Opens `base/relative` for reading, refusing a link, anything but a regular file, and a file that is not, at that
 * moment, the one at its real path inside `base` (a folder on the way swapped for a link). Throws ENOENT as open does.
 */
export async function openInTree(base: string, relative: string, options: TreeOptions = {}): Promise<OpenedTreeFile> {
  const where = options.where ?? base;
  const file = path.join(base, ...segmentsOf(relative, where));
  let handle: FileHandle;
  try {
    handle = await open(file, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (LINK_CODES.has(code)) throw new UnsafeTreeError([{ path: relative, reason: 'is a symbolic link' }], where);
    if (code === 'ENXIO') throw new UnsafeTreeError([{ path: relative, reason: 'is a socket' }], where);
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new UnsafeTreeError([{ path: relative, reason: reasonFor(stats) }], where);
    // The handle's file must be the one found at the real path now: a file reached through a link is somewhere else.
    const real = await realpath(file).catch(() => null);
    const there = real && isInside(real, await realpath(base)) ? await lstat(real).catch(() => null) : null;
    if (!there || there.dev !== stats.dev || there.ino !== stats.ino) {
      throw new UnsafeTreeError(
        [
          {
            path: relative,
            reason: 'leads outside the folder through a symbolic link, or changed while it was opened',
          },
        ],
        where,
      );
    }
    return { handle, size: stats.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
