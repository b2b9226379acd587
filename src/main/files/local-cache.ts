// A machine's local caches with shared storage (scale-out): the download cache of stored files (`<data>/cache/files/
// <id>/`) and the local copies of job work folders (`<data>/jobs/<task_id>/`). Storage holds every byte of both, so
// they may go; together they stay under a size cap (a setting). When a cache grows past it, the least recently used
// entries are removed first, and never one in use: held by a transfer or copy here, or by a task this process runs.
import { lstat, readdir, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';

/** The setting that caps the local caches, in bytes (GET/PUT /v1/settings). */
export const LOCAL_CACHE_LIMIT_SETTING = 'local_cache_limit_bytes';
export const DEFAULT_LOCAL_CACHE_LIMIT_BYTES = 20_000_000_000;

/** The cap as stored in the settings; the default when none was set. */
export function localCacheLimit(stored: string | undefined): number {
  const value = stored === undefined ? NaN : Number(stored);
  return Number.isSafeInteger(value) && value >= 0 ? value : DEFAULT_LOCAL_CACHE_LIMIT_BYTES;
}

/** A folder whose subfolders are the entries of one cache. */
export interface CacheAreaOptions {
  dir: string;
  /** Whether something outside this module holds the entry (a task running here holds its work folder, its inputs). */
  isHeld?(name: string): boolean | Promise<boolean>;
  /** Called after an entry was removed, to drop what records it (a work folder's record of what it shared). */
  onTrimmed?(name: string): Promise<void>;
}

/** One cache as its owner uses it. */
export interface CachedEntries {
  /** Holds the entry while `work` runs (after any removal of it under way), then records it as used now. */
  use<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The cache grew: trims in the background when the caches are over the cap. */
  grew(): void;
}

export interface TrimReport {
  limitBytes: number;
  /** Bytes in the caches before and after. */
  beforeBytes: number;
  afterBytes: number;
  /** Removed entries as `<area>/<name>`, least recently used first. */
  removed: string[];
}

export interface LocalCacheOptions<Area extends string> {
  areas: Record<Area, CacheAreaOptions>;
  /** Read at each trim, so a changed setting applies at the next one. */
  limitBytes(): number;
  /** Where a background trim's failure goes (the service log). */
  log(message: string): void;
  now?: () => number;
}

export interface LocalCache<Area extends string> {
  area(name: Area): CachedEntries;
  /** Removes least recently used entries nothing holds until the caches fit the cap (one trim at a time). */
  trim(): Promise<TrimReport>;
  /** Resolves when no background trim is running. */
  settled(): Promise<void>;
}

interface Entry {
  key: string;
  area: string;
  name: string;
  dir: string;
  bytes: number;
  lastUsedMs: number;
}

export function createLocalCache<Area extends string>(options: LocalCacheOptions<Area>): LocalCache<Area> {
  const now = options.now ?? Date.now;
  const holds = new Map<string, number>();
  /** Entries being removed: a use waits for the removal, then starts from an empty folder. */
  const removing = new Map<string, Promise<void>>();
  let running: Promise<TrimReport> | undefined;
  let looping = false;
  let again = false;
  let background: Promise<void> = Promise.resolve();

  const keyOf = (area: string, name: string) => `${area}/${name}`;
  const areaOf = (area: string): CacheAreaOptions => options.areas[area as Area];
  const inUse = (key: string) => (holds.get(key) ?? 0) > 0;

  /** Removes the entry unless it is held; false when it is. */
  const removeUnlessHeld = async (entry: Entry): Promise<boolean> => {
    if (inUse(entry.key) || removing.has(entry.key)) return false;
    // Marked before the outside check: a use starting meanwhile waits for the answer, so none slips in between.
    let settle!: () => void;
    removing.set(entry.key, new Promise<void>((resolve) => (settle = resolve)));
    try {
      const area = areaOf(entry.area);
      if (await area.isHeld?.(entry.name)) return false;
      await rm(entry.dir, { recursive: true, force: true });
      await area.onTrimmed?.(entry.name);
      return true;
    } finally {
      removing.delete(entry.key);
      settle();
    }
  };

  const use = async <T>(area: string, name: string, work: () => Promise<T>): Promise<T> => {
    const key = keyOf(area, name);
    await removing.get(key);
    holds.set(key, (holds.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = holds.get(key)! - 1;
      if (left > 0) holds.set(key, left);
      else holds.delete(key);
      // Never in place of the work's own error: a use left unrecorded only makes the entry look older.
      await recordUse(path.join(areaOf(area).dir, name), now()).catch(() => undefined);
    }
  };

  const trimOnce = async (): Promise<TrimReport> => {
    const limitBytes = options.limitBytes();
    const entries: Entry[] = [];
    for (const [area, settings] of Object.entries<CacheAreaOptions>(options.areas))
      entries.push(...(await listEntries(area, settings.dir)));
    const beforeBytes = entries.reduce((sum, entry) => sum + entry.bytes, 0);
    let total = beforeBytes;
    const removed: string[] = [];
    for (const entry of entries.sort((a, b) => a.lastUsedMs - b.lastUsedMs)) {
      if (total <= limitBytes) break;
      if (!(await removeUnlessHeld(entry))) continue;
      total -= entry.bytes;
      removed.push(entry.key);
    }
    return { limitBytes, beforeBytes, afterBytes: total, removed };
  };

  const trim = async (): Promise<TrimReport> => {
    while (running) await running.catch(() => undefined);
    running = trimOnce().finally(() => (running = undefined));
    return running;
  };

  const grew = () => {
    // Growth during a background trim is looked at once it ends: one more pass, never a queue of them.
    if (looping) {
      again = true;
      return;
    }
    looping = true;
    background = (async () => {
      do {
        again = false;
        await trim().catch((error: unknown) =>
          options.log(`Trimming the local caches failed: ${(error as Error).message}`),
        );
      } while (again);
      looping = false;
    })();
  };

  return {
    area: (area) => ({ use: (name, work) => use(area, name, work), grew }),
    trim,
    settled: async () => {
      while (running) await running.catch(() => undefined);
      await background;
    },
  };
}

/**
 * Access times are not kept on many systems (noatime, relatime): a use sets the folder's modification time. An entry
 * its work removed (a failed download, a deleted task) has no use to record.
 */
async function recordUse(dir: string, atMs: number): Promise<void> {
  const at = new Date(atMs);
  await utimes(dir, at, at);
}

async function listEntries(area: string, dir: string): Promise<Entry[]> {
  const names = await readdir(dir, { withFileTypes: true }).catch((error: unknown) =>
    isMissing(error) ? [] : Promise.reject(error),
  );
  const entries: Entry[] = [];
  for (const dirent of names) {
    if (!dirent.isDirectory()) continue;
    const entryDir = path.join(dir, dirent.name);
    const folder = await stat(entryDir).catch(() => null);
    if (!folder) continue; // removed meanwhile
    entries.push({
      key: `${area}/${dirent.name}`,
      area,
      name: dirent.name,
      dir: entryDir,
      bytes: await treeBytes(entryDir),
      lastUsedMs: folder.mtimeMs,
    });
  }
  return entries;
}

/** Bytes under a folder, links counted as themselves and never followed; what vanishes meanwhile counts nothing. */
async function treeBytes(dir: string): Promise<number> {
  const names = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let bytes = 0;
  for (const dirent of names) {
    const full = path.join(dir, dirent.name);
    if (dirent.isDirectory()) bytes += await treeBytes(full);
    else bytes += (await lstat(full).catch(() => null))?.size ?? 0;
  }
  return bytes;
}

const isMissing = (error: unknown) => ['ENOENT', 'ENOTDIR'].includes((error as NodeJS.ErrnoException).code ?? '');
