import { DubDeskError } from '../../shared/errors.js';
import { isFinalStatus, type JobStatus } from '../../shared/jobs.js';
import type { TaskWarning } from '../../shared/schemas/jobs.js';
import type { QualityReport } from '../../shared/schemas/quality.js';
import type { TaskRecord } from '../store/tasks-repository.js';
import { settleRunningStages, withStageState } from './stage-states.js';
import { createStatusChange, type TransitionDeps } from './status-change.js';
import { scheduleRetry } from './task-retry.js';

export type { TransitionDeps } from './status-change.js';

export type TaskTransitions = ReturnType<typeof createTaskTransitions>;

/** A status record stays small: a job with more warnings keeps the first ones and says how many more (the log has all). */
export const MAX_TASK_WARNINGS = 100;

/** Adds warnings to those already stored; a stage re-run after a crash repeats its warnings, so duplicates are dropped. */
export function mergeWarnings(stored: readonly TaskWarning[], added: readonly TaskWarning[]): TaskWarning[] {
  const kept = stored.filter((warning) => warning.code !== 'more_warnings');
  const summary = stored.find((warning) => warning.code === 'more_warnings');
  let more = summary ? Number(/\d+/.exec(summary.message)?.[0] ?? 0) : 0;
  const seen = new Set(kept.map((warning) => JSON.stringify(warning)));
  for (const warning of added) {
    const key = JSON.stringify(warning);
    if (seen.has(key)) continue;
    seen.add(key);
    if (kept.length < MAX_TASK_WARNINGS - 1) kept.push(warning);
    else more++;
  }
  if (more > 0)
    kept.push({
      code: 'more_warnings',
      message: `${more} more warnings are not listed here; the task log names every line.`,
    });
  return kept;
}

/** Every change of a task's status goes through here: checked against the transitions table, fenced, announced. */
export function createTaskTransitions(deps: TransitionDeps) {
  const statusChange = createStatusChange(deps);
  const { store, now, changeStatusIn, changeStatus, announce, updateAndAnnounce } = statusChange;
  const { tasks } = store;

  return {
    /** A stage starts on `worker`: its public status (forward only) and name, recorded as running; progress of the stage restarts at 0. */
    async enterStage(
      id: string,
      token: number,
      stage: string,
      status: JobStatus,
      progress: number,
      worker?: string,
    ): Promise<TaskRecord | null> {
      return announce(
        await changeStatus(
          id,
          status,
          (task) => ({
            stage,
            stageProgress: 0,
            progress,
            stages: withStageState(task.stages, stage, 'running', { worker }),
          }),
          token,
        ),
      );
    },

    /**
     * A stage ended without failing: done (with the engine that did it, when known), or skipped with its reason. No
     * status change, so no callback; SSE subscribers see it.
     */
    endStage(
      id: string,
      token: number,
      stage: string,
      end: { state: 'done'; engine?: string; worker?: string } | { state: 'skipped'; reason: string },
      progress: number,
    ): Promise<TaskRecord | null> {
      return updateAndAnnounce(id, token, (task) => {
        // A stage done in an earlier run keeps the worker it was recorded with.
        const worker =
          (end.state === 'done' ? end.worker : undefined) ??
          task.stages?.find((recorded) => recorded.name === stage)?.worker;
        return {
          stages: withStageState(task.stages, stage, end.state, { ...end, worker }),
          progress: Math.max(task.progress, progress),
        };
      });
    },

    /** Progress within the current stage: no status change, so no callback; SSE subscribers see it. */
    async reportProgress(
      id: string,
      token: number,
      stageProgress: number,
      progress: number,
    ): Promise<TaskRecord | null> {
      // Written a few times a second and read-free: no transaction needed.
      if (!(await tasks.update(id, { stageProgress, progress, updatedAt: now() }, token))) return null;
      return announce(await tasks.get(id));
    },

    /** Stores a stage's warnings on the task (no status change, so no callback; the final record carries them). */
    addWarnings(id: string, token: number, warnings: readonly TaskWarning[]): Promise<TaskRecord | null> {
      return updateAndAnnounce(id, token, (task) => ({ warnings: mergeWarnings(task.warnings, warnings) }));
    },

    /** The job is done: its published results and the quality report measured on them (null for a kind without one). */
    async complete(
      id: string,
      token: number,
      result: Record<string, string>,
      quality: QualityReport | null = null,
    ): Promise<TaskRecord | null> {
      return announce(
        await changeStatus(
          id,
          'done',
          { result, quality, progress: 1, stageProgress: 1, errCode: null, errMessage: null },
          token,
        ),
      );
    },

    /** Fails the task for good (its running stage too); without a token (e.g. no pipeline, validation of a remote input) it is unfenced. */
    async fail(id: string, token: number | undefined, error: DubDeskError): Promise<TaskRecord | null> {
      return announce(
        await changeStatus(
          id,
          'failed',
          (task) => ({
            errCode: error.code,
            errMessage: error.message,
            stages: settleRunningStages(task.stages, 'failed'),
          }),
          token,
        ),
      );
    },

    /** Cancels a task that has not ended; the bumped fencing token locks out its worker's later writes. */
    async cancel(id: string): Promise<TaskRecord> {
      const cancelled = await store.transaction(async (tx) => {
        const task = await tx.tasks.get(id, { lock: true });
        if (!task) throw new DubDeskError('not_found', `Task ${id} does not exist.`);
        if (isFinalStatus(task.status))
          throw new DubDeskError(
            'conflict',
            `Task ${id} has already ended (${task.status}); only a queued or running task can be cancelled.`,
          );
        await tx.tasks.bumpLeaseToken(id);
        return changeStatusIn(
          tx,
          id,
          'cancelled',
          (current) => ({
            errCode: 'cancelled',
            errMessage: 'The task was cancelled by the user.',
            stages: settleRunningStages(current.stages, 'cancelled'),
          }),
          undefined,
        );
      });
      if (cancelled) deps.afterStatusChanged?.(cancelled);
      return announce(cancelled)!;
    },

    /** A retryable failure: the task goes back to the queue (same status) after a backoff delay; its stage waits to run again. */
    scheduleRetry: (id: string, token: number, runAfter: number, error: DubDeskError): Promise<boolean> =>
      scheduleRetry(statusChange, id, token, runAfter, error),
  };
}
