import { POSTGRES_MIGRATIONS, type PostgresMigration } from './migrations/index.js';
import { redactDatabaseUrl, type PostgresPool } from './pool.js';
import { migrateQueueSchema, queueSchemaInstalled } from './queue-schema.js';

const HISTORY = 'dubdesk_schema_migrations';
// One migrator at a time, whichever machine runs `dubdesk migrate`: a transaction-scoped advisory lock.
const MIGRATION_LOCK = "pg_advisory_xact_lock(hashtext('dubdesk.migrate'))";

export interface SchemaState {
  /** The newest migration applied (0 for an empty database). */
  current: number;
  /** The newest migration this build knows. */
  latest: number;
}

/** Applies every migration newer than the database's, each in its own transaction, then the job queue's; returns the versions applied. */
export async function migratePostgres(
  pool: PostgresPool,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<number[]> {
  const applied = await migrateDubDeskSchema(pool, migrations);
  await migrateQueueSchema(pool);
  return applied;
}

async function migrateDubDeskSchema(pool: PostgresPool, migrations: readonly PostgresMigration[]): Promise<number[]> {
  const applied: number[] = [];
  for (;;) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT ${MIGRATION_LOCK}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${HISTORY} (version integer PRIMARY KEY, name text NOT NULL, ` +
          `applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const current = await currentVersion(client);
      const latest = migrations.at(-1)?.version ?? 0;
      if (current > latest) throw new Error(newerMessage(current, latest));
      const next = migrations.find((migration) => migration.version > current);
      if (!next) {
        await client.query('COMMIT');
        return applied;
      }
      await client.query(next.sql);
      await client.query(`INSERT INTO ${HISTORY} (version, name) VALUES ($1, $2)`, [next.version, next.name]);
      await client.query('COMMIT');
      applied.push(next.version);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }
}

export async function postgresSchemaState(
  pool: PostgresPool,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<SchemaState> {
  const exists = await pool.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [HISTORY]);
  const current = exists.rows[0]!.found ? await currentVersion(pool) : 0;
  return { current, latest: migrations.at(-1)?.version ?? 0 };
}

/** What `serve` and `worker` check first: they never migrate a shared database themselves, and never run on a schema they do not know. */
export async function requireCurrentPostgresSchema(
  pool: PostgresPool,
  url: string,
  migrations: readonly PostgresMigration[] = POSTGRES_MIGRATIONS,
): Promise<void> {
  const { current, latest } = await postgresSchemaState(pool, migrations);
  if (current > latest) throw new Error(newerMessage(current, latest));
  if (current < latest) {
    const where = redactDatabaseUrl(url);
    throw new Error(
      current === 0
        ? `The database ${where} has no DubDesk schema yet. Run \`dubdesk migrate --database <url>\` once, then start the service.`
        : `The database ${where} has DubDesk schema ${current}; this build needs ${latest}. Run ` +
            `\`dubdesk migrate --database <url>\`, then update every node still on the older build.`,
    );
  }
  if (!(await queueSchemaInstalled(pool))) {
    throw new Error(
      `The database ${redactDatabaseUrl(url)} has no job queue (graphile-worker) yet. Run ` +
        `\`dubdesk migrate --database <url>\` once, then start the service.`,
    );
  }
}

async function currentVersion(queryable: Pick<PostgresPool, 'query'>): Promise<number> {
  const result = await queryable.query<{ version: number | null }>(`SELECT max(version) AS version FROM ${HISTORY}`);
  return result.rows[0]?.version ?? 0;
}

function newerMessage(current: number, latest: number): string {
  return (
    `The database was migrated by a newer DubDesk (schema ${current}, this build ` +
    `knows ${latest}). Update DubDesk on this machine to the version the other nodes run.`
  );
}
