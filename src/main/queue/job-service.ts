import { rm } from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';
import { isFinalStatus, type JobKind } from '../../shared/jobs.js';
import { newId } from '../ids.js';
import type { Store } from '../store/store.js';
import type { TaskRecord } from '../store/tasks-repository.js';
import type { JobPlan } from '../../shared/schemas/job-plan.js';
import { writeJobPlan } from '../plans/job-plan.js';
import { copyWorkDir, orRemoveWorkDir } from './new-work-dir.js';
import type { Runner } from './runner.js';
import { createTaskInsert, type CreateOptions } from './task-insert.js';
import type { TaskEvents } from './task-events.js';

export type { CreateOptions } from './task-insert.js';

export interface JobServiceDeps {
  store: Store;
  runner: Runner;
  events: TaskEvents;
  workDirFor(taskId: string): string;
  /** A kind's ordered public states, the first its initial one (its kind module's); default the built-in kinds'. */
  statusesOf?(kind: string): readonly string[];
  /**
   * The job's plan (plans/job-plan.ts), made by its kind's planner over the engines installed now; throws the first
   * model a step misses. Undefined for a kind without engines.
   */
  planJob?(kind: string, request: Record<string, unknown>): Promise<JobPlan | undefined>;
  /** Copies what a new job's request refers to (glossaries, subtitle style) into its work dir; throws to refuse it. */
  snapshotResources?(request: Record<string, unknown>, workDir: string): Promise<void>;
  /**
   * With shared storage: uploads a task's work folder prepared here (a snapshot, an export's reused outputs, a retry's
   * copy) before the task is queued, since a worker on another machine may claim it; downloads an old task's folder
   * before a retry copies it.
   */
  workFolders?: { push(taskId: string): Promise<void>; pull(taskId: string): Promise<number> };
  /** Removes the task's published files (uploads are kept: they may feed other tasks). */
  deleteTaskFiles(taskId: string): Promise<void>;
  maxQueuedJobs: number;
  maxAttempts?: number;
  now?: () => number;
}

export type JobService = ReturnType<typeof createJobService>;

/** Creating, cancelling, retrying and deleting tasks: the queue's front door for the API, CLI and GUI. */
export function createJobService(deps: JobServiceDeps) {
  const { store, runner, events } = deps;
  const { tasks } = store;
  const now = deps.now ?? Date.now;

  const insertTask = createTaskInsert({ ...deps, now });

  async function requireTask(taskId: string): Promise<TaskRecord> {
    const task = await tasks.get(taskId);
    if (!task) throw new DubDeskError('not_found', `Task ${taskId} does not exist.`);
    return task;
  }

  /** Plans a new job and writes the plan into its work dir before the task exists, as the resource snapshot is. */
  async function planInto(
    kind: string,
    request: Record<string, unknown>,
    workDir: string,
  ): Promise<JobPlan | undefined> {
    const plan = await deps.planJob?.(kind, request);
    if (plan) await writeJobPlan(workDir, plan);
    return plan;
  }

  async function announceCreated(taskId: string): Promise<void> {
    const task = await tasks.get(taskId);
    if (task) events.publish({ type: 'task', task });
    runner.kick();
  }

  return {
    async create(
      kind: JobKind,
      request: Record<string, unknown>,
      options: CreateOptions = {},
    ): Promise<{ taskId: string; created: boolean }> {
      // The snapshot is written before the task exists, so the runner never claims a job without it.
      const id = newId();
      const workDir = deps.workDirFor(id);
      const outcome = await orRemoveWorkDir(workDir, async () => {
        // The glossaries and style first: one deleted since the request's checks is its not_found, before planning.
        await deps.snapshotResources?.(request, workDir);
        const plan = await planInto(kind, request, workDir);
        await deps.workFolders?.push(id);
        return insertTask(kind, request, { ...options, id, plan });
      });
      if (outcome.created) await announceCreated(outcome.taskId);
      else await rm(workDir, { recursive: true, force: true });
      return outcome;
    },

    /**
     * A task whose work dir is prepared before it exists (a project's export: the reused stage outputs and the
     * project's lines), so the runner never claims it half-made; a failed preparation leaves nothing behind.
     */
    async createPrepared(
      kind: JobKind,
      request: Record<string, unknown>,
      options: CreateOptions,
      prepare: (workDir: string) => Promise<void>,
    ): Promise<string> {
      const id = newId();
      const workDir = deps.workDirFor(id);
      await orRemoveWorkDir(workDir, async () => {
        await prepare(workDir);
        const plan = await planInto(kind, request, workDir);
        await deps.workFolders?.push(id);
        await insertTask(kind, request, { ...options, id, plan });
      });
      await announceCreated(id);
      return id;
    },

    get: requireTask,

    async cancel(taskId: string): Promise<TaskRecord> {
      await requireTask(taskId);
      return runner.cancel(taskId);
    },

    /**
     * Final states stay final, so a retry is a new task with the same request and plan; it starts from a copy of the
     * old work dir (its plan file included), so stages that had finished are not run again.
     */
    async retry(taskId: string): Promise<TaskRecord> {
      const old = await requireTask(taskId);
      if (old.status !== 'failed' && old.status !== 'cancelled') {
        throw new DubDeskError(
          'conflict',
          `Task ${taskId} is ${old.status}; only a failed or cancelled task can be retried.`,
        );
      }
      // A just-cancelled worker may still be writing into the work dir; copy it only once it has let go.
      await runner.settle(old.id);
      // The copy is made before the task exists, so the runner can never claim it with a half-copied work dir.
      const newTaskId = newId();
      await deps.workFolders?.pull(old.id);
      await copyWorkDir(deps.workDirFor(old.id), deps.workDirFor(newTaskId));
      await orRemoveWorkDir(deps.workDirFor(newTaskId), async () => {
        // The copy holds the plan file unless the old folder was gone; the task's own plan is the one kept.
        if (old.plan) await writeJobPlan(deps.workDirFor(newTaskId), old.plan);
        await deps.workFolders?.push(newTaskId);
        await insertTask(old.kind, old.request, {
          inputName: old.inputName,
          callbackUrl: old.callbackUrl,
          resultBaseUrl: old.resultBaseUrl,
          retryOf: old.id,
          id: newTaskId,
          ...(old.plan ? { plan: old.plan } : {}),
        });
      });
      await store.logs.append(newTaskId, 'info', `retry of task ${old.id}`);
      await announceCreated(newTaskId);
      return requireTask(newTaskId);
    },

    /** Deletes a task with its work dir and result files; a running task is cancelled first. */
    async delete(taskId: string): Promise<void> {
      const task = await requireTask(taskId);
      if (!isFinalStatus(task.status))
        await runner.cancel(taskId).catch((error: unknown) => {
          // It may have ended meanwhile; it is deleted either way.
          if (!(error instanceof DubDeskError && error.code === 'conflict')) throw error;
        });
      await runner.settle(taskId);
      await deps.deleteTaskFiles(taskId);
      await rm(deps.workDirFor(taskId), { recursive: true, force: true });
      await tasks.delete(taskId);
      events.publish({ type: 'task_deleted', taskId });
    },
  };
}
