import { openDatabase, type OpenOptions } from './database.js';
import { requireCurrentPostgresSchema } from './postgres/migrate.js';
import type pg from 'pg';
import { openPostgresPool, redactDatabaseUrl } from './postgres/pool.js';
import { createPostgresClient } from './postgres/postgres-client.js';
import { createNoticeChannel, type NoticeChannel } from './postgres/notices.js';
import { createSqliteClient } from './sqlite-client.js';
import { createStore, type Store } from './store.js';

/** A store and what closes its connection. */
export interface OpenedStore {
  store: Store;
  /** Notices between the nodes sharing a PostgreSQL database (task changes); none on the embedded SQLite. */
  notices?: NoticeChannel;
  close(): Promise<void>;
}

/** The embedded default: the data folder's SQLite file, migrated on open. */
export function openSqliteStore(file: string, options: OpenOptions = {}): OpenedStore {
  const db = openDatabase(file, options);
  return {
    store: createStore(createSqliteClient(db)),
    close: async () => {
      db.close();
    },
  };
}

// Until results and uploads live on shared storage, each service keeps them in its own data folder, so a second
// service on the same database could not read the first one's files: one service holds this lock for its life.
const SERVICE_LOCK = "hashtext('dubdesk.service')";

export interface PostgresStoreOptions {
  applicationName?: string;
  onIdleError?(error: Error): void;
  /** Hold the one-service lock (a running service); admin commands and `migrate` do not. */
  serviceLock?: boolean;
}

/** A shared PostgreSQL database, which must already be at this build's schema (`dubdesk migrate`). */
export async function openPostgresStore(url: string, options: PostgresStoreOptions = {}): Promise<OpenedStore> {
  const pool = openPostgresPool(url, options);
  let lockConnection: pg.PoolClient | undefined;
  try {
    await requireCurrentPostgresSchema(pool, url);
    if (options.serviceLock) {
      lockConnection = await pool.connect();
      // Held for the service's life, outside the pool's care: losing it (a server restart) must not end the process.
      lockConnection.on('error', (error) => options.onIdleError?.(error));
      const { rows } = await lockConnection.query<{ locked: boolean }>(
        `SELECT pg_try_advisory_lock(${SERVICE_LOCK}) AS locked`,
      );
      if (!rows[0]!.locked) {
        throw new Error(
          `Another DubDesk service already uses the database ${redactDatabaseUrl(url)}. This ` +
            `version keeps results in each service's data folder, so one service per database; stop ` +
            `the other one first.`,
        );
      }
    }
  } catch (error) {
    lockConnection?.release(true);
    await pool.end();
    throw error;
  }
  return {
    store: createStore(createPostgresClient(pool)),
    notices: createNoticeChannel(pool),
    async close() {
      // Ending the lock's session releases it.
      lockConnection?.release(true);
      await pool.end();
    },
  };
}
