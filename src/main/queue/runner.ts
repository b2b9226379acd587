import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import { overallProgress, runStages } from '../pipelines/run-stages.js';
import type { PipelineRegistry, ResultFile } from '../pipelines/types.js';
import { PROJECT_STAGE, type ProjectDraft } from '../pipelines/project-snapshot.js';
import type { TaskLogsRepository } from '../store/task-logs-repository.js';
import type { WorkersRepository } from '../store/workers-repository.js';
import type { Claim, TaskRecord, TasksRepository } from '../store/tasks-repository.js';
import { taskStages } from './stage-states.js';
import type { TaskTransitions } from './task-transitions.js';

export interface RunnerOptions {
  tasks: TasksRepository;
  transitions: TaskTransitions;
  logs: TaskLogsRepository;
  pipelines: PipelineRegistry;
  workDirFor(taskId: string): string;
  /** Turns a finished job's files into published file ids by role (video -> file id ...). */
  publishResults(task: TaskRecord, files: ResultFile[], workDir: string): Promise<Record<string, string>>;
  /** Stores the project a job's make-project stage drafted and returns its id (the same id when called again for the task). */
  publishProject?(task: TaskRecord, draft: ProjectDraft): Promise<string>;
  concurrency: number;
  /** Identifies this process's claims, and is its worker id. */
  owner: string;
  /** What the worker list and each stage it runs call this process (host:pid). */
  workerName: string;
  /** The worker registry (GET /v1/workers): this runner registers, beats and leaves. */
  workers: WorkersRepository;
  workerHeartbeatMs?: number;
  /**
   * Other services use the same database (PostgreSQL): their leases are live and only expiry frees them. Otherwise
   * this process owns the data folder, so a lease of any other owner is a dead process's and is freed at start.
   */
  sharedDatabase?: boolean;
  retryDelayMs(attempt: number): number;
  leaseMs?: number;
  heartbeatMs?: number;
  pollMs?: number;
  progressIntervalMs?: number;
  now?: () => number;
  /** Where a failed claim is reported (the service log); the poll retries it. */
  reportError?(message: string): void;
}

type StopReason = 'cancel' | 'shutdown' | 'lease-lost';

/** How often a worker says it is alive; GET /v1/workers lists those heard from within WORKER_SILENCE_MS. */
export const WORKER_HEARTBEAT_MS = 5_000;
export const WORKER_SILENCE_MS = 3 * WORKER_HEARTBEAT_MS;

interface ActiveJob {
  controller: AbortController;
  done: Promise<void>;
}

export type Runner = ReturnType<typeof createRunner>;

/** Claims due tasks up to the concurrency limit and runs each through its kind's pipeline. */
export function createRunner(options: RunnerOptions) {
  const { tasks, transitions, logs, pipelines } = options;
  const now = options.now ?? Date.now;
  const leaseMs = options.leaseMs ?? 30_000;
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const pollMs = options.pollMs ?? 500;
  const progressIntervalMs = options.progressIntervalMs ?? 250;
  const active = new Map<string, ActiveJob>();
  const workerHeartbeatMs = options.workerHeartbeatMs ?? WORKER_HEARTBEAT_MS;
  let running = false;
  let pollTimer: NodeJS.Timeout | undefined;
  let workerBeat: NodeJS.Timeout | undefined;

  /** The worker's heartbeat with its load; a missed beat (database unreachable) is made up by the next. */
  function beatWorker(): void {
    options.workers.heartbeat(options.owner, active.size, now()).catch(() => {});
  }

  // One claim loop at a time: a poll and a kick must not both take the last free slot.
  let filling: Promise<void> | null = null;
  let fillAgain = false;
  let lastClaimError = '';

  function fill(): void {
    if (filling) {
      fillAgain = true;
      return;
    }
    filling = claimWhileFree().then(() => {
      lastClaimError = '';
    }, (error: unknown) => {
      // The database may be restarting: the next poll tries again; the same failure is reported once.
      const message = (error as Error)?.message ?? String(error);
      if (message !== lastClaimError) options.reportError?.(`claiming a task failed: ${message}`);
      lastClaimError = message;
    }).finally(() => {
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
      const controller = new AbortController();
      const job: ActiveJob = { controller, done: Promise.resolve() };
      active.set(claim.task.id, job);
      beatWorker(); // the worker list shows the load as it changes
      job.done = execute(claim, controller).finally(() => {
        active.delete(claim.task.id);
        beatWorker();
        setImmediate(fill);
      });
    }
  }

  async function execute({ task, token }: Claim, controller: AbortController): Promise<void> {
    const { signal } = controller;
    // Log lines are written in order without holding up the stage that wrote them; a status change waits for the
    // lines before it (`flushed`), so the task's log reads in the order things happened.
    let logged: Promise<void> = Promise.resolve();
    const log = (message: string, level: 'info' | 'warn' | 'error' = 'info') => {
      logged = logged.then(() => logs.append(task.id, level, message)).catch(() => {});
    };
    const flushed = <T>(change: () => Promise<T>): Promise<T> => logged.then(change);
    const heartbeat = setInterval(() => {
      tasks.heartbeat(task.id, token, now() + leaseMs).then((held) => {
        if (!held) controller.abort('lease-lost' satisfies StopReason);
      }, () => { /* the database is unreachable for now; the next beat tries again within the lease */ });
    }, heartbeatMs);
    try {
      const pipeline = pipelines[task.kind];
      if (!pipeline) {
        await transitions.fail(task.id, token, new DubDeskError('pipeline_unavailable', `This DubDesk build cannot run ${task.kind} jobs yet; no result was produced.`));
        return;
      }
      const workDir = options.workDirFor(task.id);
      let lastProgressAt = 0;
      const outputs = await runStages(pipeline, task.request, { taskId: task.id, workDir, signal, log }, {
        log,
        async onStageStart(stage, index) {
          log(`stage ${stage.name} started`);
          await flushed(() => transitions.enterStage(task.id, token, stage.name, stage.status, overallProgress(pipeline.stages, index, 0), options.workerName));
        },
        async onStageEnd(stage, index, end) {
          const ranHere = end.state === 'done' && !end.resumed ? { worker: options.workerName } : {};
          await flushed(() => transitions.endStage(task.id, token, stage.name, { ...end, ...ranHere }, overallProgress(pipeline.stages, index, 1)));
        },
        async onStageWarnings(stage, warnings) {
          for (const warning of warnings) log(`warning (${stage.name}): ${warning.message}`, 'warn');
          await flushed(() => transitions.addWarnings(task.id, token, warnings));
        },
        onStageProgress(stage, index, fraction) {
          // Progress arrives per ffmpeg block or per frame; writes and events are limited to a few a second.
          if (now() - lastProgressAt < progressIntervalMs && fraction < 1) return;
          lastProgressAt = now();
          // Progress is advisory: a write lost to a database hiccup is replaced by the next one.
          transitions.reportProgress(task.id, token, fraction, overallProgress(pipeline.stages, index, fraction)).catch(() => {});
        },
      });
      signal.throwIfAborted();
      const result = await options.publishResults(task, pipeline.results(outputs, task.request), workDir);
      const draft = outputs[PROJECT_STAGE] as ProjectDraft | undefined;
      if (draft && options.publishProject) result.project = await options.publishProject(task, draft);
      await flushed(() => transitions.complete(task.id, token, result));
    } catch (thrown) {
      await logged;
      await handleFailure(task, token, signal, thrown);
    } finally {
      clearInterval(heartbeat);
      await logged;
    }
  }

  async function handleFailure(task: TaskRecord, token: number, signal: AbortSignal, thrown: unknown): Promise<void> {
    const reason = signal.aborted ? (signal.reason as StopReason) : undefined;
    if (reason === 'cancel' || reason === 'lease-lost') return; // the canceller already set the final state
    if (reason === 'shutdown') {
      await tasks.release(task.id, token); // resumes from its last finished stage at the next start
      return;
    }
    const error = toDubDeskError(thrown);
    if (error.code === 'internal') await logs.append(task.id, 'error', `internal error: ${(thrown as Error)?.stack ?? String(thrown)}`);
    const fresh = await tasks.get(task.id);
    const attempts = (fresh?.attempts ?? task.attempts) + 1;
    if (error.retryable && attempts < task.maxAttempts) {
      await transitions.scheduleRetry(task.id, token, now() + options.retryDelayMs(attempts), error);
    } else {
      await transitions.fail(task.id, token, error);
    }
  }

  return {
    async start(): Promise<void> {
      if (running) return;
      running = true;
      if (!options.sharedDatabase) await tasks.releaseForeignLeases(options.owner);
      // Rows of workers silent for a day are a killed process's: nothing else would remove them.
      await options.workers.prune(now() - 24 * 60 * 60 * 1000);
      await options.workers.register({ id: options.owner, name: options.workerName, kinds: null, concurrency: options.concurrency, startedAt: now() });
      workerBeat = setInterval(beatWorker, workerHeartbeatMs);
      pollTimer = setInterval(fill, pollMs);
      fill();
    },

    /** Wakes the runner now (a task was created or retried) instead of waiting for the next poll. */
    kick(): void {
      if (running) setImmediate(fill);
    },

    /** Cancels a task: final state first, then the running stage's processes are aborted. */
    async cancel(taskId: string): Promise<TaskRecord> {
      const cancelled = await transitions.cancel(taskId);
      active.get(taskId)?.controller.abort('cancel' satisfies StopReason);
      return cancelled;
    },

    /** The task's stages as the local task record shows them: every stage of its kind in order, with its recorded state. */
    stagesOf(task: TaskRecord) {
      return taskStages(pipelines[task.kind]?.stages ?? [], task.stages);
    },

    isActive(taskId: string): boolean {
      return active.has(taskId);
    },

    /** Waits until a running task's worker has let go (after cancel), e.g. before deleting its files. */
    async settle(taskId: string): Promise<void> {
      await active.get(taskId)?.done;
    },

    /** Stops claiming, aborts running stages and hands their tasks back so the next start resumes them. */
    async stop(): Promise<void> {
      running = false;
      clearInterval(pollTimer);
      clearInterval(workerBeat);
      await filling;
      for (const job of active.values()) job.controller.abort('shutdown' satisfies StopReason);
      await Promise.allSettled([...active.values()].map((job) => job.done));
      await options.workers.remove(options.owner).catch(() => {});
    },
  };
}
