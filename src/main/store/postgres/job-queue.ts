import type { SqlClient } from '../sql.js';

// On PostgreSQL the job queue is graphile-worker's (schema graphile_worker, installed by `dubdesk migrate`). The tasks
// table stays the record: a task that becomes due gets a queue job keyed by its id, added in the same transaction as
// the change that made it due, so the two never disagree after a crash.

/** graphile-worker's task identifier of a job kind: a worker started with --kinds asks only for its kinds'. */
export const QUEUE_IDENTIFIER_PREFIX = 'dubdesk:';

export function queueIdentifierOf(kind: string): string {
  return `${QUEUE_IDENTIFIER_PREFIX}${kind}`;
}

// A handler that throws (the database went away mid-job) is retried by graphile-worker with its backoff.
const QUEUE_MAX_ATTEMPTS = 25;
const FINAL = "('done', 'failed', 'cancelled')";
const ADD_JOB = `graphile_worker.add_job('${QUEUE_IDENTIFIER_PREFIX}' || t.kind, json_build_object('taskId', t.id),
  run_at := to_timestamp(t.run_after / 1000.0), job_key := t.id, max_attempts := ${QUEUE_MAX_ATTEMPTS})`;

/**
 * Adds the job that runs task `taskId` when it is due (its run_after), or moves the waiting one. A job running now
 * keeps running; graphile-worker then adds a new one beside it (so a retry scheduled by a running job is not lost).
 */
export async function enqueueTaskJob(db: SqlClient, taskId: string): Promise<void> {
  await db.all(`SELECT ${ADD_JOB} FROM tasks t WHERE t.id = $1 AND t.status NOT IN ${FINAL}`, [taskId]);
}

/** Adds a job for every unfinished task without one and without a live lease (tasks imported or queued before); returns how many. */
export async function enqueueMissingTaskJobs(db: SqlClient, now: number): Promise<number> {
  const added = await db.all(
    `SELECT ${ADD_JOB} FROM tasks t
    WHERE t.status NOT IN ${FINAL} AND (t.lease_owner IS NULL OR t.lease_expires_at < $1)
      AND NOT EXISTS (SELECT 1 FROM graphile_worker.jobs j WHERE j.key = t.id AND j.attempts < j.max_attempts)`,
    [now],
  );
  return added.length;
}

/**
 * The queue workers whose jobs were locked longer than `graceMs` while their task has no live lease: a live handler
 * takes the task's lease as soon as it locks the job and renews it, so these belong to a process that died.
 */
export async function orphanedQueueWorkers(db: SqlClient, now: number, graceMs: number): Promise<string[]> {
  const rows = await db.all<{ locked_by: string }>(
    `SELECT DISTINCT j.locked_by FROM graphile_worker.jobs j
    LEFT JOIN tasks t ON t.id = j.key
    WHERE j.task_identifier LIKE '${QUEUE_IDENTIFIER_PREFIX}%' AND j.locked_by IS NOT NULL
      AND j.locked_at < now() - make_interval(secs => $2 / 1000.0)
      AND (t.id IS NULL OR t.lease_owner IS NULL OR t.lease_expires_at < $1)`,
    [now, graceMs],
  );
  return rows.map((row) => row.locked_by);
}

/** Frees the jobs those workers held, so the queue hands them out again now rather than after graphile-worker's 4 h. */
export async function forceUnlockQueueWorkers(db: SqlClient, workerIds: readonly string[]): Promise<void> {
  if (workerIds.length === 0) return;
  await db.all('SELECT graphile_worker.force_unlock_workers(ARRAY(SELECT json_array_elements_text($1::json)))', [
    JSON.stringify(workerIds),
  ]);
}
