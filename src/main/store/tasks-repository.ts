import { DubDeskError } from '../../shared/errors.js';
import type { JobKind, JobStatus } from '../../shared/jobs.js';
import type { StageState, TaskWarning } from '../../shared/schemas/jobs.js';
import type { QualityReport } from '../../shared/schemas/quality.js';
import type { JobPlan } from '../../shared/schemas/job-plan.js';
import { enqueueTaskJob } from './postgres/job-queue.js';
import { forUpdate, readJson, writeJson, type SqlClient, type SqlValue } from './sql.js';

/** A stage's state as the runner recorded it; stages without one are still pending. */
export interface RecordedStage {
  name: string;
  state: StageState;
  /** Why a skipped stage had nothing to do, in a user's words. */
  reason?: string;
  /** The engine a done stage's output named (kept in stages_json, so older records simply lack it). */
  engine?: string;
  /** The worker (host:pid) that ran the stage. */
  worker?: string;
}

/** A row of `tasks` in the shape the rest of the core uses. */
export interface TaskRecord {
  id: string;
  kind: JobKind;
  status: JobStatus;
  stage: string | null;
  stageProgress: number;
  progress: number;
  request: Record<string, unknown>;
  result: Record<string, string> | null;
  errCode: string | null;
  errMessage: string | null;
  /** Problems the user should check in a result that still counts as done (empty when none). */
  warnings: TaskWarning[];
  /** How good the result is, measured on it once the job is done (docs/api.md "Quality report"); null before. */
  quality: QualityReport | null;
  /**
   * The engine each step runs, chosen when the task was created; null for tasks created before plans were stored
   * (migration 010) or of a kind without engines.
   */
  plan: JobPlan | null;
  /** Stage states recorded so far; null for a task that finished before stages were recorded (migration 005). */
  stages: RecordedStage[] | null;
  callbackUrl: string | null;
  /** The address the task was created at (all-interfaces bind), which its callbacks' URLs name; null: the service's. */
  resultBaseUrl: string | null;
  inputName: string | null;
  attempts: number;
  maxAttempts: number;
  runAfter: number;
  leaseToken: number;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  retryOf: string | null;
  createdAt: number;
  updatedAt: number;
  finishedAt: number | null;
}

interface TaskRow {
  id: string;
  kind: string;
  status: string;
  stage: string | null;
  stage_progress: number;
  progress: number;
  request_json: unknown;
  result_json: unknown;
  err_code: string | null;
  err_message: string | null;
  warnings_json: unknown;
  quality_json: unknown;
  plan_json: unknown;
  stages_json: unknown;
  callback_url: string | null;
  /** Null in rows written before migration 011 (SELECT * of an older schema has no such column). */
  result_base_url?: string | null;
  input_name: string | null;
  attempts: number;
  max_attempts: number;
  run_after: number;
  lease_token: number;
  lease_owner: string | null;
  lease_expires_at: number | null;
  retry_of: string | null;
  created_at: number;
  updated_at: number;
  finished_at: number | null;
}

function fromRow(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    stage: row.stage,
    stageProgress: row.stage_progress,
    progress: row.progress,
    request: readJson<Record<string, unknown>>(row.request_json, {}),
    result: readJson<Record<string, string> | null>(row.result_json, null),
    errCode: row.err_code,
    errMessage: row.err_message,
    warnings: readJson<TaskWarning[]>(row.warnings_json, []),
    quality: readJson<QualityReport | null>(row.quality_json, null),
    plan: readJson<JobPlan | null>(row.plan_json, null),
    stages: readJson<RecordedStage[] | null>(row.stages_json, null),
    callbackUrl: row.callback_url,
    resultBaseUrl: row.result_base_url ?? null,
    inputName: row.input_name,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAfter: row.run_after,
    leaseToken: row.lease_token,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: row.lease_expires_at,
    retryOf: row.retry_of,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
  };
}

export interface NewTask {
  id: string;
  kind: JobKind;
  status: JobStatus;
  request: Record<string, unknown>;
  callbackUrl?: string | null;
  resultBaseUrl?: string | null;
  inputName?: string | null;
  maxAttempts: number;
  retryOf?: string | null;
  plan?: JobPlan | null;
  now: number;
}

export interface TaskListQuery {
  kind?: JobKind;
  status?: string;
  limit: number;
  /** Opaque position from the previous page: `<created_at>:<id>`. */
  cursor?: string;
}

/** A claim: the task plus the fencing token every later write of this worker must present. */
export interface Claim {
  task: TaskRecord;
  token: number;
}

/** Why a given task could not be claimed: it is waiting (retry delay) or another worker's lease is live, until `until`. */
export interface ClaimRefused {
  busyUntil: number;
}

export type TasksRepository = ReturnType<typeof createTasksRepository>;

const FINAL = "('done', 'failed', 'cancelled')";

export function createTasksRepository(db: SqlClient) {
  const get = async (id: string, options: { lock?: boolean } = {}): Promise<TaskRecord | undefined> => {
    const row = await db.get<TaskRow>(`SELECT * FROM tasks WHERE id = $1${options.lock ? forUpdate(db) : ''}`, [id]);
    return row ? fromRow(row) : undefined;
  };

  // On PostgreSQL a write that makes a task due also adds its queue job, in the same transaction (postgres/job-queue.ts).
  const withQueueJob = async (write: (tx: SqlClient) => Promise<boolean>, id: string): Promise<boolean> => {
    if (db.dialect !== 'postgres') return write(db);
    return db.transaction(async (tx) => {
      const written = await write(tx);
      if (written) await enqueueTaskJob(tx, id);
      return written;
    });
  };

  const claimWhere = `status NOT IN ${FINAL} AND run_after <= $1 AND (lease_owner IS NULL OR lease_expires_at < $1)`;

  return {
    async insert(task: NewTask): Promise<void> {
      // A new task has no stage state recorded yet: every stage is pending.
      await withQueueJob(
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
      return rows.map(fromRow);
    },

    async list(query: TaskListQuery): Promise<{ tasks: TaskRecord[]; nextCursor: string | null }> {
      const where: string[] = [];
      const params: SqlValue[] = [];
      const param = (value: SqlValue) => `$${params.push(value)}`;
      if (query.kind) where.push(`kind = ${param(query.kind)}`);
      if (query.status) where.push(`status = ${param(query.status)}`);
      if (query.cursor) {
        const [createdAt, id] = query.cursor.split(':');
        if (!/^\d{1,15}$/.test(createdAt ?? '') || id === undefined) {
          throw new DubDeskError(
            'invalid_request',
            'cursor is not one this service handed out; pass a next_cursor from an earlier page, or none for the first page.',
          );
        }
        const created = param(Number(createdAt));
        where.push(`(created_at < ${created} OR (created_at = ${created} AND id < ${param(id)}))`);
      }
      const sql =
        `SELECT * FROM tasks ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ` +
        `created_at DESC, id DESC LIMIT ${param(query.limit + 1)}`;
      const rows = (await db.all<TaskRow>(sql, params)).map(fromRow);
      const more = rows.length > query.limit;
      const tasks = more ? rows.slice(0, query.limit) : rows;
      const last = tasks.at(-1);
      return { tasks, nextCursor: more && last ? `${last.createdAt}:${last.id}` : null };
    },

    /** Takes the oldest due task whose lease is free, bumping the fencing token. */
    claimNext(owner: string, leaseMs: number, now: number): Promise<Claim | null> {
      return db.transaction(async (tx) => {
        // SKIP LOCKED: on PostgreSQL two claimers never wait on, or take, the same row.
        const skipLocked = tx.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
        const next = await tx.get<{ id: string }>(
          `SELECT id FROM tasks WHERE ${claimWhere} ORDER BY run_after, created_at LIMIT 1${skipLocked}`,
          [now],
        );
        if (!next) return null;
        const row = await tx.get<TaskRow>(
          `UPDATE tasks SET lease_token = lease_token + 1, lease_owner = $1, lease_expires_at = $2, updated_at = $3
          WHERE id = $4 RETURNING *`,
          [owner, now + leaseMs, now, next.id],
        );
        const task = fromRow(row!);
        return { task, token: task.leaseToken };
      });
    },

    /** Takes task `id` (the queue handed it out), bumping the fencing token; null when it has ended or is gone. */
    async claim(id: string, owner: string, leaseMs: number, now: number): Promise<Claim | ClaimRefused | null> {
      const row = await db.get<TaskRow>(
        `UPDATE tasks SET lease_token = lease_token + 1, lease_owner = $2, lease_expires_at = $3, updated_at = $1
        WHERE id = $4 AND ${claimWhere} RETURNING *`,
        [now, owner, now + leaseMs, id],
      );
      if (row) {
        const task = fromRow(row);
        return { task, token: task.leaseToken };
      }
      const task = await get(id);
      if (!task || ['done', 'failed', 'cancelled'].includes(task.status)) return null;
      return { busyUntil: Math.max(task.runAfter, task.leaseOwner ? (task.leaseExpiresAt ?? now) : now) };
    },

    async heartbeat(id: string, token: number, expires: number): Promise<boolean> {
      return (
        (await db.run(
          'UPDATE tasks SET lease_expires_at = $1 WHERE id = $2 AND lease_token = $3 AND lease_owner IS NOT NULL',
          [expires, id, token],
        )) === 1
      );
    },

    /** Only one service owns a data dir (the lock file), so leases of any other owner are from a dead process. */
    releaseForeignLeases(owner: string): Promise<number> {
      return db.run(
        'UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner IS NOT NULL AND lease_owner != $1',
        [owner],
      );
    },

    /** Gives a claimed task back to the queue without changing its status (shutdown, lost work). */
    async release(id: string, token: number): Promise<boolean> {
      return withQueueJob(
        async (tx) =>
          (await tx.run(
            'UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL, lease_token = lease_token ' +
              '+ 1 WHERE id = $1 AND lease_token = $2',
            [id, token],
          )) === 1,
        id,
      );
    },

    /** Locks out whoever holds the task's lease: their token is stale from now on. */
    async bumpLeaseToken(id: string): Promise<void> {
      await db.run('UPDATE tasks SET lease_token = lease_token + 1 WHERE id = $1', [id]);
    },

    async countActive(): Promise<number> {
      return (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM tasks WHERE status NOT IN ${FINAL}`))!.n;
    },

    async delete(id: string): Promise<void> {
      await db.run('DELETE FROM tasks WHERE id = $1', [id]);
    },

    /** A fenced partial update: applied only while `token` is still the task's lease token (when given). */
    async update(id: string, fields: TaskUpdate, token?: number): Promise<boolean> {
      const sets: string[] = [];
      const params: SqlValue[] = [];
      const param = (value: SqlValue) => `$${params.push(value)}`;
      for (const [key, value] of Object.entries(fields)) {
        const column = COLUMN_OF[key as keyof typeof COLUMN_OF];
        sets.push(`${column} = ${param(JSON_FIELDS.has(key) ? writeJson(value) : (value as SqlValue))}`);
      }
      if (sets.length === 0) return true;
      const fence = token === undefined ? '' : ` AND lease_token = ${param(token)}`;
      const write = async (tx: SqlClient) =>
        (await tx.run(`UPDATE tasks SET ${sets.join(', ')} WHERE id = ${param(id)}${fence}`, params)) === 1;
      // A new run_after (a retry's backoff) moves the task's queue job.
      return 'runAfter' in fields ? withQueueJob(write, id) : write(db);
    },
  };
}

const COLUMN_OF = {
  status: 'status',
  stage: 'stage',
  stageProgress: 'stage_progress',
  progress: 'progress',
  result: 'result_json',
  errCode: 'err_code',
  errMessage: 'err_message',
  warnings: 'warnings_json',
  quality: 'quality_json',
  stages: 'stages_json',
  attempts: 'attempts',
  runAfter: 'run_after',
  leaseOwner: 'lease_owner',
  leaseExpiresAt: 'lease_expires_at',
  updatedAt: 'updated_at',
  finishedAt: 'finished_at',
} as const;

const JSON_FIELDS = new Set<string>(['result', 'warnings', 'quality', 'stages']);

export type TaskUpdate = Partial<Record<keyof typeof COLUMN_OF, unknown>>;
