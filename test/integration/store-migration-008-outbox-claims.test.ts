// Migration 008 (SQLite) and 003 (PostgreSQL) get their own test: on a database with a pending callback from before
// leased delivery, the claim columns and the claim query's index appear, and the old callback is claimed as any other.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallbackOutbox } from '../../src/main/store/callback-outbox-repository.js';
import { migrate } from '../../src/main/store/database.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { migratePostgres } from '../../src/main/store/postgres/migrate.js';
import { POSTGRES_MIGRATIONS } from '../../src/main/store/postgres/migrations/index.js';
import { openPostgresPool } from '../../src/main/store/postgres/pool.js';
import { createPostgresClient } from '../../src/main/store/postgres/postgres-client.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { postgresMissing, startPostgres, type PostgresServer } from '../fixtures/postgres-server.js';

const OLD_CALLBACK = `INSERT INTO callback_outbox (event_id, task_id, url, body, attempts, next_attempt_at, created_at)
  VALUES ('evt-old', 'task-old', 'http://127.0.0.1:9/hook', '{}', 2, 1000, 500)`;

describe('migration 008 outbox claims (SQLite)', () => {
  it('adds the claim columns and index to a version 7 database; a callback pending from before is claimable', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    const db = new Database(path.join(dir, 'dubdesk.db'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 7),
      );
      db.prepare(OLD_CALLBACK).run();
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 8),
      );
      expect(db.pragma('user_version', { simple: true })).toBe(8);
      const columns = (db.prepare('PRAGMA table_info(callback_outbox)').all() as Array<{ name: string }>).map(
        (column) => column.name,
      );
      expect(columns.slice(-2)).toEqual(['claimed_by', 'claim_expires_at']);
      expect(
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'callback_outbox_due'").get(),
      ).toBeDefined();

      const claimed = await createCallbackOutbox(createSqliteClient(db)).claimDue('node-1', 2_000, 30_000, 10);
      expect(claimed).toMatchObject([{ eventId: 'evt-old', attempts: 2 }]);
      expect(db.prepare('SELECT claimed_by, claim_expires_at FROM callback_outbox').get()).toEqual({
        claimed_by: 'node-1',
        claim_expires_at: 32_000,
      });
    } finally {
      db.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(postgresMissing)('migration 003 outbox claims (PostgreSQL)', () => {
  let server: PostgresServer;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('adds the claim columns and index to a schema 2 database; a callback pending from before is claimable', async () => {
    const pool = openPostgresPool(await server.database('outbox_claims'));
    try {
      expect(
        await migratePostgres(
          pool,
          POSTGRES_MIGRATIONS.filter((migration) => migration.version <= 2),
        ),
      ).toEqual([1, 2]);
      await pool.query(OLD_CALLBACK);
      expect(
        await migratePostgres(
          pool,
          POSTGRES_MIGRATIONS.filter((migration) => migration.version <= 3),
        ),
      ).toEqual([3]);
      const columns = await pool.query<{
        column_name: string;
        data_type: string;
        is_nullable: string;
      }>(`SELECT column_name, data_type, is_nullable
        FROM information_schema.columns WHERE table_name = 'callback_outbox' AND column_name IN ('claimed_by', 'claim_expires_at') ORDER BY column_name`);
      expect(columns.rows).toEqual([
        { column_name: 'claim_expires_at', data_type: 'bigint', is_nullable: 'YES' },
        { column_name: 'claimed_by', data_type: 'text', is_nullable: 'YES' },
      ]);
      expect((await pool.query("SELECT 1 FROM pg_indexes WHERE indexname = 'callback_outbox_due'")).rowCount).toBe(1);

      const claimed = await createCallbackOutbox(createPostgresClient(pool)).claimDue('node-1', 2_000, 30_000, 10);
      expect(claimed).toMatchObject([{ eventId: 'evt-old', attempts: 2 }]);
      expect((await pool.query('SELECT claimed_by, claim_expires_at FROM callback_outbox')).rows).toEqual([
        { claimed_by: 'node-1', claim_expires_at: 32_000 },
      ]);
    } finally {
      await pool.end();
    }
  });
});
