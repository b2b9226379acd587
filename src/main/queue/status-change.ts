// The one fenced status change every transition goes through (task-transitions.ts), and the fenced update that changes
// no status; both run under the task's row lock and announce the result to SSE subscribers.
import { DubDeskError } from '../../shared/errors.js';
import { canMove, isFinalStatus, KIND_STATUSES, type JobKind, type JobStatus } from '../../shared/jobs.js';
import type { Store } from '../store/store.js';
import type { TaskRecord, TaskUpdate } from '../store/tasks-repository.js';
import type { TaskEvents } from './task-events.js';

export interface TransitionDeps {
  store: Store;
  events: TaskEvents;
  /** Runs inside the status change's transaction (`tx`), so the callback is queued if and only if the change commits. */
  onStatusChanged(task: TaskRecord, tx: Store): Promise<void>;
  /** Runs after a status change committed (wakes the callback deliverer). */
  afterStatusChanged?(task: TaskRecord): void;
  now?: () => number;
  /** A kind's ordered public states (its kind module's); default the built-in kinds'. */
  statusesOf?(kind: string): readonly string[];
}

export type StatusChange = ReturnType<typeof createStatusChange>;

export function createStatusChange(deps: TransitionDeps) {
  const { store, events } = deps;
  const now = deps.now ?? Date.now;
  const statusesOf = deps.statusesOf ?? ((kind: string) => KIND_STATUSES[kind as JobKind]);

  /** `fields` may depend on the task as it is inside the transaction (its recorded stage states). */
  const changeStatusIn = async (
    tx: Store,
    id: string,
    to: JobStatus,
    fieldsOf: TaskUpdate | ((task: TaskRecord) => TaskUpdate),
    token: number | undefined,
  ): Promise<TaskRecord | null> => {
    const task = await tx.tasks.get(id, { lock: true });
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
    if (!(await tx.tasks.update(id, update, token))) return null;
    const changed = (await tx.tasks.get(id))!;
    if (changed.status !== task.status) {
      await tx.logs.append(
        id,
        to === 'failed' ? 'error' : 'info',
        `status ${task.status} -> ${to}${changed.errCode ? ` (${changed.errCode}: ${changed.errMessage})` : ''}`,
        at,
      );
      await deps.onStatusChanged(changed, tx);
    }
    return changed;
  };

  /** changeStatusIn in a transaction of its own, then the after-commit hook. */
  const changeStatus = async (
    id: string,
    to: JobStatus,
    fieldsOf: TaskUpdate | ((task: TaskRecord) => TaskUpdate),
    token: number | undefined,
  ): Promise<TaskRecord | null> => {
    const changed = await store.transaction((tx) => changeStatusIn(tx, id, to, fieldsOf, token));
    if (changed) deps.afterStatusChanged?.(changed);
    return changed;
  };

  const announce = (task: TaskRecord | null | undefined) => {
    if (task) events.publish({ type: 'task', task });
    return task ?? null;
  };

  /**
   * A fenced update that changes no status (so no callback), computed from the task as it is under a row lock, so two
   * writers (a stage's warnings and its end) never lose each other's change; SSE subscribers see the result.
   */
  const updateAndAnnounce = async (
    id: string,
    token: number,
    fieldsOf: (task: TaskRecord) => TaskUpdate,
  ): Promise<TaskRecord | null> => {
    const updated = await store.transaction(async (tx) => {
      const task = await tx.tasks.get(id, { lock: true });
      if (!task || !(await tx.tasks.update(id, { ...fieldsOf(task), updatedAt: now() }, token))) return null;
      return (await tx.tasks.get(id)) ?? null;
    });
    return announce(updated);
  };

  return {
    store,
    now,
    afterStatusChanged: deps.afterStatusChanged,
    changeStatusIn,
    changeStatus,
    announce,
    updateAndAnnounce,
  };
}
