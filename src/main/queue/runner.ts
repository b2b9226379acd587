import type { WorkersRepository } from '../store/workers-repository.js';
import type { TaskRecord, TasksRepository } from '../store/tasks-repository.js';
import { createActiveJobs, localJobControls } from './active-jobs.js';
import type { taskStages } from './stage-states.js';
import { createTaskExecution, type TaskExecutionOptions } from './task-execution.js';
import { createWorkerPresence } from './worker-presence.js';

export { WORKER_HEARTBEAT_MS, WORKER_SILENCE_MS } from './worker-presence.js';

export interface RunnerOptions extends Omit<
  TaskExecutionOptions,
  'leaseMs' | 'heartbeatMs' | 'progressIntervalMs' | 'now'
> {
  tasks: TasksRepository;
  concurrency: number;
  /** Identifies this process's claims, and is its worker id. */
  owner: string;
  /** The worker registry (GET /v1/workers): this runner registers, beats and leaves. */
  workers: WorkersRepository;
  workerHeartbeatMs?: number;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  progressIntervalMs?: number;
  now?: () => number;
  /** Where a failed claim is reported (the service log); the poll retries it. */
  reportError?(message: string): void;
}

/** What the core asks of whichever runner takes its jobs: the SQLite poll loop (here) or the PostgreSQL queue's. */
export interface Runner {
  start(): Promise<void>;
  /** Wakes the runner now (a task was created or retried) instead of waiting for the next poll. */
  kick(): void;
  /** Cancels a task: final state first, then its running stage (here, or on another node at its next heartbeat) is aborted. */
  cancel(taskId: string): Promise<TaskRecord>;
  /** The task's stages as the local task record shows them: every stage of its kind in order, with its recorded state. */
  stagesOf(task: TaskRecord): ReturnType<typeof taskStages>;
  /** Whether this process runs the task now. */
  isActive(taskId: string): boolean;
  /** Waits until a running task's worker has let go (after cancel), e.g. before deleting its files. */
  settle(taskId: string): Promise<void>;
  /** Stops taking jobs, aborts running stages and hands their tasks back so the next start resumes them. */
  stop(): Promise<void>;
}

/** The defaults of both runners' timings. */
export function runnerTimings(options: Pick<RunnerOptions, 'leaseMs' | 'heartbeatMs' | 'progressIntervalMs' | 'now'>) {
  return {
    leaseMs: options.leaseMs ?? 30_000,
    heartbeatMs: options.heartbeatMs ?? 5_000,
    progressIntervalMs: options.progressIntervalMs ?? 250,
    now: options.now ?? Date.now,
  };
}

/**
 * The embedded runner: polls the SQLite tasks table for due tasks up to the concurrency limit. This process owns the
 * data folder, so a lease of any other owner is a dead process's and is freed at start.
 */
export function createRunner(options: RunnerOptions): Runner {
  const { tasks, transitions, pipelines } = options;
  const timings = runnerTimings(options);
  const { now, leaseMs } = timings;
  const pollMs = options.pollMs ?? 500;
  const execution = createTaskExecution({ ...options, ...timings });
  const active = createActiveJobs(execution.execute);
  const presence = createWorkerPresence({
    workers: options.workers,
    id: options.owner,
    name: options.workerName,
    kinds: null,
    concurrency: options.concurrency,
    load: () => active.size,
    heartbeatMs: options.workerHeartbeatMs,
    now,
  });
  let running = false;
  let pollTimer: NodeJS.Timeout | undefined;

  // One claim loop at a time: a poll and a kick must not both take the last free slot.
  let filling: Promise<void> | null = null;
  let fillAgain = false;
  let lastClaimError = '';

  function fill(): void {
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = claimWhileFree()
      .then(
        () => {
          lastClaimError = '';
        },
        (error: unknown) => {
          // The database may be busy or restarting: the next poll tries again; the same failure is reported once.
          const message = (error as Error)?.message ?? String(error);
          if (message !== lastClaimError) options.reportError?.(`claiming a task failed: ${message}`);
          lastClaimError = message;
        },
      )
      .finally(() => {
        filling = null;
        if (fillAgain) {
          fillAgain = false;
          fill();
        }
      });
  }

  async function claimWhileFree(): Promise<void> {
    while (running && active.size < options.concurrency) {
      const claim = await tasks.claimNext(options.owner, leaseMs, now());
      if (!claim) return;
      if (!running) {
        await tasks.release(claim.task.id, claim.token);
        return;
      }
      active
        .run(claim)
        .catch((error: unknown) => {
          // Its outcome could not be recorded: the task's lease runs out and the next claim resumes it.
          options.reportError?.(
            `task ${claim.task.id} was left to resume later: ${(error as Error)?.message ?? String(error)}`,
          );
        })
        .finally(() => {
          presence.beat();
          setImmediate(fill);
        });
      presence.beat(); // the worker list shows the load as it changes
    }
  }

  return {
    async start() {
      if (running) return;
      running = true;
      await tasks.releaseForeignLeases(options.owner);
      await presence.start();
      pollTimer = setInterval(fill, pollMs);
      fill();
    },
    kick() {
      if (running) setImmediate(fill);
    },
    ...localJobControls(active, transitions, pipelines),
    async stop() {
      running = false;
      clearInterval(pollTimer);
      await filling;
      await active.stopAll('shutdown');
      await presence.stop();
    },
  };
}
