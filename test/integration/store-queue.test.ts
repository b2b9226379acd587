// The queue's claim/lease/fencing rules on a real database file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { TaskEvents } from '../../src/main/queue/task-events.js';
import { createTaskTransitions } from '../../src/main/queue/task-transitions.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createKeysRepository } from '../../src/main/store/keys-repository.js';
import { createTaskLogsRepository } from '../../src/main/store/task-logs-repository.js';
import { createTasksRepository } from '../../src/main/store/tasks-repository.js';

let dir: string;
let db: Db;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-queue-'));
  db = openDatabase(path.join(dir, 'dubdesk.db'));
});
afterEach(async () => {
  db.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function setup() {
  const tasks = createTasksRepository(db);
  const logs = createTaskLogsRepository(db);
  const changed: string[] = [];
  const transitions = createTaskTransitions({ db, tasks, logs, events: new TaskEvents(), onStatusChanged: (task) => changed.push(task.status) });
  const add = (id: string, now: number) => tasks.insert({ id, kind: 'translate', status: 'queuing', request: {}, maxAttempts: 3, now });
  return { tasks, logs, transitions, changed, add };
}

describe('claims, leases and fencing', () => {
  it('claims the oldest due task once, and not again while its lease holds', () => {
    const { tasks, add } = setup();
    add('b', 2);
    add('a', 1);
    const claim = tasks.claimNext('worker-1', 30_000, 100)!;
    expect(claim.task.id).toBe('a');
    expect(tasks.claimNext('worker-1', 30_000, 100)!.task.id).toBe('b');
    expect(tasks.claimNext('worker-1', 30_000, 100)).toBeNull();
  });

  it('lets another owner take a task whose lease expired, and fences the old worker out', () => {
    const { tasks, transitions, add } = setup();
    add('a', 1);
    const first = tasks.claimNext('dead-worker', 1_000, 100)!;
    const second = tasks.claimNext('new-worker', 1_000, 5_000)!;
    expect(second.task.id).toBe('a');
    expect(second.token).toBeGreaterThan(first.token);
    expect(transitions.enterStage('a', first.token, 'transcribe', 'transcribing', 0.2)).toBeNull();
    expect(tasks.heartbeat('a', first.token, 10_000)).toBe(false);
    expect(transitions.enterStage('a', second.token, 'transcribe', 'transcribing', 0.2)?.status).toBe('transcribing');
  });

  it('releases leases of any other owner at start (the previous process died)', () => {
    const { tasks, add } = setup();
    add('a', 1);
    tasks.claimNext('previous-process', 60_000, 100);
    expect(tasks.claimNext('this-process', 60_000, 200)).toBeNull();
    expect(tasks.releaseForeignLeases('this-process')).toBe(1);
    expect(tasks.claimNext('this-process', 60_000, 200)?.task.id).toBe('a');
  });

  it('does not claim a task waiting for its retry time', () => {
    const { tasks, transitions, add } = setup();
    add('a', 1);
    const claim = tasks.claimNext('w', 60_000, 100)!;
    expect(transitions.scheduleRetry('a', claim.token, 10_000, new DubDeskError('engine_failed', 'flaky'))).toBe(true);
    expect(tasks.claimNext('w', 60_000, 9_999)).toBeNull();
    expect(tasks.claimNext('w', 60_000, 10_000)?.task.attempts).toBe(1);
  });
});

describe('status changes', () => {
  it('announce each change once, forward only, and refuse to move a final task', () => {
    const { tasks, transitions, changed, add } = setup();
    add('a', 1);
    const { token } = tasks.claimNext('w', 60_000, 100)!;
    transitions.enterStage('a', token, 'fetch', 'preprocessing', 0);
    transitions.enterStage('a', token, 'probe', 'preprocessing', 0.1);
    transitions.enterStage('a', token, 'asr', 'transcribing', 0.2);
    expect(() => transitions.enterStage('a', token, 'fetch', 'preprocessing', 0.3)).toThrow(/Illegal transition/);
    transitions.complete('a', token, { video: 'file1' });
    expect(changed).toEqual(['preprocessing', 'transcribing', 'done']);
    expect(transitions.fail('a', token, new DubDeskError('internal', 'late'))).toBeNull();
    expect(tasks.get('a')?.status).toBe('done');
  });

  it('cancel ends a task with err_code cancelled and refuses a finished one with conflict', () => {
    const { tasks, transitions, add } = setup();
    add('a', 1);
    const { token } = tasks.claimNext('w', 60_000, 100)!;
    const cancelled = transitions.cancel('a');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.errCode).toBe('cancelled');
    expect(transitions.complete('a', token, {})).toBeNull();
    expect(() => transitions.cancel('a')).toThrow(expect.objectContaining({ code: 'conflict' }));
  });
});

describe('API keys', () => {
  it('stores only a hash, verifies the key, and stops accepting it once revoked', () => {
    const keys = createKeysRepository(db);
    const { key, record } = keys.create('laptop');
    const stored = JSON.stringify(db.prepare('SELECT * FROM api_keys').all());
    expect(stored).not.toContain(key);
    expect(keys.verify(key)).toBe(record.id);
    expect(keys.revoke(record.prefix)).toBe(true);
    expect(keys.verify(key)).toBeNull();
  });
});
