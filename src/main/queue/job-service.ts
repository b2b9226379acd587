import { rmSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';
import { initialStatus, isFinalStatus, type JobKind, type JobStatus } from '../../shared/jobs.js';
import { newId } from '../ids.js';
import type { Db } from '../store/database.js';
import type { IdempotencyRepository } from '../store/idempotency-repository.js';
import type { TaskLogsRepository } from '../store/task-logs-repository.js';
import type { TaskRecord, TasksRepository } from '../store/tasks-repository.js';
import type { Runner } from './runner.js';
import type { TaskEvents } from './task-events.js';

export interface JobServiceDeps {
  db: Db;
  tasks: TasksRepository;
  logs: TaskLogsRepository;
  idempotency: IdempotencyRepository;
  runner: Runner;
  events: TaskEvents;
  workDirFor(taskId: string): string;
  /** A kind's ordered public states, the first its initial one (its kind module's); default the built-in kinds'. */
  statusesOf?(kind: string): readonly string[];
  /** Copies what a new job's request refers to (glossaries, subtitle style) into its work dir; throws to refuse it. */
  snapshotResources?(request: Record<string, unknown>, workDir: string): void;
  /** Removes the task's published files (uploads are kept: they may feed other tasks). */
  deleteTaskFiles(taskId: string): Promise<void>;
  maxQueuedJobs: number;
  maxAttempts?: number;
  now?: () => number;
}

export interface CreateOptions {
  idempotencyKey?: string;
  /** Shown in task lists: the input file's name. */
  inputName?: string | null;
  callbackUrl?: string | null;
}

export type JobService = ReturnType<typeof createJobService>;

/** Creating, cancelling, retrying and deleting tasks: the queue's front door for the API, CLI and GUI. */
export function createJobService(deps: JobServiceDeps) {
  const { db, tasks, idempotency, runner, events } = deps;
  const now = deps.now ?? Date.now;

  const insertTask = db.transaction((kind: JobKind, request: Record<string, unknown>, options: CreateOptions & { retryOf?: string; id?: string }) => {
    const at = now();
    if (options.idempotencyKey) {
      const existing = idempotency.find(options.idempotencyKey, kind, at);
      if (existing && tasks.get(existing)) return { taskId: existing, created: false };
    }
    if (tasks.countActive() >= deps.maxQueuedJobs) {
      throw new DubDeskError('rate_limited', `${deps.maxQueuedJobs} tasks are already waiting or running; wait for some to finish, or raise the limit.`);
    }
    const id = options.id ?? newId();
    tasks.insert({
      id, kind, status: (deps.statusesOf?.(kind)[0] as JobStatus | undefined) ?? initialStatus(kind), request, callbackUrl: options.callbackUrl ?? null,
      inputName: options.inputName ?? null, maxAttempts: deps.maxAttempts ?? 3, retryOf: options.retryOf ?? null, now: at,
    });
    if (options.idempotencyKey) idempotency.remember(options.idempotencyKey, kind, id, at);
    return { taskId: id, created: true };
  });

  function requireTask(taskId: string): TaskRecord {
    const task = tasks.get(taskId);
    if (!task) throw new DubDeskError('not_found', `Task ${taskId} does not exist.`);
    return task;
  }

  function announceCreated(taskId: string): void {
    const task = tasks.get(taskId);
    if (task) events.publish({ type: 'task', task });
    runner.kick();
  }

  return {
    create(kind: JobKind, request: Record<string, unknown>, options: CreateOptions = {}): { taskId: string; created: boolean } {
      // The snapshot is written before the task exists, so the runner never claims a job without it.
      const id = newId();
      const workDir = deps.workDirFor(id);
      let outcome: { taskId: string; created: boolean };
      try {
        deps.snapshotResources?.(request, workDir);
        outcome = insertTask(kind, request, { ...options, id });
      } catch (error) {
        rmSync(workDir, { recursive: true, force: true });
        throw error;
      }
      if (outcome.created) announceCreated(outcome.taskId);
      else rmSync(workDir, { recursive: true, force: true });
      return outcome;
    },

    /**
     * A task whose work dir is prepared before it exists (a project's export: the reused stage outputs and the
     * project's lines), so the runner never claims it half-made; a failed preparation leaves nothing behind.
     */
    async createPrepared(kind: JobKind, request: Record<string, unknown>, options: CreateOptions, prepare: (workDir: string) => Promise<void>): Promise<string> {
      const id = newId();
      const workDir = deps.workDirFor(id);
      try {
        await prepare(workDir);
        insertTask(kind, request, { ...options, id });
      } catch (error) {
        await rm(workDir, { recursive: true, force: true });
        throw error;
      }
      announceCreated(id);
      return id;
    },

    get: requireTask,

    cancel(taskId: string): TaskRecord {
      requireTask(taskId);
      return runner.cancel(taskId);
    },

    /**
     * Final states stay final, so a retry is a new task with the same request; it starts from a copy of the
     * old work dir, so stages that had finished are not run again.
     */
    async retry(taskId: string): Promise<TaskRecord> {
      const old = requireTask(taskId);
      if (old.status !== 'failed' && old.status !== 'cancelled') {
        throw new DubDeskError('conflict', `Task ${taskId} is ${old.status}; only a failed or cancelled task can be retried.`);
      }
      // A just-cancelled worker may still be writing into the work dir; copy it only once it has let go.
      await runner.settle(old.id);
      // The copy is made before the task exists, so the runner can never claim it with a half-copied work dir.
      const newTaskId = newId();
      await cp(deps.workDirFor(old.id), deps.workDirFor(newTaskId), { recursive: true, force: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      try {
        insertTask(old.kind, old.request, { inputName: old.inputName, callbackUrl: old.callbackUrl, retryOf: old.id, id: newTaskId });
      } catch (error) {
        await rm(deps.workDirFor(newTaskId), { recursive: true, force: true });
        throw error;
      }
      deps.logs.append(newTaskId, 'info', `retry of task ${old.id}`);
      announceCreated(newTaskId);
      return requireTask(newTaskId);
    },

    /** Deletes a task with its work dir and result files; a running task is cancelled first. */
    async delete(taskId: string): Promise<void> {
      const task = requireTask(taskId);
      if (!isFinalStatus(task.status)) runner.cancel(taskId);
      await runner.settle(taskId);
      await deps.deleteTaskFiles(taskId);
      await rm(deps.workDirFor(taskId), { recursive: true, force: true });
      tasks.delete(taskId);
      events.publish({ type: 'task_deleted', taskId });
    },
  };
}
