// Stage states are written through task-transitions like every other write of a worker: fenced by its lease token,
// without a callback (no status change), and settled when the task fails or is cancelled. On both databases.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { TaskEvents } from '../../src/main/queue/task-events.js';
import { createTaskTransitions } from '../../src/main/queue/task-transitions.js';
import { STORE_BACKENDS, storeBackend } from '../fixtures/store-backends.js';

describe.each(STORE_BACKENDS)('on %s', (backendName) => {
  const backend = storeBackend(backendName);
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });
  afterAll(() => backend.dispose());

  async function queue() {
    const opened = await backend.open();
    cleanups.push(() => opened.close());
    const { store } = opened;
    const { tasks } = store;
    const callbacks: string[] = [];
    const transitions = createTaskTransitions({
      store,
      events: new TaskEvents(),
      onStatusChanged: async (task) => {
        callbacks.push(task.status);
      },
    });
    await tasks.insert({ id: 't1', kind: 'lipsync', status: 'pending', request: {}, maxAttempts: 3, now: 1 });
    const claim = (await tasks.claimNext('worker', 60_000, 2))!;
    const stagesOf = async () => (await tasks.get('t1'))!.stages;
    return { tasks, transitions, callbacks, token: claim.token, stagesOf };
  }

  describe('stage state writes', () => {
    it('record running, done and skipped in order, without a callback for a stage that ends', async () => {
      const { tasks, transitions, callbacks, token, stagesOf } = await queue();
      await transitions.enterStage('t1', token, 'prepare', 'processing', 0);
      await transitions.endStage('t1', token, 'prepare', { state: 'done' }, 0.3);
      await transitions.endStage(
        't1',
        token,
        'mouth-targets',
        { state: 'skipped', reason: 'used only by standard_v1' },
        0.4,
      );
      expect(await stagesOf()).toEqual([
        { name: 'prepare', state: 'done' },
        { name: 'mouth-targets', state: 'skipped', reason: 'used only by standard_v1' },
      ]);
      expect((await tasks.get('t1'))!.progress).toBe(0.4);
      expect(callbacks).toEqual(['processing']);
    });

    it('are refused to a worker that lost its lease, and a cancel marks the running stage cancelled', async () => {
      const { transitions, token, stagesOf } = await queue();
      await transitions.enterStage('t1', token, 'faces', 'processing', 0.2);
      await transitions.cancel('t1');
      expect(await stagesOf()).toEqual([{ name: 'faces', state: 'cancelled' }]);
      expect(await transitions.endStage('t1', token, 'faces', { state: 'done' }, 1)).toBeNull();
      expect(await transitions.enterStage('t1', token, 'render', 'processing', 0.5)).toBeNull();
      expect(await stagesOf()).toEqual([{ name: 'faces', state: 'cancelled' }]);
    });

    it('mark the running stage failed when the task fails, and pending again while a retryable failure waits', async () => {
      const { tasks, transitions, token, stagesOf } = await queue();
      await transitions.enterStage('t1', token, 'render', 'processing', 0.5);
      expect(await transitions.scheduleRetry('t1', token, 10_000, new DubDeskError('engine_failed', 'flaky'))).toBe(
        true,
      );
      expect(await stagesOf()).toEqual([{ name: 'render', state: 'pending' }]);
      const again = (await tasks.claimNext('worker', 60_000, 20_000))!;
      await transitions.enterStage('t1', again.token, 'render', 'processing', 0.5);
      await transitions.fail('t1', again.token, new DubDeskError('no_face_detected', 'No face.'));
      expect(await stagesOf()).toEqual([{ name: 'render', state: 'failed' }]);
    });
  });
});
