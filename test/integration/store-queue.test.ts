// The queue's claim/lease/fencing rules on a real database: a SQLite file and a PostgreSQL server.
import { describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { TaskEvents } from '../../src/main/queue/task-events.js';
import { createTaskTransitions } from '../../src/main/queue/task-transitions.js';
import { STORE_BACKENDS, storePerTest } from '../fixtures/store-backends.js';

describe.each(STORE_BACKENDS)('on %s', (backendName) => {
  const storeNow = storePerTest(backendName);

  function setup() {
    const store = storeNow();
    const { tasks, logs } = store;
    const changed: string[] = [];
    const transitions = createTaskTransitions({
      store,
      events: new TaskEvents(),
      onStatusChanged: async (task) => {
        changed.push(task.status);
      },
    });
    const add = (id: string, now: number) =>
      tasks.insert({ id, kind: 'translate', status: 'queuing', request: {}, maxAttempts: 3, now });
    return { tasks, logs, transitions, changed, add };
  }

  describe('claims, leases and fencing', () => {
    it('claims the oldest due task once, and not again while its lease holds', async () => {
      const { tasks, add } = setup();
      await add('b', 2);
      await add('a', 1);
      const claim = (await tasks.claimNext('worker-1', 30_000, 100))!;
      expect(claim.task.id).toBe('a');
      expect((await tasks.claimNext('worker-1', 30_000, 100))!.task.id).toBe('b');
      expect(await tasks.claimNext('worker-1', 30_000, 100)).toBeNull();
    });

    it('lets another owner take a task whose lease expired, and fences the old worker out', async () => {
      const { tasks, transitions, add } = setup();
      await add('a', 1);
      const first = (await tasks.claimNext('dead-worker', 1_000, 100))!;
      const second = (await tasks.claimNext('new-worker', 1_000, 5_000))!;
      expect(second.task.id).toBe('a');
      expect(second.token).toBeGreaterThan(first.token);
      expect(await transitions.enterStage('a', first.token, 'transcribe', 'transcribing', 0.2)).toBeNull();
      expect(await tasks.heartbeat('a', first.token, 10_000)).toBe(false);
      expect((await transitions.enterStage('a', second.token, 'transcribe', 'transcribing', 0.2))?.status).toBe(
        'transcribing',
      );
    });

    it('releases leases of any other owner at start (the previous process died)', async () => {
      const { tasks, add } = setup();
      await add('a', 1);
      await tasks.claimNext('previous-process', 60_000, 100);
      expect(await tasks.claimNext('this-process', 60_000, 200)).toBeNull();
      expect(await tasks.releaseForeignLeases('this-process')).toBe(1);
      expect((await tasks.claimNext('this-process', 60_000, 200))?.task.id).toBe('a');
    });

    it('claims a given task (the queue handed it out) once, says until when a busy one is busy, and nothing for an ended one', async () => {
      const { tasks, transitions, add } = setup();
      await add('a', 1);
      const first = await tasks.claim('a', 'worker-1', 1_000, 100);
      expect(first).toMatchObject({ task: { id: 'a', leaseOwner: 'worker-1' } });
      // A second worker given the same task while the lease holds learns when the lease ends, and takes nothing.
      expect(await tasks.claim('a', 'worker-2', 1_000, 500)).toEqual({ busyUntil: 1_100 });
      // Once the lease ran out (worker-1 partitioned or dead), worker-2 takes it; worker-1's writes are refused from then on.
      const second = await tasks.claim('a', 'worker-2', 1_000, 2_000);
      if (!second || 'busyUntil' in second || !first || 'busyUntil' in first) throw new Error('expected two claims');
      expect(second.token).toBeGreaterThan(first.token);
      expect(
        await transitions.endStage('a', first.token, 'transcribe', { state: 'done', worker: 'w1' }, 0.3),
      ).toBeNull();
      expect(await transitions.complete('a', first.token, {})).toBeNull();
      expect((await transitions.complete('a', second.token, {}))?.status).toBe('done');
      expect(await tasks.claim('a', 'worker-3', 1_000, 9_000)).toBeNull();
      expect(await tasks.claim('missing', 'worker-3', 1_000, 9_000)).toBeNull();
    });

    it("keeps both of two concurrent changes to a task (a stage's warnings and its end), each applied to the other's result", async () => {
      const { tasks, transitions, add } = setup();
      await add('a', 1);
      const { token } = (await tasks.claimNext('w', 60_000, 100))!;
      await Promise.all([
        transitions.addWarnings('a', token, [{ code: 'line_too_fast', message: 'Line 3 is spoken too fast.' }]),
        transitions.endStage('a', token, 'transcribe', { state: 'done', worker: 'host:1' }, 0.4),
      ]);
      const task = (await tasks.get('a'))!;
      expect(task.warnings).toEqual([{ code: 'line_too_fast', message: 'Line 3 is spoken too fast.' }]);
      expect(task.stages).toEqual([expect.objectContaining({ name: 'transcribe', state: 'done', worker: 'host:1' })]);
    });

    it('does not claim a task waiting for its retry time', async () => {
      const { tasks, transitions, add } = setup();
      await add('a', 1);
      const claim = (await tasks.claimNext('w', 60_000, 100))!;
      expect(
        await transitions.scheduleRetry('a', claim.token, 10_000, new DubDeskError('engine_failed', 'flaky')),
      ).toBe(true);
      expect(await tasks.claimNext('w', 60_000, 9_999)).toBeNull();
      expect((await tasks.claimNext('w', 60_000, 10_000))?.task.attempts).toBe(1);
    });
  });

  describe('status changes', () => {
    it('announce each change once, forward only, and refuse to move a final task', async () => {
      const { tasks, transitions, changed, add } = setup();
      await add('a', 1);
      const { token } = (await tasks.claimNext('w', 60_000, 100))!;
      await transitions.enterStage('a', token, 'fetch', 'preprocessing', 0);
      await transitions.enterStage('a', token, 'probe', 'preprocessing', 0.1);
      await transitions.enterStage('a', token, 'asr', 'transcribing', 0.2);
      await expect(transitions.enterStage('a', token, 'fetch', 'preprocessing', 0.3)).rejects.toThrow(
        /Illegal transition/,
      );
      await transitions.complete('a', token, { video: 'file1' });
      expect(changed).toEqual(['preprocessing', 'transcribing', 'done']);
      expect(await transitions.fail('a', token, new DubDeskError('internal', 'late'))).toBeNull();
      expect((await tasks.get('a'))?.status).toBe('done');
    });

    it('cancel ends a task with err_code cancelled and refuses a finished one with conflict', async () => {
      const { tasks, transitions, add } = setup();
      await add('a', 1);
      const { token } = (await tasks.claimNext('w', 60_000, 100))!;
      const cancelled = await transitions.cancel('a');
      expect(cancelled.status).toBe('cancelled');
      expect(cancelled.errCode).toBe('cancelled');
      expect(await transitions.complete('a', token, {})).toBeNull();
      await expect(transitions.cancel('a')).rejects.toThrow(expect.objectContaining({ code: 'conflict' }));
    });
  });

  describe('API keys', () => {
    it('stores only a hash, verifies the key, and stops accepting it once revoked', async () => {
      const { keys, client } = storeNow();
      const { key, record } = await keys.create('laptop');
      const stored = JSON.stringify(await client.all('SELECT * FROM api_keys'));
      expect(stored).not.toContain(key);
      expect(await keys.verify(key)).toBe(record.id);
      expect(await keys.revoke(record.prefix)).toBe(true);
      expect(await keys.verify(key)).toBeNull();
    });
  });
});
