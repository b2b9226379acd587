// A job's work folder on shared storage (scale-out). Stages always work in a local folder (`<data>/jobs/<task_id>/`,
// fast disk, tools that need paths); storage holds a copy under `jobs/<task_id>/` as of the last finished stage, so a
// worker on any machine resumes the job from there. Each machine records what it uploaded of each folder (size and
// mtime per file, `<data>/cache/work-folders/<task_id>.json`), so a stage boundary uploads only what changed. The
// local folders are a cache of storage's copies (local-cache.ts): held while they are transferred, trimmed under the cap.
import { mkdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { SharedStorage } from './shared-storage.js';
import { writeFileAtomic } from './atomic-write.js';
import type { CachedEntries } from './local-cache.js';
import { listTree } from './local-tree.js';

export interface WorkFoldersOptions {
  storage: SharedStorage;
  workDirFor(taskId: string): string;
  /** Where this machine records what it uploaded of each work folder. */
  stateDir: string;
  /** The local folders as cache entries (one per task id), kept under the local caches' cap. */
  cache?: CachedEntries;
}

/** One task's folder as its stages' runner uses it (pipelines/run-stages.ts WorkFolderSync); paths are absolute. */
export interface TaskWorkFolder {
  /** Fetches what storage has and the local folder lacks: all of it when a stage output of `outputFiles` is among it. */
  fetch(outputFiles: readonly string[], signal?: AbortSignal): Promise<number>;
  /**
   * Uploads what changed since the last share, `outputFiles` last and in order; removes what this machine uploaded
   * and the folder no longer has.
   */
  share(outputFiles: readonly string[], signal?: AbortSignal): Promise<void>;
}

export interface WorkFolders {
  forTask(taskId: string): TaskWorkFolder;
  /** Uploads the task's local folder (what changed): a new task's prepared folder, a retry's copy, before the task is queued. */
  push(taskId: string, signal?: AbortSignal): Promise<void>;
  /** Downloads what storage has of the task's folder and the local one lacks (never replacing a local file); returns how many. */
  pull(taskId: string, signal?: AbortSignal): Promise<number>;
  /** Deletes the task's folder in storage and this machine's record of it (the local folder is its owner's to delete). */
  remove(taskId: string): Promise<void>;
  /** Drops this machine's record of what it shared of the folder, once the local copy was trimmed. */
  forgetLocal(taskId: string): Promise<void>;
}

/** What was uploaded of one file: its size and mtime then. */
type Fingerprint = [size: number, mtimeMs: number];
type Shared = Map<string, Fingerprint>;

// Enough to hide an S3 round trip's latency, few enough for a shared folder's server (as storage/folder-transfer.ts).
const PARALLEL_FILES = 4;

export function createWorkFolders({ storage, workDirFor, stateDir, cache }: WorkFoldersOptions): WorkFolders {
  /** Holds the task's local folder while `work` runs; a trim of it under way finishes first (then it starts afresh). */
  const holding = async <T>(taskId: string, work: () => Promise<T>): Promise<T> => {
    if (!cache) return work();
    const result = await cache.use(taskId, async () => {
      // A trim may have removed the folder a stage run had just made: the stages are promised that it exists.
      await mkdir(workDirFor(taskId), { recursive: true });
      return work();
    });
    cache.grew();
    return result;
  };
  const prefixOf = (taskId: string) => `jobs/${taskId}`;
  const stateFile = (taskId: string) => path.join(stateDir, `${taskId}.json`);

  const loadShared = async (taskId: string): Promise<Shared> => {
    const text = await readFile(stateFile(taskId), 'utf8').catch(() => null);
    if (!text) return new Map();
    try {
      return new Map(Object.entries(JSON.parse(text) as Record<string, Fingerprint>));
    } catch {
      return new Map(); // a damaged record only costs uploading the folder again
    }
  };
  const saveShared = (taskId: string, shared: Shared) =>
    writeFileAtomic(stateFile(taskId), JSON.stringify(Object.fromEntries(shared)));

  /** The task's keys in storage, relative to its folder. */
  const remoteFiles = async (taskId: string): Promise<string[]> => {
    const prefix = `${prefixOf(taskId)}/`;
    return (await storage.list(prefixOf(taskId))).map((key) => key.slice(prefix.length));
  };

  /** Downloads `files` (relative) into the task's folder, recording them as shared (they are storage's own bytes). */
  const download = async (taskId: string, files: readonly string[], signal?: AbortSignal): Promise<number> => {
    if (files.length === 0) return 0;
    const workDir = workDirFor(taskId);
    const shared = await loadShared(taskId);
    try {
      await forEachLimited(
        files,
        async (file) => {
          const local = localPathOf(workDir, file);
          await storage.getFile(`${prefixOf(taskId)}/${file}`, local, signal);
          const stats = await stat(local);
          shared.set(file, [stats.size, stats.mtimeMs]);
        },
        signal,
      );
    } finally {
      await saveShared(taskId, shared);
    }
    return files.length;
  };

  const share = async (taskId: string, outputFiles: readonly string[], signal?: AbortSignal): Promise<void> => {
    const workDir = workDirFor(taskId);
    const outputs = outputFiles.map((file) => relativeKey(workDir, file));
    const shared = await loadShared(taskId);
    const present = await localFiles(workDir);
    const changed = [...present]
      .filter(([file, [size, mtimeMs]]) => {
        const before = shared.get(file);
        return !before || before[0] !== size || before[1] !== mtimeMs;
      })
      .map(([file]) => file);
    const upload = async (file: string) => {
      await storage.putFile(`${prefixOf(taskId)}/${file}`, localPathOf(workDir, file), signal);
      shared.set(file, present.get(file)!);
    };
    try {
      await forEachLimited(
        changed.filter((file) => !outputs.includes(file)),
        upload,
        signal,
      );
      // A file an earlier share uploaded and a later stage removed would come back on a resume elsewhere.
      for (const file of shared.keys()) {
        if (present.has(file)) continue;
        await storage.delete(`${prefixOf(taskId)}/${file}`);
        shared.delete(file);
      }
      // Stage outputs last, one at a time in stage order: storage never holds an output before the files it names.
      for (const file of outputs) if (changed.includes(file)) await upload(file);
    } finally {
      await saveShared(taskId, shared);
    }
  };

  return {
    forTask: (taskId) => ({
      fetch: (outputFiles, signal) =>
        holding(taskId, async () => {
          const workDir = workDirFor(taskId);
          const present = await localFiles(workDir);
          const remote = await remoteFiles(taskId);
          const missing = remote.filter((file) => !present.has(file));
          const outputs = new Set(outputFiles.map((file) => relativeKey(workDir, file)));
          // Storage holds a stage this folder has not finished: another machine ran further, and its files are the current ones.
          return download(taskId, missing.some((file) => outputs.has(file)) ? remote : missing, signal);
        }),
      share: (outputFiles, signal) => holding(taskId, () => share(taskId, outputFiles, signal)),
    }),
    push: (taskId, signal) => holding(taskId, () => share(taskId, [], signal)),
    pull: (taskId, signal) =>
      holding(taskId, async () => {
        const present = await localFiles(workDirFor(taskId));
        return download(
          taskId,
          (await remoteFiles(taskId)).filter((file) => !present.has(file)),
          signal,
        );
      }),
    async remove(taskId) {
      await storage.deletePrefix(prefixOf(taskId));
      await rm(stateFile(taskId), { force: true });
    },
    forgetLocal: (taskId) => rm(stateFile(taskId), { force: true }),
  };
}

/** `file` (absolute, inside workDir) as a posix path relative to it. */
function relativeKey(workDir: string, file: string): string {
  return path.relative(workDir, file).split(path.sep).join('/');
}

function localPathOf(workDir: string, file: string): string {
  return path.join(workDir, ...file.split('/'));
}

/**
 * Every file under `dir` (posix paths relative to it) with its size and mtime; no temp files of unfinished writes. A
 * link, pipe or device in the folder is refused (local-tree.ts): a linked file would carry what lies outside it.
 */
async function localFiles(dir: string): Promise<Map<string, Fingerprint>> {
  const tree = await listTree(dir);
  return new Map((tree?.files ?? []).map((file) => [file.path, [file.size, file.mtimeMs]]));
}

/** Runs `work` on every item, a few at a time; the first failure stops new starts and is thrown once the others settled. */
async function forEachLimited<T>(
  items: readonly T[],
  work: (item: T) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      signal?.throwIfAborted();
      const item = items[next++]!;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  // Settled, not raced: the caller records what was transferred, which must not change after it has.
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(PARALLEL_FILES, items.length) }, lane));
  const failure = lanes.find((lane): lane is PromiseRejectedResult => lane.status === 'rejected');
  if (failure) throw failure.reason;
}
