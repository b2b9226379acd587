import { Logger, run, type Task, type TaskList } from 'graphile-worker';
import {
  enqueueMissingTaskJobs,
  forceUnlockQueueWorkers,
  orphanedQueueWorkers,
  queueIdentifierOf,
} from '../store/postgres/job-queue.js';
import type { SqlClient } from '../store/sql.js';
import { createActiveJobs, localJobControls } from './active-jobs.js';
import { runnerTimings, type Runner, type RunnerOptions } from './runner.js';
import { openSupervisedQueue, type SupervisedQueue } from './supervised-queue.js';
import { createTaskExecution } from './task-execution.js';
import { createWorkerPresence } from './worker-presence.js';

export interface GraphileRunnerOptions extends Omit<RunnerOptions, 'pollMs'> {
  /** The PostgreSQL database of the store; graphile-worker opens a small pool of its own to it. */
  connectionString: string;
  /** The store's client: the dead-worker sweep and the missing-job check run over it. */
  db: SqlClient;
  /** The kinds this process takes (`--kinds`); null for every kind it has a pipeline for. */
  kinds: string[] | null;
  /** Where graphile-worker's warnings and errors go (the service log). */
  log?(level: 'warn' | 'error', message: string): void;
}

/**
 * The scale-out runner: graphile-worker hands out the jobs (one per due task, postgres/job-queue.ts), on any number of
 * machines. Each job takes its task's lease with a fresh fencing token, as the embedded runner does, so a worker that
 * lost its lease (partitioned, or taken for dead) can no longer write; a job whose worker died is freed once the
 * task's lease has run out, and runs again from the task's last finished stage.
 */
export function createGraphileRunner(options: GraphileRunnerOptions): Runner {
  const { tasks, transitions, pipelines, db } = options;
  const timings = runnerTimings(options);
  const { now, leaseMs } = timings;
  const execution = createTaskExecution({ ...options, ...timings });
  const active = createActiveJobs(execution.execute);
  const kinds = options.kinds ?? Object.keys(pipelines);
  const presence = createWorkerPresence({
    workers: options.workers,
    id: options.owner,
    name: options.workerName,
    kinds: options.kinds,
    concurrency: options.concurrency,
    load: () => active.size,
    heartbeatMs: options.workerHeartbeatMs,
    now,
  });
  let queue: SupervisedQueue | undefined;
  let sweepTimer: NodeJS.Timeout | undefined;
  let stopping = false;

  const runTask: Task = async (payload, helpers) => {
    const taskId = (payload as { taskId?: unknown } | null)?.taskId;
    if (typeof taskId !== 'string') return; // not a job this build adds
    const again = (at: number) =>
      helpers.addJob(
        helpers.job.task_identifier,
        { taskId },
        { jobKey: taskId, runAt: new Date(at), maxAttempts: helpers.job.max_attempts },
      );
    // This process is stopping: the job goes back to the queue for another worker (or this one's next start).
    if (stopping) return void (await again(now()));
    const claim = await tasks.claim(taskId, options.owner, leaseMs, now());
    if (!claim) return; // ended or deleted since it was queued
    // Still waiting for its retry time, or another worker's lease is live: look again when that ends.
    if ('busyUntil' in claim) return void (await again(claim.busyUntil));
    presence.beat();
    await active.run(claim).finally(() => presence.beat());
  };

  async function sweepDeadWorkers(): Promise<void> {
    const dead = await orphanedQueueWorkers(db, now(), leaseMs);
    if (dead.length === 0) return;
    await forceUnlockQueueWorkers(db, dead);
    options.log?.(
      'warn',
      `took back the jobs of ${dead.length} queue worker(s) whose task leases ran out (their process stopped)`,
    );
  }

  return {
    async start() {
      if (queue || options.concurrency <= 0) return;
      stopping = false;
      await enqueueMissingTaskJobs(db, now());
      await presence.start();
      const taskList: TaskList = Object.fromEntries(kinds.map((kind) => [queueIdentifierOf(kind), runTask]));
      queue = await openSupervisedQueue({
        open: (events) =>
          run({
            connectionString: options.connectionString,
            concurrency: options.concurrency,
            // Its LISTEN connection, one per running job's completion, and room for a sweep.
            maxPoolSize: options.concurrency + 2,
            taskList,
            noHandleSignals: true,
            logger: queueLogger(options.log),
            events,
          }),
        log: options.log,
      });
      sweepTimer = setInterval(() => {
        sweepDeadWorkers().catch((error: unknown) =>
          options.reportError?.(`checking for dead workers failed: ${(error as Error).message}`),
        );
      }, timings.heartbeatMs);
    },
    // graphile-worker hears of new jobs through LISTEN/NOTIFY by itself.
    kick() {},
    ...localJobControls(active, transitions, pipelines),
    async stop() {
      if (!queue) return;
      stopping = true;
      clearInterval(sweepTimer);
      // The pool stops taking jobs at once; it waits for the running ones, which hand their tasks back when aborted.
      const stopped = queue.stop();
      await active.stopAll('shutdown');
      await stopped;
      queue = undefined;
      await presence.stop();
    },
  };
}

/** graphile-worker's log lines, warnings and errors only, into ours. */
function queueLogger(log: GraphileRunnerOptions['log']): Logger {
  return new Logger(() => (level, message) => {
    if (level === 'error') log?.('error', `[queue] ${message}`);
    else if (level === 'warning') log?.('warn', `[queue] ${message}`);
  });
}
