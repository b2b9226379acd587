import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dataPaths, jobWorkDir, type DataPaths } from '../../src/main/config.js';
import { createFileStore, type FileStore } from '../../src/main/files/file-store.js';
import { classifyInputUrl, resolveLocalInput, type LocalInputUrl } from '../../src/main/files/input-url.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createFileRepository } from '../../src/main/store/files-repository.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import type { SharedStorage } from '../../src/main/files/shared-storage.js';

describe('file store on a real data dir and SQLite file', () => {
  let dir: string;
  let paths: DataPaths;
  let db: Db;
  let store: FileStore;

  // A file store over its own client on the same SQLite file (as the core opens one).
  const fileStoreOn = (file: Db): FileStore =>
    createFileStore({ records: createFileRepository(createSqliteClient(file)), paths, maxInputBytes: 10_000 });

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-file-store-'));
    paths = dataPaths(dir);
    db = openDatabase(paths.database);
    store = fileStoreOn(db);
  });

  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const insertTask = (id: string): void => {
    db.prepare(
      "INSERT INTO tasks (id, kind, status, request_json, created_at, updated_at) VALUES (?, 'lipsync', 'done', '{}', 0, 0)",
    ).run(id);
  };

  it('saves an upload under files/<id>/<name> with a record a reopened store still finds', async () => {
    const bytes = randomBytes(5000);
    const record = await store.saveUpload(Readable.from([bytes.subarray(0, 2000), bytes.subarray(2000)]), {
      name: 'talk.wav',
      mime: 'application/octet-stream',
    });
    expect(record).toMatchObject({
      name: 'talk.wav',
      size: 5000,
      mime: 'audio/wav',
      origin: 'upload',
      taskId: null,
      path: `files/${record.id}/talk.wav`,
    });
    const reopened = fileStoreOn(db);
    const found = (await reopened.get(record.id))!;
    expect(found).toEqual(record);
    expect(fs.readFileSync(await reopened.localPath(found)).equals(bytes)).toBe(true);
  });

  it('leaves nothing behind when an upload passes the cap, fails midway, is empty or is aborted', async () => {
    await expect(
      store.saveUpload(Readable.from([randomBytes(6000), randomBytes(6000)]), { name: 'big.mp4' }),
    ).rejects.toMatchObject({ code: 'payload_too_large' });

    const broken = new Readable({ read() {} });
    broken.push(randomBytes(100));
    setImmediate(() => broken.destroy(new Error('socket hang up')));
    await expect(store.saveUpload(broken, { name: 'cut.mp4' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'The upload ended before the whole file arrived.',
    });

    await expect(store.saveUpload(Readable.from([]), { name: 'empty.mp4' })).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'The uploaded file is empty.',
    });

    const controller = new AbortController();
    const stalled = new Readable({ read() {} });
    stalled.push(randomBytes(100));
    const saving = store.saveUpload(stalled, { name: 'stalled.mp4' }, controller.signal);
    setTimeout(() => controller.abort(), 20);
    await expect(saving).rejects.toMatchObject({ name: 'AbortError' });

    expect(fs.readdirSync(paths.files)).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM files').get()).toEqual({ n: 0 });
  });

  it("registers a job's artifact as a result without removing it from the job's work dir", async () => {
    insertTask('task-1');
    const workDir = jobWorkDir(paths, 'task-1');
    fs.mkdirSync(workDir, { recursive: true });
    const artifact = path.join(workDir, 'output.mp4');
    fs.writeFileSync(artifact, randomBytes(3000));

    const record = await store.registerResult('task-1', artifact, 'My dub (de).mp4');
    expect(record).toMatchObject({
      origin: 'result',
      taskId: 'task-1',
      name: 'My dub (de).mp4',
      size: 3000,
      mime: 'video/mp4',
    });
    expect(fs.readFileSync(await store.localPath(record)).equals(fs.readFileSync(artifact))).toBe(true);
    expect(fs.existsSync(artifact)).toBe(true);
    await expect(store.registerResult('task-1', path.join(workDir, 'missing.mp4'), 'x.mp4')).rejects.toMatchObject({
      code: 'internal',
    });
  });

  it("deletes a task's result files and their folders but not uploads or other tasks' results", async () => {
    insertTask('task-1');
    insertTask('task-2');
    const artifact = path.join(dir, 'artifact.srt');
    fs.writeFileSync(artifact, '1\n00:00:00,000 --> 00:00:01,000\nHi\n');
    const mine = [
      await store.registerResult('task-1', artifact, 'a.srt'),
      await store.registerResult('task-1', artifact, 'b.srt'),
    ];
    const theirs = await store.registerResult('task-2', artifact, 'c.srt');
    const upload = await store.saveUpload(Readable.from([Buffer.from('x')]), { name: 'in.mp4' });

    expect(await store.deleteForTask('task-1')).toBe(2);
    for (const record of mine) {
      expect(await store.get(record.id)).toBeUndefined();
      expect(fs.existsSync(path.join(paths.files, record.id))).toBe(false);
    }
    expect(fs.existsSync(await store.localPath((await store.get(theirs.id))!))).toBe(true);
    expect(fs.existsSync(await store.localPath((await store.get(upload.id))!))).toBe(true);
    expect(await store.remove(upload.id)).toBe(true);
    expect(fs.existsSync(path.join(paths.files, upload.id))).toBe(false);
  });

  it('refuses to resolve a record whose path leaves the files folder', async () => {
    const record = {
      id: 'x',
      name: 'db',
      path: 'dubdesk.db',
      size: 1,
      mime: 'text/plain',
      origin: 'upload' as const,
      taskId: null,
      createdAt: 0,
    };
    await expect(store.localPath(record)).rejects.toThrow(/outside the files folder/);
    await expect(store.read(record)).rejects.toThrow(/outside the files folder/);
  });

  describe('resolveLocalInput', () => {
    const baseUrl = 'http://127.0.0.1:7860';
    const resolve = (url: string): Promise<string> =>
      resolveLocalInput(classifyInputUrl(url, { baseUrl }) as LocalInputUrl, store);

    it('resolves an uploaded file URL and an existing file:// URL to absolute paths', async () => {
      const upload = await store.saveUpload(Readable.from([Buffer.from('data')]), { name: 'in put.mp4' });
      expect(await resolve(`${baseUrl}/v1/files/${upload.id}?token=t`)).toBe(
        path.join(paths.files, upload.id, 'in put.mp4'),
      );
      const local = path.join(dir, 'local clip.mp4');
      fs.writeFileSync(local, 'x');
      expect(await resolve(pathToFileURL(local).href)).toBe(local);
    });

    it('answers not_found for a missing upload, a missing local file and a folder', async () => {
      await expect(resolve(`${baseUrl}/v1/files/nope`)).rejects.toMatchObject({ code: 'not_found' });
      await expect(resolve(pathToFileURL(path.join(dir, 'absent.mp4')).href)).rejects.toMatchObject({
        code: 'not_found',
        message: expect.stringContaining('absent.mp4 does not exist'),
      });
      await expect(resolve(pathToFileURL(dir).href)).rejects.toMatchObject({ code: 'not_found' });
    });
  });
});

describe('file store on shared storage (a shared folder), seen from two machines', () => {
  let dir: string;
  let storage: SharedStorage;
  // The shared database (one SQLite file stands in for it here).
  let db: Db;

  /** A machine: its own data folder, the shared database and the shared storage. */
  const machine = (name: string) => {
    const paths = dataPaths(path.join(dir, name));
    fs.mkdirSync(paths.root);
    return {
      paths,
      store: createFileStore({
        records: createFileRepository(createSqliteClient(db)),
        paths,
        maxInputBytes: 10_000,
        storage,
      }),
    };
  };

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-file-store-shared-'));
    fs.mkdirSync(path.join(dir, 'share'));
    storage = await openStorage(path.join(dir, 'share'));
    db = openDatabase(path.join(dir, 'shared.db'));
  });

  afterEach(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('keeps uploads and results in storage under the record path, and a machine that reads one keeps a local copy', async () => {
    const a = machine('a');
    const bytes = randomBytes(5000);
    const upload = await a.store.saveUpload(Readable.from([bytes]), { name: 'talk.wav' });
    expect(upload.path).toBe(`files/${upload.id}/talk.wav`);
    expect(await storage.stat(upload.path)).toEqual({ size: 5000 });
    // Nothing in the data folder's files/: the machine that took the upload keeps it only in its cache.
    expect(fs.existsSync(path.join(a.paths.files, upload.id))).toBe(false);
    expect(await a.store.localPath(upload)).toBe(path.join(a.paths.cache, 'files', upload.id, 'talk.wav'));

    // Another machine (its own data folder, the same record) reads the bytes from storage once, into its own cache.
    const b = machine('b');
    const cached = await b.store.localPath(upload);
    expect(cached).toBe(path.join(b.paths.cache, 'files', upload.id, 'talk.wav'));
    expect(fs.readFileSync(cached).equals(bytes)).toBe(true);
    const range = await b.store.read(upload, { start: 10, end: 19 });
    const chunks: Buffer[] = [];
    for await (const chunk of range) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes.subarray(10, 20))).toBe(true);

    db.prepare(
      "INSERT INTO tasks (id, kind, status, request_json, created_at, updated_at) VALUES ('task-1', 'lipsync', 'done', '{}', 0, 0)",
    ).run();
    const artifact = path.join(dir, 'out.srt');
    fs.writeFileSync(artifact, '1\n00:00:00,000 --> 00:00:01,000\nHi\n');
    const result = await a.store.registerResult('task-1', artifact, 'out.srt');
    expect(await storage.stat(result.path)).toEqual({ size: fs.statSync(artifact).size });
    expect(await a.store.deleteForTask('task-1')).toBe(1);
    expect(await storage.stat(result.path)).toBeNull();

    expect(await a.store.remove(upload.id)).toBe(true);
    expect(await storage.stat(upload.path)).toBeNull();
    expect(fs.existsSync(path.join(a.paths.cache, 'files', upload.id))).toBe(false);
  });

  it('leaves nothing in storage or the cache when an upload is refused, and answers not_found for bytes gone from storage', async () => {
    const a = machine('a');
    await expect(
      a.store.saveUpload(Readable.from([randomBytes(6000), randomBytes(6000)]), { name: 'big.mp4' }),
    ).rejects.toMatchObject({ code: 'payload_too_large' });
    await expect(a.store.saveUpload(Readable.from([]), { name: 'empty.mp4' })).rejects.toMatchObject({
      code: 'invalid_request',
    });
    expect(await storage.list('')).toEqual([]);
    expect(fs.readdirSync(path.join(a.paths.cache, 'files'))).toEqual([]);

    const upload = await a.store.saveUpload(Readable.from([Buffer.from('data')]), { name: 'in.mp4' });
    await storage.delete(upload.path);
    const b = machine('b');
    expect(await b.store.stat(upload)).toBeNull();
    await expect(b.store.localPath(upload)).rejects.toMatchObject({ code: 'not_found' });
    await expect(resolveLocalInput({ kind: 'upload', fileId: upload.id }, b.store)).rejects.toMatchObject({
      code: 'not_found',
      message: `Uploaded file ${upload.id} does not exist any more; upload it again.`,
    });
  });
});
