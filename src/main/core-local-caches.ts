// With shared storage a machine keeps local copies of what storage holds: stored files it read (`cache/files/<id>/`)
// and job work folders (`jobs/<task_id>/`). They share one size cap (the `local_cache_limit_bytes` setting).
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { DataPaths } from './config.js';
import {
  createLocalCache,
  localCacheLimit,
  LOCAL_CACHE_LIMIT_SETTING,
  type CachedEntries,
  type LocalCache,
} from './files/local-cache.js';
import type { SettingsCache } from './store/settings-cache.js';

export interface CoreLocalCachesDeps {
  paths: DataPaths;
  settings: Pick<SettingsCache, 'get'>;
  /** Whether this process runs the task now (Runner.isActive): a running task holds its work folder and inputs. */
  isRunning(taskId: string): boolean;
  /** A task's stored request, to tell which uploads it reads. */
  requestOf(taskId: string): Promise<Record<string, unknown> | undefined>;
  /** Drops this machine's record of what it shared of a work folder whose local copy was trimmed. */
  forgetWorkFolder(taskId: string): Promise<void>;
  log(line: string, level: 'warn'): void;
}

export interface CoreLocalCaches {
  /** The download cache of stored files, one entry per file id (files/file-store.ts). */
  files: CachedEntries;
  /** The local copies of work folders, one entry per task id (files/work-folders.ts). */
  workFolders: CachedEntries;
  /** Trims now (a trim also follows each growth, in the background). */
  trim: LocalCache<'files' | 'workFolders'>['trim'];
  /** Resolves when no background trim is running. */
  settled(): Promise<void>;
}

export function createCoreLocalCaches(deps: CoreLocalCachesDeps): CoreLocalCaches {
  const { paths } = deps;
  /** The requests of the tasks this process runs: each has its work folder here. */
  const runningRequests = async (): Promise<string[]> => {
    const names = await readdir(paths.jobs).catch(() => [] as string[]);
    const requests = await Promise.all(names.filter(deps.isRunning).map(deps.requestOf));
    return requests.map((request) => JSON.stringify(request ?? {}));
  };
  const cache = createLocalCache({
    areas: {
      files: {
        dir: path.join(paths.cache, path.relative(paths.root, paths.files)),
        // An upload's id is in the request however its URL is written (the file's own URL or a signed one).
        isHeld: async (fileId) => (await runningRequests()).some((request) => request.includes(fileId)),
      },
      workFolders: { dir: paths.jobs, isHeld: deps.isRunning, onTrimmed: deps.forgetWorkFolder },
    },
    limitBytes: () => localCacheLimit(deps.settings.get(LOCAL_CACHE_LIMIT_SETTING)),
    log: (message) => deps.log(message, 'warn'),
  });
  return {
    files: cache.area('files'),
    workFolders: cache.area('workFolders'),
    trim: cache.trim,
    settled: cache.settled,
  };
}
