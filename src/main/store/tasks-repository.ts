// The tasks table: a task's insert and reads here; its record (task-records.ts), listing (task-list.ts), leases
// (task-leases.ts) and fenced updates (task-update.ts) each in a file of their own.
import { forUpdate, type SqlClient } from './sql.js';
import { createTaskLeases } from './task-leases.js';
import { listTasks, type TaskListQuery } from './task-list.js';
import { withQueueJob } from './task-queue-job.js';
import { FINAL_STATUSES, taskFromRow, type NewTask, type TaskRecord, type TaskRow } from './task-records.js';
import { updateTask, type TaskUpdate } from './task-update.js';

export type { Claim, ClaimRefused } from './task-leases.js';
export type { TaskListQuery } from './task-list.js';
export type { NewTask, RecordedStage, TaskRecord } from './task-records.js';
export type { TaskUpdate } from './task-update.js';

export type TasksRepository = ReturnType<typeof createTasksRepository>;

export function createTasksRepository(db: SqlClient) {
  const get = async (id: string, options: { lock?: boolean } = {}): Promise<TaskRecord | undefined> => {
    const row = await db.get<TaskRow>(`SELECT * FROM tasks WHERE id = $1${options.lock ? forUpdate(db) : ''}`, [id]);
    return row ? taskFromRow(row) : undefined;
  };

  return {
    async insert(task: NewTask): Promise<void> {
      // A new task has no stage state recorded yet: every stage is pending.
      await withQueueJob(
        db,
        async (tx) =>
          (await tx.run(
            `INSERT INTO tasks (id, kind, status, request_json, callback_url, input_name, ` +
              `max_attempts, retry_of, stages_json, created_at, updated_at)
        VALUES ($1, $2, $3, ` +
              `$4, $5, $6, $7, $8, '[]', $9, $9)`,
            [
              task.id,
              task.kind,
              task.status,
              JSON.stringify(task.request),
              task.callbackUrl ?? null,
              task.inputName ?? null,
              task.maxAttempts,
              task.retryOf ?? null,
              task.now,
            ],
          )) === 1,
        task.id,
      );
      // A separate write, so a kind without a plan inserts as before (the migration tests insert at older schemas).
      if (task.plan)
        await db.run('UPDATE tasks SET plan_json = $1 WHERE id = $2', [JSON.stringify(task.plan), task.id]);
      if (task.resultBaseUrl)
        await db.run('UPDATE tasks SET result_base_url = $1 WHERE id = $2', [task.resultBaseUrl, task.id]);
    },

    /** `lock`: inside a transaction, the row stays locked until it ends (PostgreSQL; SQLite's transaction locks the file). */
    get,

    /** Tasks changed at or after `since` (ms), oldest change first, at most `limit`: what a node missed while not listening. */
    async changedSince(since: number, limit = 1000): Promise<TaskRecord[]> {
      const rows = await db.all<TaskRow>(
        'SELECT * FROM tasks WHERE updated_at >= $1 ORDER BY updated_at, id LIMIT $2',
        [since, limit],
      );
      return rows.map(taskFromRow);
    },

    list: (query: TaskListQuery): Promise<{ tasks: TaskRecord[]; nextCursor: string | null }> => listTasks(db, query),

    ...createTaskLeases(db, get),

    async countActive(): Promise<number> {
      return (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM tasks WHERE status NOT IN ${FINAL_STATUSES}`))!.n;
    },

    async delete(id: string): Promise<void> {
      await db.run('DELETE FROM tasks WHERE id = $1', [id]);
    },

    /** A fenced partial update: applied only while `token` is still the task's lease token (when given). */
    update: (id: string, fields: TaskUpdate, token?: number): Promise<boolean> => updateTask(db, id, fields, token),
  };
}
