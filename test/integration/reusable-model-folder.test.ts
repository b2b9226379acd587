// The files side of POST/DELETE /v1/reusable_lipsync_models (pipelines/reusable-lipsync/make-model.ts), on real folders.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { createSharedDataFolders } from '../../src/main/files/shared-data-folders.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import {
  makeReusableModelFolder,
  removeReusableModelFolder,
  REUSABLE_MODELS_DIR,
  type ReusableModelFolders,
  type ReusableModelSource,
} from '../../src/main/pipelines/reusable-lipsync/make-model.js';

let dataDir: string;
let folders: ReusableModelFolders;
const precisionTask: ReusableModelSource = {
  id: 'task1',
  kind: 'lipsync',
  status: 'done',
  request: { model: 'precision_v1' },
};

function writeReusableData(taskId: string): string {
  const dir = path.join(folders.workDirFor(taskId), 'reusable');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'manifest.json'), '{"version":1}');
  fs.writeFileSync(path.join(dir, 'crops.rgb'), Buffer.alloc(96 * 96 * 3, 7));
  return dir;
}

async function refusal(task: ReusableModelSource): Promise<DubDeskError> {
  const error = await makeReusableModelFolder(task, 'model1', folders).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DubDeskError);
  return error as DubDeskError;
}

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-reusable-folder-'));
  folders = { dataDir, workDirFor: (taskId) => path.join(dataDir, 'jobs', taskId) };
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('reusable lip-sync model folders', () => {
  it('copy the reusable data of a finished precision_v1 task to reusable_models/<id>, which outlives the work folder', async () => {
    writeReusableData('task1');
    const relative = await makeReusableModelFolder(precisionTask, 'model1', folders);
    expect(relative).toBe(path.join(REUSABLE_MODELS_DIR, 'model1'));
    fs.rmSync(folders.workDirFor('task1'), { recursive: true });
    expect(fs.readFileSync(path.join(dataDir, relative, 'manifest.json'), 'utf8')).toBe('{"version":1}');
    expect(fs.statSync(path.join(dataDir, relative, 'crops.rgb')).size).toBe(96 * 96 * 3);
    await removeReusableModelFolder(relative, { dataDir });
    expect(fs.existsSync(path.join(dataDir, relative))).toBe(false);
    // Removing again (a folder already gone) is not an error.
    await removeReusableModelFolder(relative, { dataDir });
  });

  it('refuse other tasks with the catalogue error a user can act on', async () => {
    writeReusableData('task1');
    expect((await refusal({ ...precisionTask, kind: 'translate' })).code).toBe('invalid_request');
    expect((await refusal({ ...precisionTask, request: { model: 'fast_v1' } })).message).toMatch(
      /not a precision_v1 lip-sync task/,
    );
    const running = await refusal({ ...precisionTask, status: 'processing' });
    expect([running.code, running.message]).toEqual(['conflict', 'Task task1 is processing; wait until it is done.']);
    const cleaned = await refusal({ ...precisionTask, id: 'task2' });
    expect([cleaned.code, cleaned.message]).toEqual(['conflict', expect.stringMatching(/kept no face data to reuse/)]);
    expect(fs.existsSync(path.join(dataDir, REUSABLE_MODELS_DIR))).toBe(false);
  });

  it('leave no model folder, whole or partial, when the copy fails half way', async () => {
    const source = writeReusableData('task1');
    // Node's cp refuses a named pipe, after it has copied the files before it.
    execFileSync('mkfifo', [path.join(source, 'zz-pipe')]);
    const error = await makeReusableModelFolder(precisionTask, 'model1', folders).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(Error);
    expect(fs.readdirSync(path.join(dataDir, REUSABLE_MODELS_DIR))).toEqual([]);
  });

  it('with shared storage, are made on one machine and read on another, and deleted from both', async () => {
    const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-reusable-storage-'));
    const otherMachine = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-reusable-other-'));
    const storage = await openStorage(storageDir);
    try {
      const here = createSharedDataFolders(storage, dataDir);
      writeReusableData('task1');
      const relative = await makeReusableModelFolder(precisionTask, 'model1', {
        ...folders,
        shareFolder: here.share,
        removeSharedFolder: here.remove,
      });
      // The other machine has no copy yet: its first read fetches the whole folder.
      const there = createSharedDataFolders(storage, otherMachine);
      const fetched = await there.local(relative);
      expect(fetched).toBe(path.join(otherMachine, relative));
      expect(fs.readFileSync(path.join(fetched, 'manifest.json'), 'utf8')).toBe('{"version":1}');
      expect(fs.statSync(path.join(fetched, 'crops.rgb')).size).toBe(96 * 96 * 3);
      await removeReusableModelFolder(relative, { dataDir, removeSharedFolder: here.remove });
      expect(await storage.list(relative.split(path.sep).join('/'))).toEqual([]);
      // A model gone from storage is not conjured up as an empty folder.
      const gone = await createSharedDataFolders(storage, path.join(otherMachine, 'third-machine')).local(relative);
      expect(fs.existsSync(gone)).toBe(false);
    } finally {
      await storage.close();
      fs.rmSync(storageDir, { recursive: true, force: true });
      fs.rmSync(otherMachine, { recursive: true, force: true });
    }
  });
});
