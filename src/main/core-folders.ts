import path from 'node:path';
import { jobWorkDir, type DataPaths } from './config.js';
import { createSharedDataFolders } from './files/shared-data-folders.js';
import { createCoreLocalCaches, type CoreLocalCaches, type CoreLocalCachesDeps } from './core-local-caches.js';
import type { FileStoreOptions } from './files/file-store.js';
import type { SharedStorage } from './files/shared-storage.js';
import { createWorkFolders, type WorkFolders } from './files/work-folders.js';
import type { ReusableModelFolders } from './pipelines/reusable-lipsync/make-model.js';

/** Where jobs work and reusable models live: the data folder, and with shared storage, copies kept there too. */
export interface CoreFolders {
  workDirFor(taskId: string): string;
  /** With shared storage: each task's work folder, synchronised with the storage. */
  readonly workFolders: WorkFolders | undefined;
  /** A task's work folder brought here before its outputs are read outside its job (it may have run on another machine). */
  readonly fetchWorkFolder: ((taskId: string) => Promise<unknown>) | undefined;
  readonly reusableFolders: ReusableModelFolders;
  /** A reusable model's folder, here: with shared storage, fetched on first use (another machine may have made it). */
  reusableModelFolder(relative: string): Promise<string>;
  /** Where the file store keeps files' bytes: with shared storage there, and this machine's download cache of them. */
  readonly bytes: Pick<FileStoreOptions, 'storage' | 'cache'>;
}

/** What the local caches' cap needs of the core (core-local-caches.ts). */
export interface CoreCacheDeps extends Pick<CoreLocalCachesDeps, 'settings' | 'isRunning' | 'log'> {
  tasks: { get(taskId: string): Promise<{ request: Record<string, unknown> } | undefined> };
}

export function createCoreFolders(
  paths: DataPaths,
  storage: SharedStorage | undefined,
  cacheDeps: CoreCacheDeps,
): CoreFolders {
  const workDirFor = (taskId: string) => jobWorkDir(paths, taskId);
  // With shared storage, local copies of what it holds (downloads, work folders) stay under one size cap.
  const caches: CoreLocalCaches | undefined = storage
    ? createCoreLocalCaches({
        ...cacheDeps,
        paths,
        requestOf: async (taskId) => (await cacheDeps.tasks.get(taskId))?.request,
        forgetWorkFolder: async (taskId: string): Promise<void> => workFolders?.forgetLocal(taskId),
      })
    : undefined;
  const cache = caches?.workFolders;
  const workFolders: WorkFolders | undefined = storage
    ? createWorkFolders({ storage, workDirFor, stateDir: path.join(paths.cache, 'work-folders'), cache })
    : undefined;
  const fetchWorkFolder = workFolders ? (taskId: string) => workFolders.pull(taskId) : undefined;
  const sharedFolders = storage ? createSharedDataFolders(storage, paths.root) : undefined;
  return {
    workDirFor,
    workFolders,
    fetchWorkFolder,
    reusableFolders: {
      dataDir: paths.root,
      workDirFor,
      fetchWorkFolder,
      shareFolder: sharedFolders?.share,
      removeSharedFolder: sharedFolders?.remove,
    },
    reusableModelFolder: async (relative) => sharedFolders?.local(relative) ?? path.join(paths.root, relative),
    bytes: { storage, cache: caches?.files },
  };
}
