// On PostgreSQL a write that makes a task due also adds its queue job, in the same transaction (postgres/job-queue.ts).
import { enqueueTaskJob } from './postgres/job-queue.js';
import type { SqlClient } from './sql.js';

/** Runs `write` (true when it changed task `id`); on PostgreSQL, with the task's queue job added in its transaction. */
export async function withQueueJob(
  db: SqlClient,
  write: (tx: SqlClient) => Promise<boolean>,
  id: string,
): Promise<boolean> {
  if (db.dialect !== 'postgres') return write(db);
  return db.transaction(async (tx) => {
    const written = await write(tx);
    if (written) await enqueueTaskJob(tx, id);
    return written;
  });
}
