// A job's work folder on shared storage (src/main/files/work-folders.ts), between two machines' data folders, on a
// shared folder and on an S3 bucket (the loopback S3 server): what a stage boundary uploads, in which order, and what
// a machine that resumes the job fetches.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createWorkFolders, type WorkFolders } from '../../src/main/files/work-folders.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import type { SharedStorage } from '../../src/main/files/shared-storage.js';
import { startS3LoopbackServer, type S3LoopbackServer } from '../fixtures/s3-loopback-server.js';

const BUCKET = 'dubdesk-work-folders';
let s3: S3LoopbackServer;
beforeAll(async () => {
  s3 = await startS3LoopbackServer({ buckets: [BUCKET] });
});
afterAll(() => s3.close());

const BACKENDS: { name: string; open(dir: string): Promise<SharedStorage> }[] = [
  {
    name: 'a shared folder',
    async open(dir) {
      await fs.mkdir(path.join(dir, 'share'));
      return openStorage(path.join(dir, 'share'));
    },
  },
  {
    name: 'an S3 bucket',
    open: (dir) =>
      openStorage(`s3://${BUCKET}/${path.basename(dir)}`, {
        env: { DUBDESK_S3_FORCE_PATH_STYLE: '1' },
        s3: { endpoint: s3.endpoint, region: s3.region, credentials: s3.credentials, maxAttempts: 1 },
      }),
  },
];

/** Storage that records every upload and delete, and can be told to fail the upload of one key. */
function recording(storage: SharedStorage) {
  const puts: string[] = [];
  const deletes: string[] = [];
  let failOn: string | undefined;
  const wrapped: SharedStorage = {
    ...storage,
    async putFile(key, localPath, signal) {
      if (key === failOn) throw new Error(`upload of ${key} failed (on purpose)`);
      await storage.putFile(key, localPath, signal);
      puts.push(key);
    },
    async delete(key) {
      deletes.push(key);
      await storage.delete(key);
    },
  };
  return {
    storage: wrapped,
    puts,
    deletes,
    failUploadOf: (key: string | undefined) => {
      failOn = key;
    },
  };
}

describe.each(BACKENDS)('work folders on $name', (backend) => {
  let dir: string;
  let storage: SharedStorage;
  let wire: ReturnType<typeof recording>;
  const TASK = 'task-1';

  /** A machine: its own data folder (jobs/ and its record of what it shared), the one storage. */
  const machine = (name: string): { folders: WorkFolders; workDir: string } => {
    const root = path.join(dir, name);
    return {
      folders: createWorkFolders({
        storage: wire.storage,
        workDirFor: (taskId) => path.join(root, 'jobs', taskId),
        stateDir: path.join(root, 'cache', 'work-folders'),
      }),
      workDir: path.join(root, 'jobs', TASK),
    };
  };
  const write = async (workDir: string, file: string, text: string) => {
    await fs.mkdir(path.dirname(path.join(workDir, file)), { recursive: true });
    await fs.writeFile(path.join(workDir, file), text);
  };
  const keys = async () => (await storage.list(`jobs/${TASK}`)).map((key) => key.slice(`jobs/${TASK}/`.length));

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-work-folders-'));
    storage = await backend.open(dir);
    wire = recording(storage);
  });
  afterEach(async () => {
    await storage.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('uploads at each stage boundary only what changed, the stage outputs last and in order, and deletes what a stage removed', async () => {
    const a = machine('a');
    const outputs = ['stages/01-prepare.json', 'stages/02-encode.json'].map((file) => path.join(a.workDir, file));
    await write(a.workDir, 'inputs/resources.json', '{}');
    await write(a.workDir, 'prepared.json', '{"x":1}');
    await write(a.workDir, 'scratch.tmp', 'temporary');
    await write(a.workDir, '.encoded.0a1b2c3d.partial.mp4', 'a half-written file');
    await write(a.workDir, 'stages/01-prepare.json', '{"prepared":"prepared.json"}');
    await a.folders.forTask(TASK).share(outputs.slice(0, 1));
    expect(wire.puts.at(-1)).toBe(`jobs/${TASK}/stages/01-prepare.json`);
    expect(wire.puts.map((key) => key.slice(`jobs/${TASK}/`.length)).sort()).toEqual([
      'inputs/resources.json',
      'prepared.json',
      'scratch.tmp',
      'stages/01-prepare.json',
    ]);

    wire.puts.length = 0;
    await fs.rm(path.join(a.workDir, 'scratch.tmp'));
    await write(a.workDir, 'encoded.mp4', 'video');
    await write(a.workDir, 'stages/02-encode.json', '{"video":"encoded.mp4"}');
    await a.folders.forTask(TASK).share(outputs);
    // Unchanged files stay as they were uploaded; the new output comes after the file it names.
    expect(wire.puts).toEqual([`jobs/${TASK}/encoded.mp4`, `jobs/${TASK}/stages/02-encode.json`]);
    expect(wire.deletes).toEqual([`jobs/${TASK}/scratch.tmp`]);
    expect(await keys()).toEqual([
      'encoded.mp4',
      'inputs/resources.json',
      'prepared.json',
      'stages/01-prepare.json',
      'stages/02-encode.json',
    ]);

    // A file rewritten in place (new size or mtime) goes up again.
    wire.puts.length = 0;
    await write(a.workDir, 'prepared.json', '{"x":22}');
    await a.folders.forTask(TASK).share(outputs);
    expect(wire.puts).toEqual([`jobs/${TASK}/prepared.json`]);
  });

  it('never shares a stage output whose files did not all go up, so the stage is not done in storage', async () => {
    const a = machine('a');
    const output = path.join(a.workDir, 'stages/01-prepare.json');
    await write(a.workDir, 'prepared.json', '{}');
    await write(a.workDir, 'stages/01-prepare.json', '{}');
    wire.failUploadOf(`jobs/${TASK}/prepared.json`);
    await expect(a.folders.forTask(TASK).share([output])).rejects.toThrow(/failed \(on purpose\)/);
    expect(await keys()).toEqual([]);

    // The next share (this stage's retry, or the next stage's boundary) uploads what the failed one did not.
    wire.failUploadOf(undefined);
    await a.folders.forTask(TASK).share([output]);
    expect(await keys()).toEqual(['prepared.json', 'stages/01-prepare.json']);
  });

  it('fetches the whole folder on another machine when storage holds a stage it lacks, and shares nothing it fetched', async () => {
    const a = machine('a');
    const outputsOf = (workDir: string) =>
      ['stages/01-prepare.json', 'stages/02-encode.json'].map((file) => path.join(workDir, file));
    await write(a.workDir, 'prepared.json', '{"from":"a"}');
    await write(a.workDir, 'log/runs.log', 'run on a\n');
    await write(a.workDir, 'stages/01-prepare.json', '{}');
    await a.folders.forTask(TASK).share(outputsOf(a.workDir).slice(0, 1));

    const b = machine('b');
    // b had started the job once (a file of the stage it never finished), then a finished 'prepare'.
    await write(b.workDir, 'log/runs.log', 'run on b\n');
    await write(b.workDir, 'encoding.part.mp4', 'unfinished');
    expect(await b.folders.forTask(TASK).fetch(outputsOf(b.workDir))).toBe(3);
    expect(await fs.readFile(path.join(b.workDir, 'prepared.json'), 'utf8')).toBe('{"from":"a"}');
    // Storage ran further than this folder, so its files are the current ones; files it never had stay.
    expect(await fs.readFile(path.join(b.workDir, 'log/runs.log'), 'utf8')).toBe('run on a\n');
    expect(await fs.readFile(path.join(b.workDir, 'encoding.part.mp4'), 'utf8')).toBe('unfinished');

    // Up to date now: nothing to fetch, and the next boundary uploads only what b made.
    expect(await b.folders.forTask(TASK).fetch(outputsOf(b.workDir))).toBe(0);
    wire.puts.length = 0;
    await fs.rm(path.join(b.workDir, 'encoding.part.mp4'));
    await write(b.workDir, 'encoded.mp4', 'video');
    await write(b.workDir, 'stages/02-encode.json', '{}');
    await b.folders.forTask(TASK).share(outputsOf(b.workDir));
    expect(wire.puts).toEqual([`jobs/${TASK}/encoded.mp4`, `jobs/${TASK}/stages/02-encode.json`]);
  });

  it('fetches only what is missing when storage holds no stage the folder lacks, never replacing a local file', async () => {
    const creator = machine('api');
    await write(creator.workDir, 'inputs/resources.json', '{"glossaries":[]}');
    await creator.folders.push(TASK);
    expect(await keys()).toEqual(['inputs/resources.json']);

    const worker = machine('worker');
    await write(worker.workDir, 'notes.txt', 'local');
    expect(await worker.folders.forTask(TASK).fetch([path.join(worker.workDir, 'stages/01-prepare.json')])).toBe(1);
    expect(await fs.readFile(path.join(worker.workDir, 'inputs/resources.json'), 'utf8')).toBe('{"glossaries":[]}');
    expect(await fs.readFile(path.join(worker.workDir, 'notes.txt'), 'utf8')).toBe('local');
  });

  it('pulls a folder to a machine that lacks it, and remove deletes it from storage', async () => {
    const a = machine('a');
    await write(a.workDir, 'stages/01-prepare.json', '{}');
    await write(a.workDir, 'prepared.json', '{}');
    await a.folders.push(TASK);

    const b = machine('b');
    await write(b.workDir, 'prepared.json', '{"kept":true}');
    expect(await b.folders.pull(TASK)).toBe(1);
    expect(await fs.readFile(path.join(b.workDir, 'prepared.json'), 'utf8')).toBe('{"kept":true}');
    expect(await b.folders.pull(TASK)).toBe(0);

    await a.folders.remove(TASK);
    expect(await keys()).toEqual([]);
    expect(await b.folders.pull(TASK)).toBe(0);
  });
});
