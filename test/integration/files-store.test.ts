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

describe('file store on a real data dir and SQLite file', () => {
  let dir: string;
  let paths: DataPaths;
  let db: Db;
  let store: FileStore;

  // A file store over its own client on the same SQLite file (as the core opens one).
  const fileStoreOn = (file: Db): FileStore => createFileStore({ records: createFileRepository(createSqliteClient(file)), paths, maxInputBytes: 10_000 });

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
    db.prepare("INSERT INTO tasks (id, kind, status, request_json, created_at, updated_at) VALUES (?, 'lipsync', 'done', '{}', 0, 0)").run(id);
  };

  it('saves an upload under files/<id>/<name> with a record a reopened store still finds', async () => {
    const bytes = randomBytes(5000);
    const record = await store.saveUpload(Readable.from([bytes.subarray(0, 2000), bytes.subarray(2000)]), { name: 'talk.wav', mime: 'application/octet-stream' });
    expect(record).toMatchObject({ name: 'talk.wav', size: 5000, mime: 'audio/wav', origin: 'upload', taskId: null, path: `files/${record.id}/talk.wav` });
    const reopened = fileStoreOn(db);
    const found = (await reopened.get(record.id))!;
    expect(found).toEqual(record);
    expect(fs.readFileSync(reopened.resolvePath(found)).equals(bytes)).toBe(true);
  });

  it('leaves nothing behind when an upload passes the cap, fails midway, is empty or is aborted', async () => {
    await expect(store.saveUpload(Readable.from([randomBytes(6000), randomBytes(6000)]), { name: 'big.mp4' })).rejects.toMatchObject({ code: 'payload_too_large' });

    const broken = new Readable({ read() {} });
    broken.push(randomBytes(100));
    setImmediate(() => broken.destroy(new Error('socket hang up')));
    await expect(store.saveUpload(broken, { name: 'cut.mp4' })).rejects.toMatchObject({ code: 'invalid_request', message: 'The upload ended before the whole file arrived.' });

    await expect(store.saveUpload(Readable.from([]), { name: 'empty.mp4' })).rejects.toMatchObject({ code: 'invalid_request', message: 'The uploaded file is empty.' });

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
    expect(record).toMatchObject({ origin: 'result', taskId: 'task-1', name: 'My dub (de).mp4', size: 3000, mime: 'video/mp4' });
    expect(fs.readFileSync(store.resolvePath(record)).equals(fs.readFileSync(artifact))).toBe(true);
    expect(fs.existsSync(artifact)).toBe(true);
    await expect(store.registerResult('task-1', path.join(workDir, 'missing.mp4'), 'x.mp4')).rejects.toMatchObject({ code: 'internal' });
  });

  it("deletes a task's result files and their folders but not uploads or other tasks' results", async () => {
    insertTask('task-1');
    insertTask('task-2');
    const artifact = path.join(dir, 'artifact.srt');
    fs.writeFileSync(artifact, '1\n00:00:00,000 --> 00:00:01,000\nHi\n');
    const mine = [await store.registerResult('task-1', artifact, 'a.srt'), await store.registerResult('task-1', artifact, 'b.srt')];
    const theirs = await store.registerResult('task-2', artifact, 'c.srt');
    const upload = await store.saveUpload(Readable.from([Buffer.from('x')]), { name: 'in.mp4' });

    expect(await store.deleteForTask('task-1')).toBe(2);
    for (const record of mine) {
      expect(await store.get(record.id)).toBeUndefined();
      expect(fs.existsSync(path.join(paths.files, record.id))).toBe(false);
    }
    expect(fs.existsSync(store.resolvePath((await store.get(theirs.id))!))).toBe(true);
    expect(fs.existsSync(store.resolvePath((await store.get(upload.id))!))).toBe(true);
    expect(await store.remove(upload.id)).toBe(true);
    expect(fs.existsSync(path.join(paths.files, upload.id))).toBe(false);
  });

  it('refuses to resolve a record whose path leaves the files folder', () => {
    expect(() => store.resolvePath({ id: 'x', name: 'db', path: 'dubdesk.db', size: 1, mime: 'text/plain', origin: 'upload', taskId: null, createdAt: 0 })).toThrow(
      /outside the files folder/,
    );
  });

  describe('resolveLocalInput', () => {
    const baseUrl = 'http://127.0.0.1:7860';
    const resolve = (url: string): Promise<string> => resolveLocalInput(classifyInputUrl(url, { baseUrl }) as LocalInputUrl, store);

    it('resolves an uploaded file URL and an existing file:// URL to absolute paths', async () => {
      const upload = await store.saveUpload(Readable.from([Buffer.from('data')]), { name: 'in put.mp4' });
      expect(await resolve(`${baseUrl}/v1/files/${upload.id}?token=t`)).toBe(path.join(paths.files, upload.id, 'in put.mp4'));
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
