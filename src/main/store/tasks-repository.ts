import type { JobKind, JobStatus } from '../../shared/jobs.js';
import type { StageState, TaskWarning } from '../../shared/schemas/jobs.js';
import type { Db } from './database.js';

/** A stage's state as the runner recorded it; stages without one are still pending. */
export interface RecordedStage {
  name: string;
  state: StageState;
  /** Why a skipped stage had nothing to do, in a user's words. */
  reason?: string;
  /** The engine a done stage's output named (kept in stages_json, so older records simply lack it). */
  engine?: string;
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
  /** Stage states recorded so far; null for a task that finished before stages were recorded (migration 005). */
  stages: RecordedStage[] | null;
  callbackUrl: string | null;
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
  id: string; kind: string; status: string; stage: string | null; stage_progress: number; progress: number;
  request_json: string; result_json: string | null; err_code: string | null; err_message: string | null; warnings_json: string | null; stages_json: string | null;
  callback_url: string | null; input_name: string | null; attempts: number; max_attempts: number; run_after: number;
  lease_token: number; lease_owner: string | null; lease_expires_at: number | null; retry_of: string | null;
  created_at: number; updated_at: number; finished_at: number | null;
}

function fromRow(row: TaskRow): TaskRecord {
  return {
    id: row.id,
    kind: row.kind as JobKind,
    status: row.status as JobStatus,
    stage: row.stage,
    stageProgress: row.stage_progress,
    progress: row.progress,
    request: JSON.parse(row.request_json) as Record<string, unknown>,
    result: row.result_json ? (JSON.parse(row.result_json) as Record<string, string>) : null,
    errCode: row.err_code,
    errMessage: row.err_message,
    warnings: row.warnings_json ? (JSON.parse(row.warnings_json) as TaskWarning[]) : [],
    stages: row.stages_json ? (JSON.parse(row.stages_json) as RecordedStage[]) : null,
    callbackUrl: row.callback_url,
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
  inputName?: string | null;
  maxAttempts: number;
  retryOf?: string | null;
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

export type TasksRepository = ReturnType<typeof createTasksRepository>;

const FINAL = "('done', 'failed', 'cancelled')";

const INSERT_TASK = `INSERT INTO tasks (id, kind, status, request_json, callback_url, input_name, max_attempts, retry_of, stages_json, created_at, updated_at)
  VALUES (@id, @kind, @status, @request_json, @callback_url, @input_name, @max_attempts, @retry_of, '[]', @now, @now)`;

export function createTasksRepository(db: Db) {
  const statements = {
    get: db.prepare('SELECT * FROM tasks WHERE id = ?'),
    nextClaimable: db.prepare(`SELECT id FROM tasks WHERE status NOT IN ${FINAL} AND run_after <= @now
      AND (lease_owner IS NULL OR lease_expires_at < @now) ORDER BY run_after, created_at LIMIT 1`),
    claim: db.prepare(`UPDATE tasks SET lease_token = lease_token + 1, lease_owner = @owner, lease_expires_at = @expires, updated_at = @now
      WHERE id = @id RETURNING *`),
    heartbeat: db.prepare(`UPDATE tasks SET lease_expires_at = @expires WHERE id = @id AND lease_token = @token AND lease_owner IS NOT NULL`),
    releaseForeignLeases: db.prepare(`UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner IS NOT NULL AND lease_owner != ?`),
    release: db.prepare(`UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL, lease_token = lease_token + 1 WHERE id = @id AND lease_token = @token`),
    countActive: db.prepare(`SELECT COUNT(*) AS n FROM tasks WHERE status NOT IN ${FINAL}`),
    delete: db.prepare('DELETE FROM tasks WHERE id = ?'),
  };
  // Updates and list queries vary in shape; each distinct SQL text is prepared once.
  const prepared = new Map<string, ReturnType<Db['prepare']>>();
  const prepare = (sql: string) => {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    return statement;
  };

  return {
    insert(task: NewTask): void {
      // A new task has no stage state recorded yet: every stage is pending. (Prepared on first use, like updates.)
      prepare(INSERT_TASK).run({
        id: task.id, kind: task.kind, status: task.status, request_json: JSON.stringify(task.request),
        callback_url: task.callbackUrl ?? null, input_name: task.inputName ?? null, max_attempts: task.maxAttempts,
        retry_of: task.retryOf ?? null, now: task.now,
      });
    },

    get(id: string): TaskRecord | undefined {
      const row = statements.get.get(id) as TaskRow | undefined;
      return row ? fromRow(row) : undefined;
    },

    list(query: TaskListQuery): { tasks: TaskRecord[]; nextCursor: string | null } {
      const where: string[] = [];
      const params: Record<string, unknown> = { limit: query.limit + 1 };
      if (query.kind) { where.push('kind = @kind'); params.kind = query.kind; }
      if (query.status) { where.push('status = @status'); params.status = query.status; }
      if (query.cursor) {
        const [createdAt, id] = query.cursor.split(':');
        where.push('(created_at < @cursorCreated OR (created_at = @cursorCreated AND id < @cursorId))');
        params.cursorCreated = Number(createdAt);
        params.cursorId = id ?? '';
      }
      const sql = `SELECT * FROM tasks ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id DESC LIMIT @limit`;
      const rows = (prepare(sql).all(params) as TaskRow[]).map(fromRow);
      const more = rows.length > query.limit;
      const tasks = more ? rows.slice(0, query.limit) : rows;
      const last = tasks.at(-1);
      return { tasks, nextCursor: more && last ? `${last.createdAt}:${last.id}` : null };
    },

    /** Takes the oldest due task whose lease is free, bumping the fencing token. */
    claimNext: db.transaction((owner: string, leaseMs: number, now: number): Claim | null => {
      const next = statements.nextClaimable.get({ now }) as { id: string } | undefined;
      if (!next) return null;
      const row = statements.claim.get({ id: next.id, owner, expires: now + leaseMs, now }) as TaskRow;
      const task = fromRow(row);
      return { task, token: task.leaseToken };
    }),

    heartbeat(id: string, token: number, expires: number): boolean {
      return statements.heartbeat.run({ id, token, expires }).changes === 1;
    },

    /** Only one service owns a data dir (the lock file), so leases of any other owner are from a dead process. */
    releaseForeignLeases(owner: string): number {
      return statements.releaseForeignLeases.run(owner).changes;
    },

    /** Gives a claimed task back to the queue without changing its status (shutdown, lost work). */
    release(id: string, token: number): boolean {
      return statements.release.run({ id, token }).changes === 1;
    },

    countActive(): number {
      return (statements.countActive.get() as { n: number }).n;
    },

    delete(id: string): void {
      statements.delete.run(id);
    },

    /** A fenced partial update: applied only while `token` is still the task's lease token (when given). */
    update(id: string, fields: Partial<Record<keyof typeof COLUMN_OF, unknown>>, token?: number): boolean {
      const sets: string[] = [];
      const params: Record<string, unknown> = { id };
      for (const [key, value] of Object.entries(fields)) {
        const column = COLUMN_OF[key as keyof typeof COLUMN_OF];
        sets.push(`${column} = @${key}`);
        params[key] = JSON_FIELDS.has(key) ? (value == null ? null : JSON.stringify(value)) : value;
      }
      if (sets.length === 0) return true;
      const fence = token === undefined ? '' : ' AND lease_token = @token';
      if (token !== undefined) params.token = token;
      return prepare(`UPDATE tasks SET ${sets.join(', ')} WHERE id = @id${fence}`).run(params).changes === 1;
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
  stages: 'stages_json',
  attempts: 'attempts',
  runAfter: 'run_after',
  leaseOwner: 'lease_owner',
  leaseExpiresAt: 'lease_expires_at',
  updatedAt: 'updated_at',
  finishedAt: 'finished_at',
} as const;

const JSON_FIELDS = new Set<string>(['result', 'warnings', 'stages']);

export type TaskUpdate = Partial<Record<keyof typeof COLUMN_OF, unknown>>;
