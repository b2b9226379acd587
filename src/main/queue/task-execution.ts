import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import { overallProgress, runStages, type WorkFolderSync } from '../pipelines/run-stages.js';
import type { PipelineRegistry, ResultFile } from '../pipelines/types.js';
import { PROJECT_STAGE, type ProjectDraft } from '../pipelines/project-snapshot.js';
import { qualityOf } from '../pipelines/quality-check.js';
import { isDatabaseUnavailable } from '../store/postgres/pool.js';
import type { TaskLogsRepository } from '../store/task-logs-repository.js';
import type { Claim, TaskRecord, TasksRepository } from '../store/tasks-repository.js';
import type { TaskTransitions } from './task-transitions.js';
import type { JobPlan } from '../../shared/schemas/job-plan.js';
import { describePlan, readJobPlan, writeJobPlan } from '../plans/job-plan.js';

export interface TaskExecutionOptions {
  tasks: TasksRepository;
  transitions: TaskTransitions;
  logs: TaskLogsRepository;
  pipelines: PipelineRegistry;
  workDirFor(taskId: string): string;
  /** Turns a finished job's files into published file ids by role (video -> file id ...). */
  publishResults(task: TaskRecord, files: ResultFile[], workDir: string): Promise<Record<string, string>>;
  /** Stores the project a job's make-project stage drafted and returns its id (the same id when called again for the task). */
  publishProject?(task: TaskRecord, draft: ProjectDraft): Promise<string>;
  /** What each stage it runs records as its worker (host:pid). */
  workerName: string;
  retryDelayMs(attempt: number): number;
  leaseMs: number;
  heartbeatMs: number;
  progressIntervalMs: number;
  now: () => number;
  /** Shared storage (scale-out): the task's work folder there, fetched before its stages run and shared after each. */
  workFolderFor?(taskId: string): WorkFolderSync;
  /** A plan for a task created before plans were stored, made by its kind's planner when it first runs. */
  planLate?(task: TaskRecord): Promise<JobPlan | undefined>;
}

/** Why a running job was stopped from outside: cancelled, this process stopping, or its lease taken by another worker. */
export type StopReason = 'cancel' | 'shutdown' | 'lease-lost';

export type TaskExecution = ReturnType<typeof createTaskExecution>;

/**
 * Runs one claimed task through its kind's pipeline, renewing the lease, until it is done, failed, retried or stopped.
 * Rejects only when the database could not be reached to record the outcome.
 */
export function createTaskExecution(options: TaskExecutionOptions) {
  const { tasks, transitions, logs, pipelines, now, leaseMs } = options;

  /** The task's stored plan; one made now for a task created before plans were stored (kept in its work folder). */
  async function planOf(
    task: TaskRecord,
    workDir: string,
    log: (message: string) => void,
  ): Promise<JobPlan | undefined> {
    let plan = task.plan ?? (await readJobPlan(workDir));
    if (!plan) {
      plan = await options.planLate?.(task);
      if (!plan) return undefined;
      await writeJobPlan(workDir, plan);
      log('this job was created before plans were stored: its plan is made now');
    }
    log(`plan: ${describePlan(plan)}`);
    return plan;
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
      tasks.heartbeat(task.id, token, now() + leaseMs).then(
        (held) => {
          if (!held) controller.abort('lease-lost' satisfies StopReason);
        },
        () => {
          /* the database is unreachable for now; the next beat tries again within the lease */
        },
      );
    }, options.heartbeatMs);
    try {
      const pipeline = pipelines[task.kind];
      if (!pipeline) {
        await transitions.fail(
          task.id,
          token,
          new DubDeskError(
            'pipeline_unavailable',
            `This DubDesk build cannot run ${task.kind} jobs yet; no result was produced.`,
          ),
        );
        return;
      }
      const workDir = options.workDirFor(task.id);
      const plan = await planOf(task, workDir, log);
      let lastProgressAt = 0;
      const outputs = await runStages(
        pipeline,
        task.request,
        { taskId: task.id, workDir, signal, log, plan },
        {
          log,
          workFolder: options.workFolderFor?.(task.id),
          async onStageStart(stage, index) {
            log(`stage ${stage.name} started`);
            await flushed(() =>
              transitions.enterStage(
                task.id,
                token,
                stage.name,
                stage.status,
                overallProgress(pipeline.stages, index, 0),
                options.workerName,
              ),
            );
          },
          async onStageEnd(stage, index, end) {
            const ranHere = end.state === 'done' && !end.resumed ? { worker: options.workerName } : {};
            await flushed(() =>
              transitions.endStage(
                task.id,
                token,
                stage.name,
                { ...end, ...ranHere },
                overallProgress(pipeline.stages, index, 1),
              ),
            );
          },
          async onStageWarnings(stage, warnings) {
            for (const warning of warnings) log(`warning (${stage.name}): ${warning.message}`, 'warn');
            await flushed(() => transitions.addWarnings(task.id, token, warnings));
          },
          onStageProgress(stage, index, fraction) {
            // Progress arrives per ffmpeg block or per frame; writes and events are limited to a few a second.
            if (now() - lastProgressAt < options.progressIntervalMs && fraction < 1) return;
            lastProgressAt = now();
            // Progress is advisory: a write lost to a database hiccup is replaced by the next one.
            transitions
              .reportProgress(task.id, token, fraction, overallProgress(pipeline.stages, index, fraction))
              .catch(() => {});
          },
        },
      );
      signal.throwIfAborted();
      const result = await options.publishResults(task, pipeline.results(outputs, task.request), workDir);
      const draft = outputs[PROJECT_STAGE] as ProjectDraft | undefined;
      if (draft && options.publishProject) result.project = await options.publishProject(task, draft);
      await flushed(() => transitions.complete(task.id, token, result, qualityOf(outputs) ?? null));
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
    // The database went away (a restart), not the job: nothing is recorded as failed. The error goes up to the queue,
    // which offers the job again; the task resumes from its last finished stage once its lease has run out.
    if (isDatabaseUnavailable(thrown)) throw thrown;
    const error = toDubDeskError(thrown);
    if (error.code === 'internal')
      await logs.append(task.id, 'error', `internal error: ${(thrown as Error)?.stack ?? String(thrown)}`);
    const fresh = await tasks.get(task.id);
    const attempts = (fresh?.attempts ?? task.attempts) + 1;
    if (error.retryable && attempts < task.maxAttempts) {
      await transitions.scheduleRetry(task.id, token, now() + options.retryDelayMs(attempts), error);
    } else {
      await transitions.fail(task.id, token, error);
    }
  }

  return { execute };
}
