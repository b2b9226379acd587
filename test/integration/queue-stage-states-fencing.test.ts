// Stage states are written through task-transitions like every other write of a worker: fenced by its lease token,
// without a callback (no status change), and settled when the task fails or is cancelled.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { TaskEvents } from '../../src/main/queue/task-events.js';
import { createTaskTransitions } from '../../src/main/queue/task-transitions.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createTaskLogsRepository } from '../../src/main/store/task-logs-repository.js';
import { createTasksRepository } from '../../src/main/store/tasks-repository.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function queue() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-stage-fence-'));
  const db: Db = openDatabase(path.join(dir, 'dubdesk.db'));
  cleanups.push(async () => { db.close(); await fs.rm(dir, { recursive: true, force: true }); });
  const tasks = createTasksRepository(db);
  const callbacks: string[] = [];
  const transitions = createTaskTransitions({
    db, tasks, logs: createTaskLogsRepository(db), events: new TaskEvents(), onStatusChanged: (task) => callbacks.push(task.status),
  });
  tasks.insert({ id: 't1', kind: 'lipsync', status: 'pending', request: {}, maxAttempts: 3, now: 1 });
  const claim = tasks.claimNext('worker', 60_000, 2)!;
  return { tasks, transitions, callbacks, token: claim.token };
}

describe('stage state writes', () => {
  it('record running, done and skipped in order, without a callback for a stage that ends', async () => {
    const { tasks, transitions, callbacks, token } = await queue();
    transitions.enterStage('t1', token, 'prepare', 'processing', 0);
    transitions.endStage('t1', token, 'prepare', { state: 'done' }, 0.3);
    transitions.endStage('t1', token, 'mouth-targets', { state: 'skipped', reason: 'used only by standard_v1' }, 0.4);
    expect(tasks.get('t1')!.stages).toEqual([
      { name: 'prepare', state: 'done' }, { name: 'mouth-targets', state: 'skipped', reason: 'used only by standard_v1' },
    ]);
    expect(tasks.get('t1')!.progress).toBe(0.4);
    expect(callbacks).toEqual(['processing']);
  });

  it('are refused to a worker that lost its lease, and a cancel marks the running stage cancelled', async () => {
    const { tasks, transitions, token } = await queue();
    transitions.enterStage('t1', token, 'faces', 'processing', 0.2);
    transitions.cancel('t1');
    expect(tasks.get('t1')!.stages).toEqual([{ name: 'faces', state: 'cancelled' }]);
    expect(transitions.endStage('t1', token, 'faces', { state: 'done' }, 1)).toBeNull();
    expect(transitions.enterStage('t1', token, 'render', 'processing', 0.5)).toBeNull();
    expect(tasks.get('t1')!.stages).toEqual([{ name: 'faces', state: 'cancelled' }]);
  });

  it('mark the running stage failed when the task fails, and pending again while a retryable failure waits', async () => {
    const { tasks, transitions, token } = await queue();
    transitions.enterStage('t1', token, 'render', 'processing', 0.5);
    expect(transitions.scheduleRetry('t1', token, 10_000, new DubDeskError('engine_failed', 'flaky'))).toBe(true);
    expect(tasks.get('t1')!.stages).toEqual([{ name: 'render', state: 'pending' }]);
    const again = tasks.claimNext('worker', 60_000, 20_000)!;
    transitions.enterStage('t1', again.token, 'render', 'processing', 0.5);
    transitions.fail('t1', again.token, new DubDeskError('no_face_detected', 'No face.'));
    expect(tasks.get('t1')!.stages).toEqual([{ name: 'render', state: 'failed' }]);
  });
});
