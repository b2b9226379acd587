// A fenced partial update of a task: the fields a status change or the runner writes, mapped to their columns.
import { writeJson, type SqlClient, type SqlValue } from './sql.js';
import { withQueueJob } from './task-queue-job.js';

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

/** Applied only while `token` is still the task's lease token (when given); false when it was not. */
export async function updateTask(db: SqlClient, id: string, fields: TaskUpdate, token?: number): Promise<boolean> {
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
  return 'runAfter' in fields ? withQueueJob(db, write, id) : write(db);
}
