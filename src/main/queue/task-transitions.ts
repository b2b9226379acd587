import { DubDeskError } from '../../shared/errors.js';
import { canMove, isFinalStatus, KIND_STATUSES, type JobKind, type JobStatus } from '../../shared/jobs.js';
import type { TaskWarning } from '../../shared/schemas/jobs.js';
import type { Db } from '../store/database.js';
import type { TaskLogsRepository } from '../store/task-logs-repository.js';
import type { TaskRecord, TasksRepository, TaskUpdate } from '../store/tasks-repository.js';
import { settleRunningStages, withStageState } from './stage-states.js';
import type { TaskEvents } from './task-events.js';

export interface TransitionDeps {
  db: Db;
  tasks: TasksRepository;
  logs: TaskLogsRepository;
  events: TaskEvents;
  /** Runs inside the status change's transaction, so the callback is queued if and only if the change commits. */
  onStatusChanged(task: TaskRecord): void;
  now?: () => number;
  /** A kind's ordered public states (its kind module's); default the built-in kinds'. */
  statusesOf?(kind: string): readonly string[];
}

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
  if (more > 0) kept.push({ code: 'more_warnings', message: `${more} more warnings are not listed here; the task log names every line.` });
  return kept;
}

/** Every change of a task's status goes through here: checked against the transitions table, fenced, announced. */
export function createTaskTransitions(deps: TransitionDeps) {
  const { db, tasks, logs, events } = deps;
  const now = deps.now ?? Date.now;
  const statusesOf = deps.statusesOf ?? ((kind: string) => KIND_STATUSES[kind as JobKind]);
  const bumpLeaseToken = db.prepare('UPDATE tasks SET lease_token = lease_token + 1 WHERE id = ?');

  /** `fields` may depend on the task as it is inside the transaction (its recorded stage states). */
  const changeStatus = db.transaction((id: string, to: JobStatus, fieldsOf: TaskUpdate | ((task: TaskRecord) => TaskUpdate), token: number | undefined): TaskRecord | null => {
    const task = tasks.get(id);
    if (!task) throw new DubDeskError('not_found', `Task ${id} does not exist.`);
    const fields = typeof fieldsOf === 'function' ? fieldsOf(task) : fieldsOf;
    if (task.status !== to && !canMove(statusesOf(task.kind), task.status, to)) {
      if (isFinalStatus(task.status)) return null;
      throw new Error(`Illegal transition of task ${id} (${task.kind}) from ${task.status} to ${to}.`);
    }
    const at = now();
    const final = isFinalStatus(to);
    const update: TaskUpdate = { ...fields, status: to, updatedAt: at };
    if (final) Object.assign(update, { finishedAt: at, leaseOwner: null, leaseExpiresAt: null });
    if (!tasks.update(id, update, token)) return null;
    const changed = tasks.get(id)!;
    if (changed.status !== task.status) {
      logs.append(id, to === 'failed' ? 'error' : 'info', `status ${task.status} -> ${to}${changed.errCode ? ` (${changed.errCode}: ${changed.errMessage})` : ''}`, at);
      deps.onStatusChanged(changed);
    }
    return changed;
  });

  const announce = (task: TaskRecord | null) => {
    if (task) events.publish({ type: 'task', task });
    return task;
  };

  return {
    /** A stage starts: its public status (forward only) and name, recorded as running; progress of the stage restarts at 0. */
    enterStage(id: string, token: number, stage: string, status: JobStatus, progress: number): TaskRecord | null {
      return announce(changeStatus(id, status, (task) => ({ stage, stageProgress: 0, progress, stages: withStageState(task.stages, stage, 'running') }), token));
    },

    /** A stage ended without failing: done (with the engine that did it, when known), or skipped with its reason. No status change, so no callback; SSE subscribers see it. */
    endStage(id: string, token: number, stage: string, end: { state: 'done'; engine?: string } | { state: 'skipped'; reason: string }, progress: number): TaskRecord | null {
      const task = tasks.get(id);
      const stages = withStageState(task?.stages ?? null, stage, end.state, end);
      if (!task || !tasks.update(id, { stages, progress: Math.max(task.progress, progress), updatedAt: now() }, token)) return null;
      return announce(tasks.get(id) ?? null);
    },

    /** Progress within the current stage: no status change, so no callback; SSE subscribers see it. */
    reportProgress(id: string, token: number, stageProgress: number, progress: number): TaskRecord | null {
      if (!tasks.update(id, { stageProgress, progress, updatedAt: now() }, token)) return null;
      return announce(tasks.get(id) ?? null);
    },

    /** Stores a stage's warnings on the task (no status change, so no callback; the final record carries them). */
    addWarnings(id: string, token: number, warnings: readonly TaskWarning[]): TaskRecord | null {
      const task = tasks.get(id);
      if (!task || !tasks.update(id, { warnings: mergeWarnings(task.warnings, warnings), updatedAt: now() }, token)) return null;
      return announce(tasks.get(id) ?? null);
    },

    complete(id: string, token: number, result: Record<string, string>): TaskRecord | null {
      return announce(changeStatus(id, 'done', { result, progress: 1, stageProgress: 1, errCode: null, errMessage: null }, token));
    },

    /** Fails the task for good (its running stage too); without a token (e.g. no pipeline, validation of a remote input) it is unfenced. */
    fail(id: string, token: number | undefined, error: DubDeskError): TaskRecord | null {
      return announce(changeStatus(id, 'failed', (task) => ({ errCode: error.code, errMessage: error.message, stages: settleRunningStages(task.stages, 'failed') }), token));
    },

    /** Cancels a task that has not ended; the bumped fencing token locks out its worker's later writes. */
    cancel(id: string): TaskRecord {
      const task = tasks.get(id);
      if (!task) throw new DubDeskError('not_found', `Task ${id} does not exist.`);
      if (isFinalStatus(task.status)) throw new DubDeskError('conflict', `Task ${id} has already ended (${task.status}); only a queued or running task can be cancelled.`);
      const cancelled = db.transaction(() => {
        bumpLeaseToken.run(id);
        return changeStatus(id, 'cancelled', (current) => ({
          errCode: 'cancelled', errMessage: 'The task was cancelled by the user.', stages: settleRunningStages(current.stages, 'cancelled'),
        }), undefined);
      })();
      return announce(cancelled)!;
    },

    /** A retryable failure: the task goes back to the queue (same status) after a backoff delay; its stage waits to run again. */
    scheduleRetry(id: string, token: number, runAfter: number, error: DubDeskError): boolean {
      const task = tasks.get(id);
      if (!task) return false;
      const ok = tasks.update(id, {
        attempts: task.attempts + 1, runAfter, leaseOwner: null, leaseExpiresAt: null, updatedAt: now(), stages: settleRunningStages(task.stages, 'pending'),
      }, token);
      if (ok) {
        logs.append(id, 'warn', `attempt ${task.attempts + 1} failed (${error.code}: ${error.message}); retrying in ${Math.round((runAfter - now()) / 1000)} s`);
        announce(tasks.get(id) ?? null);
      }
      return ok;
    },
  };
}
