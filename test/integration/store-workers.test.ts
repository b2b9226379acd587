// The worker registry (migration 007 on SQLite, 002 on PostgreSQL): workers register, beat with their load, drop out
// of the live list when silent, and are forgotten once long silent. On both databases.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/database.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { STORE_BACKENDS, storePerTest } from '../fixtures/store-backends.js';

describe('migration 007 workers', () => {
  it('adds the workers table on a version 6 database and keeps its tasks', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    const db = new Database(path.join(dir, 'dubdesk.db'));
    try {
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 6),
      );
      db.prepare(
        `INSERT INTO tasks (id, kind, status, request_json, max_attempts, created_at, updated_at) VALUES ('old', 'lipsync', 'done', '{}', 3, 1, 1)`,
      ).run();
      migrate(
        db,
        MIGRATIONS.filter((migration) => migration.version <= 7),
      );
      expect(db.pragma('user_version', { simple: true })).toBe(7);
      const columns = (db.prepare('PRAGMA table_info(workers)').all() as Array<{ name: string }>).map(
        (column) => column.name,
      );
      expect(columns).toEqual(['id', 'name', 'kinds_json', 'concurrency', 'running', 'started_at', 'heartbeat_at']);
      expect(db.prepare('SELECT id FROM tasks').all()).toEqual([{ id: 'old' }]);
    } finally {
      db.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(STORE_BACKENDS)('workers on %s', (backendName) => {
  const storeNow = storePerTest(backendName);

  it('lists a worker while it beats, with its kinds and load, and not once it is silent or gone', async () => {
    const { workers } = storeNow();
    await workers.register({ id: 'w1', name: 'gpu-box:41', kinds: ['lipsync'], concurrency: 2, startedAt: 1_000 });
    await workers.register({ id: 'w2', name: 'cpu-box:7', kinds: null, concurrency: 1, startedAt: 2_000 });
    await workers.heartbeat('w1', 2, 10_000);
    expect(await workers.live(5_000)).toEqual([
      {
        id: 'w1',
        name: 'gpu-box:41',
        kinds: ['lipsync'],
        concurrency: 2,
        running: 2,
        startedAt: 1_000,
        heartbeatAt: 10_000,
      },
    ]);
    expect((await workers.live(0)).map((worker) => worker.id)).toEqual(['w1', 'w2']);

    expect(await workers.prune(5_000)).toBe(1);
    expect((await workers.live(0)).map((worker) => worker.id)).toEqual(['w1']);
    await workers.remove('w1');
    expect(await workers.live(0)).toEqual([]);
  });

  it('takes a worker registering again (a restart under the same id) as a fresh heartbeat', async () => {
    const { workers } = storeNow();
    await workers.register({ id: 'w1', name: 'box:1', kinds: null, concurrency: 1, startedAt: 1_000 });
    await workers.register({ id: 'w1', name: 'box:1', kinds: null, concurrency: 1, startedAt: 9_000 });
    expect(await workers.live(5_000)).toMatchObject([{ id: 'w1', heartbeatAt: 9_000 }]);
  });
});
