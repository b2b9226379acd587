// The PostgreSQL job queue (graphile-worker) moves with the tasks table: a task that becomes due has one job keyed by
// its id, added in the same transaction; a job whose worker died is found and freed once the task's lease ran out.
import { describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { TaskEvents } from '../../src/main/queue/task-events.js';
import { createTaskTransitions } from '../../src/main/queue/task-transitions.js';
import {
  enqueueMissingTaskJobs,
  forceUnlockQueueWorkers,
  orphanedQueueWorkers,
} from '../../src/main/store/postgres/job-queue.js';
import { postgresMissing } from '../fixtures/postgres-server.js';
import { storePerTest } from '../fixtures/store-backends.js';

interface QueueJob {
  key: string;
  task_identifier: string;
  run_at: Date;
  locked_by: string | null;
}

describe.skipIf(postgresMissing)('the PostgreSQL job queue', () => {
  const storeNow = storePerTest('postgres');
  const jobs = () =>
    storeNow().client.all<QueueJob>(
      'SELECT key, task_identifier, run_at, locked_by FROM graphile_worker.jobs ORDER BY key',
    );
  const add = (id: string, now = Date.now()) =>
    storeNow().tasks.insert({ id, kind: 'translate', status: 'queuing', request: {}, maxAttempts: 3, now });

  it('adds one job per new task, for its kind, and none when the insert rolls back', async () => {
    await add('a');
    await expect(
      storeNow().transaction(async (tx) => {
        await tx.tasks.insert({
          id: 'b',
          kind: 'lipsync',
          status: 'queuing',
          request: {},
          maxAttempts: 3,
          now: Date.now(),
        });
        throw new Error('the create failed after the insert');
      }),
    ).rejects.toThrow('the create failed');
    expect((await jobs()).map((job) => [job.key, job.task_identifier])).toEqual([['a', 'dubdesk:translate']]);
  });

  it("moves the job to a retry's time, beside the job that is running", async () => {
    const store = storeNow();
    const transitions = createTaskTransitions({ store, events: new TaskEvents(), onStatusChanged: async () => {} });
    await add('a');
    const claim = (await store.tasks.claim('a', 'w', 60_000, Date.now()))!;
    if ('busyUntil' in claim) throw new Error('expected a claim');
    // The running job is locked by its worker; a retry scheduled now must not be lost with it.
    await store.client.run("UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'worker-1'");
    const retryAt = Date.now() + 60_000;
    await transitions.scheduleRetry('a', claim.token, retryAt, new DubDeskError('engine_failed', 'flaky'));
    const afterRetry = await jobs();
    expect(afterRetry).toHaveLength(2);
    const waiting = afterRetry.find((job) => job.locked_by === null)!;
    expect(Math.abs(waiting.run_at.getTime() - retryAt)).toBeLessThan(1_000);
  });

  it('adds the jobs missing for unfinished tasks, once', async () => {
    await add('a');
    await add('b');
    await storeNow().client.run('DELETE FROM graphile_worker._private_jobs');
    expect(await enqueueMissingTaskJobs(storeNow().client, Date.now())).toBe(2);
    expect(await enqueueMissingTaskJobs(storeNow().client, Date.now())).toBe(0);
    expect((await jobs()).map((job) => job.key)).toEqual(['a', 'b']);
  });

  it('names the workers of jobs locked past the lease whose task no live lease holds, and frees their jobs', async () => {
    const store = storeNow();
    await add('live');
    await add('dead');
    const now = Date.now();
    await store.tasks.claim('live', 'alive-process', 60_000, now);
    await store.tasks.claim('dead', 'killed-process', 1_000, now - 120_000);
    await store.client.run(
      "UPDATE graphile_worker._private_jobs SET locked_at = now() - interval '2 minutes', locked_by = CASE key WHEN 'live' THEN 'worker-live' ELSE 'worker-dead' END",
    );
    expect(await orphanedQueueWorkers(store.client, now, 30_000)).toEqual(['worker-dead']);
    await forceUnlockQueueWorkers(store.client, ['worker-dead']);
    expect((await jobs()).map((job) => [job.key, job.locked_by])).toEqual([
      ['dead', null],
      ['live', 'worker-live'],
    ]);
    expect(await orphanedQueueWorkers(store.client, now, 30_000)).toEqual([]);
  });
});
