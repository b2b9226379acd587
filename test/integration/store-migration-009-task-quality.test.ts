// Migration 009 gets its own test: it applies on a version 8 database, keeps the tasks there (no report: they finished
// before reports existed), and the repository round-trips the quality report it stores.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/database.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { createTasksRepository } from '../../src/main/store/tasks-repository.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('migration 009 task quality', () => {
  it('adds tasks.quality_json on a version 8 database; existing tasks read back with no report', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    dirs.push(dir);
    const db = new Database(path.join(dir, 'dubdesk.db'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 8),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(8);
    db.prepare(
      `INSERT INTO tasks (id, kind, status, request_json, max_attempts, created_at, updated_at)
      VALUES ('old-task', 'lipsync', 'done', '{}', 3, 1, 1)`,
    ).run();

    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 9),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(9);
    const columns = db.prepare('PRAGMA table_info(tasks)').all() as Array<{ name: string; type: string }>;
    expect(columns.find((column) => column.name === 'quality_json')).toMatchObject({ type: 'TEXT' });

    const tasks = createTasksRepository(createSqliteClient(db));
    expect(await tasks.get('old-task')).toMatchObject({ id: 'old-task', status: 'done', quality: null });
    const quality = {
      review: [{ start: 1, end: 3, reasons: ['no_face' as const], detail: 'no face for 2.0 s' }],
      sync_score: 0.74,
      face_coverage: 0.9,
      bank_coverage: null,
    };
    expect(await tasks.update('old-task', { quality })).toBe(true);
    expect((await tasks.get('old-task'))!.quality).toEqual(quality);
    db.close();
  });
});
