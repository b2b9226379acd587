// The one way to write a file that readers (or a resumed job) must see whole or not at all: write a temp
// sibling, then rename it into place. Depends on node built-ins only, so every module in src/main may use it.
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, open, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** A temp sibling reserved for `file` (a file or a whole folder); commit() renames it into place, abort() removes it. */
export interface AtomicTarget {
  /** Where to write: hidden, unique per writer, with the file's extension (ffmpeg picks the container by name). */
  readonly tempPath: string;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** The temp name of `file`: `.<name>.<random>.partial<ext>` beside it; the random part lets two writers race safely. */
export function atomicTempPath(file: string): string {
  const ext = path.extname(file);
  const base = path.basename(file, ext);
  return path.join(path.dirname(file), `.${base}.${randomBytes(4).toString('hex')}.partial${ext}`);
}

/** True for a name atomicTempPath() makes: what a crash can leave behind in a folder. */
export function isAtomicTempName(name: string): boolean {
  return /^\..+\.[0-9a-f]{8}\.partial(\.[^.]*)?$/.test(name);
}

/** Reserves a temp path beside `file` (whose folder must exist), for a writer spanning several calls, e.g. a child process. */
export function atomicTarget(file: string): AtomicTarget {
  const tempPath = atomicTempPath(file);
  return {
    tempPath,
    async commit() {
      try {
        await rename(tempPath, file);
      } catch (error) {
        await rm(tempPath, { recursive: true, force: true });
        throw error;
      }
    },
    // rm with force fails only on a permission problem, which must not hide the error that made the caller abort.
    abort: () => rm(tempPath, { recursive: true, force: true }).catch(() => undefined),
  };
}

/**
 * Runs `write` on a temp path (it may make a file or a folder there) and renames the result to `file`; on failure or
 * cancel nothing is left.
 */
export async function writeThroughTemp<T>(file: string, write: (tempPath: string) => Promise<T>): Promise<T> {
  await mkdir(path.dirname(file), { recursive: true });
  const target = atomicTarget(file);
  try {
    const result = await write(target.tempPath);
    await target.commit();
    return result;
  } catch (error) {
    await target.abort();
    throw error;
  }
}

/** Opens a temp file for `fill` to write through its handle; closes it and renames it to `file` once `fill` resolves. */
export async function writeHandleAtomic<T>(file: string, fill: (handle: FileHandle) => Promise<T>): Promise<T> {
  return writeThroughTemp(file, async (tempPath) => {
    const handle = await open(tempPath, 'w');
    try {
      const result = await fill(handle);
      await handle.close();
      return result;
    } catch (error) {
      await handle.close().catch(() => undefined);
      throw error;
    }
  });
}

/** Writes `data` to `file` atomically (its folder is created when missing). */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await writeThroughTemp(file, (tempPath) => writeFile(tempPath, data));
}

/** writeFileAtomic for the few callers that must stay synchronous (start-up and shutdown records). */
export function writeFileAtomicSync(file: string, data: string | Uint8Array): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tempPath = atomicTempPath(file);
  try {
    writeFileSync(tempPath, data);
    renameSync(tempPath, file);
  } catch (error) {
    rmSync(tempPath, { force: true });
    throw error;
  }
}
