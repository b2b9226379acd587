// A machine's local copies of shared storage under the `local_cache_limit_bytes` cap (files/local-cache.ts,
// core-local-caches.ts), over real folders, a real shared-folder storage and the settings in a real SQLite file:
// the least recently used entries go first, nothing in use or held by a running task goes, and what went is
// fetched again from storage.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataPaths, jobWorkDir, type DataPaths } from '../../src/main/config.js';
import { createCoreLocalCaches, type CoreLocalCaches } from '../../src/main/core-local-caches.js';
import { createFileStore, type FileStore } from '../../src/main/files/file-store.js';
import {
  createLocalCache,
  DEFAULT_LOCAL_CACHE_LIMIT_BYTES,
  localCacheLimit,
  LOCAL_CACHE_LIMIT_SETTING,
} from '../../src/main/files/local-cache.js';
import type { SharedStorage } from '../../src/main/files/shared-storage.js';
import { createWorkFolders, type WorkFolders } from '../../src/main/files/work-folders.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import { openSqliteStore, type OpenedStore } from '../../src/main/store/open-store.js';
import { loadSettingsCache, type SettingsCache } from '../../src/main/store/settings-cache.js';

const KB = 1000;
let dir: string;
let opened: OpenedStore;
let settings: SettingsCache;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-local-caches-'));
  opened = openSqliteStore(path.join(dir, 'dubdesk.db'));
  settings = await loadSettingsCache(opened.store.settings);
});
afterEach(async () => {
  await opened.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** A cache entry (a folder) holding one file of `bytes` random bytes. */
async function entry(areaDir: string, name: string, bytes: number): Promise<string> {
  const folder = path.join(areaDir, name);
  await fs.mkdir(folder, { recursive: true });
  await fs.writeFile(path.join(folder, 'data.bin'), randomBytes(bytes));
  return folder;
}

const exists = (file: string) =>
  fs.stat(file).then(
    () => true,
    () => false,
  );

describe('the local cache', () => {
  /** Two areas over real folders, the cap read from the settings at each trim, time given by the test. */
  function cacheOver(held: { work?: Set<string>; isHeld?: (name: string) => Promise<boolean> } = {}) {
    let clock = 1_000_000;
    const cache = createLocalCache({
      areas: {
        files: { dir: path.join(dir, 'files'), isHeld: held.isHeld },
        work: { dir: path.join(dir, 'jobs'), isHeld: (name) => held.work?.has(name) ?? false },
      },
      limitBytes: () => localCacheLimit(settings.get(LOCAL_CACHE_LIMIT_SETTING)),
      log: (message) => {
        throw new Error(message);
      },
      now: () => (clock += 1000),
    });
    return cache;
  }

  it('defaults to 20 GB and reads the cap from the settings', async () => {
    expect(localCacheLimit(settings.get(LOCAL_CACHE_LIMIT_SETTING))).toBe(DEFAULT_LOCAL_CACHE_LIMIT_BYTES);
    expect(DEFAULT_LOCAL_CACHE_LIMIT_BYTES).toBe(20_000_000_000);
    await settings.set(LOCAL_CACHE_LIMIT_SETTING, '25000');
    expect(localCacheLimit(settings.get(LOCAL_CACHE_LIMIT_SETTING))).toBe(25_000);
  });

  it('removes the least recently used entries first, by their recorded use, until the caches fit the cap', async () => {
    const cache = cacheOver();
    const files = cache.area('files');
    const work = cache.area('work');
    for (const name of ['a', 'b']) await files.use(name, () => entry(path.join(dir, 'files'), name, 10 * KB));
    await work.use('t1', () => entry(path.join(dir, 'jobs'), 't1', 10 * KB));
    // Written first, read last: a is now the most recently used, b the least.
    await files.use('a', async () => fs.readFile(path.join(dir, 'files', 'a', 'data.bin')));
    await settings.set(LOCAL_CACHE_LIMIT_SETTING, String(25 * KB));

    const report = await cache.trim();

    expect(report).toEqual({ limitBytes: 25 * KB, beforeBytes: 30 * KB, afterBytes: 20 * KB, removed: ['files/b'] });
    expect(await exists(path.join(dir, 'files', 'b'))).toBe(false);
    expect(await exists(path.join(dir, 'files', 'a', 'data.bin'))).toBe(true);
    expect(await exists(path.join(dir, 'jobs', 't1', 'data.bin'))).toBe(true);

    await settings.set(LOCAL_CACHE_LIMIT_SETTING, String(10 * KB));
    expect((await cache.trim()).removed).toEqual(['work/t1']);
    expect((await cache.trim()).removed).toEqual([]);
  });

  it('never removes an entry in use or one a running task holds, even over the cap', async () => {
    const running = new Set(['t-running']);
    const cache = cacheOver({ work: running });
    const files = cache.area('files');
    await cache.area('work').use('t-running', () => entry(path.join(dir, 'jobs'), 't-running', 10 * KB));
    await files.use('old', () => entry(path.join(dir, 'files'), 'old', 10 * KB));
    await files.use('newest', () => entry(path.join(dir, 'files'), 'newest', 10 * KB));
    await settings.set(LOCAL_CACHE_LIMIT_SETTING, '0');
    let release!: () => void;
    const reading = files.use('old', () => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setImmediate(resolve));

    const report = await cache.trim();

    expect(report.removed).toEqual(['files/newest']);
    expect(report.afterBytes).toBe(20 * KB);
    expect(await exists(path.join(dir, 'files', 'old', 'data.bin'))).toBe(true);
    expect(await exists(path.join(dir, 'jobs', 't-running', 'data.bin'))).toBe(true);

    release();
    await reading;
    running.delete('t-running');
    expect((await cache.trim()).removed.sort()).toEqual(['files/old', 'work/t-running']);
  });

  it('makes a use that starts while its entry is being removed wait, then start without it', async () => {
    let answer!: (held: boolean) => void;
    let answerAsked!: () => void;
    const asked = new Promise<void>((resolve) => (answerAsked = resolve));
    const cache = cacheOver({
      isHeld: () => {
        answerAsked();
        return new Promise<boolean>((resolve) => (answer = resolve));
      },
    });
    const files = cache.area('files');
    await files.use('x', () => entry(path.join(dir, 'files'), 'x', 10 * KB));
    await settings.set(LOCAL_CACHE_LIMIT_SETTING, '0');

    const trimming = cache.trim();
    await asked;
    const found = files.use('x', () => exists(path.join(dir, 'files', 'x', 'data.bin')));
    answer(false);

    expect((await trimming).removed).toEqual(['files/x']);
    expect(await found).toBe(false);
  });
});

describe('the download cache and work folders of a machine on shared storage', () => {
  let paths: DataPaths;
  let storage: SharedStorage;
  let caches: CoreLocalCaches;
  let store: FileStore;
  let workFolders: WorkFolders;
  const running = new Set<string>();
  const requests = new Map<string, Record<string, unknown>>();

  beforeEach(async () => {
    paths = dataPaths(path.join(dir, 'data'));
    await fs.mkdir(path.join(dir, 'share'));
    storage = await openStorage(path.join(dir, 'share'));
    running.clear();
    requests.clear();
    caches = createCoreLocalCaches({
      paths,
      settings,
      isRunning: (taskId) => running.has(taskId),
      requestOf: async (taskId) => requests.get(taskId),
      forgetWorkFolder: (taskId) => workFolders.forgetLocal(taskId),
      log: (line) => {
        throw new Error(line);
      },
    });
    store = createFileStore({
      records: opened.store.files,
      paths,
      maxInputBytes: 10_000_000,
      storage,
      cache: caches.files,
    });
    workFolders = createWorkFolders({
      storage,
      workDirFor: (taskId) => jobWorkDir(paths, taskId),
      stateDir: path.join(paths.cache, 'work-folders'),
      cache: caches.workFolders,
    });
  });
  afterEach(async () => {
    await caches.settled();
    await storage.close();
  });

  const upload = async (name: string, bytes: Buffer) => {
    const record = await store.saveUpload(Readable.from([bytes]), { name });
    await caches.settled();
    return record;
  };
  const cachedCopy = (id: string, name: string) => path.join(paths.cache, 'files', id, name);
  // Uses are recorded to the millisecond: a pause keeps their order unambiguous.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('keeps the uploads read most recently, and fetches a trimmed one again from storage when it is read', async () => {
    await settings.set(LOCAL_CACHE_LIMIT_SETTING, String(250 * KB));
    const first = await upload('first.bin', randomBytes(100 * KB));
    await pause();
    const second = await upload('second.bin', randomBytes(100 * KB));
    await pause();
    await store.localPath(first); // read: first is now used more recently than second
    await pause();
    const third = await upload('third.bin', randomBytes(100 * KB));

    expect(await exists(cachedCopy(second.id, 'second.bin'))).toBe(false);
    expect(await exists(cachedCopy(first.id, 'first.bin'))).toBe(true);
    expect(await exists(cachedCopy(third.id, 'third.bin'))).toBe(true);

    const again = await store.localPath(second);
    expect(again).toBe(cachedCopy(second.id, 'second.bin'));
    expect((await fs.stat(again)).size).toBe(100 * KB);
  });

  it("never trims a running task's work folder or the uploads its request names; a trimmed folder comes back", async () => {
    const input = await upload('input.bin', randomBytes(50 * KB));
    const other = await upload('other.bin', randomBytes(50 * KB));
    for (const taskId of ['task-running', 'task-done']) {
      await fs.mkdir(jobWorkDir(paths, taskId), { recursive: true });
      await fs.writeFile(path.join(jobWorkDir(paths, taskId), 'stage.bin'), randomBytes(50 * KB));
      await workFolders.push(taskId);
    }
    await caches.settled();
    running.add('task-running');
    requests.set('task-running', { reference_file_url: `dubdesk://files/${input.id}` });
    await settings.set(LOCAL_CACHE_LIMIT_SETTING, '0');

    const report = await caches.trim();

    expect(report.removed.sort()).toEqual([`files/${other.id}`, 'workFolders/task-done']);
    expect(await exists(cachedCopy(input.id, 'input.bin'))).toBe(true);
    expect(await exists(path.join(jobWorkDir(paths, 'task-running'), 'stage.bin'))).toBe(true);
    expect(await exists(jobWorkDir(paths, 'task-done'))).toBe(false);
    expect(await exists(path.join(paths.cache, 'work-folders', 'task-done.json'))).toBe(false);

    // Reading the finished task's folder again fetches it whole from storage.
    await settings.set(LOCAL_CACHE_LIMIT_SETTING, String(DEFAULT_LOCAL_CACHE_LIMIT_BYTES));
    expect(await workFolders.pull('task-done')).toBe(1);
    expect((await fs.stat(path.join(jobWorkDir(paths, 'task-done'), 'stage.bin'))).size).toBe(50 * KB);
  });
});
