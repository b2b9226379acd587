import { Logger, runMigrations } from 'graphile-worker';
import type { PostgresPool } from './pool.js';

// graphile-worker's own tables and functions (schema graphile_worker), numbered and migrated by the library itself;
// `dubdesk migrate` installs them next to DubDesk's, so the API can add jobs before any worker has started.

const quiet = new Logger(() => () => {});

/**
 * Installs or updates the queue's schema; two machines migrating at once take turns (its first install cannot race).
 * Uses two of the pool's connections: one holds the turn, graphile-worker migrates over another.
 */
export async function migrateQueueSchema(pool: PostgresPool): Promise<void> {
  // With one connection graphile-worker would wait for ours forever.
  if ((pool.options.max ?? 10) < 2)
    throw new Error('Migrating the job queue needs a pool of at least two connections.');
  const lock = await pool.connect();
  lock.on('error', () => {}); // a server going away fails the migration's own query, which reports it
  try {
    await lock.query("SELECT pg_advisory_lock(hashtext('dubdesk.migrate-queue'))");
    await runMigrations({ pgPool: pool, logger: quiet });
  } finally {
    await lock.query("SELECT pg_advisory_unlock(hashtext('dubdesk.migrate-queue'))").catch(() => {});
    lock.release();
  }
}

export async function queueSchemaInstalled(pool: PostgresPool): Promise<boolean> {
  const result = await pool.query<{ found: boolean }>(
    "SELECT to_regprocedure('graphile_worker.add_job(text,json,text,timestamptz,integer,text,integer,text[],text)') IS NOT NULL AS found",
  );
  return result.rows[0]!.found;
}
