// Migration 004 gets its own test: it applies on a version 3 database, keeps the tasks there, and the
// repository round-trips the warnings it stores.
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

describe('migration 004 task warnings', () => {
  it('adds tasks.warnings_json on a version 3 database; existing tasks read back with no warnings', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    dirs.push(dir);
    const db = new Database(path.join(dir, 'dubdesk.db'));
    const upTo3 = MIGRATIONS.filter((migration) => migration.version <= 3);
    migrate(db, upTo3);
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    db.prepare(
      `INSERT INTO tasks (id, kind, status, request_json, max_attempts, created_at, updated_at)
      VALUES ('old-task', 'translate', 'done', '{}', 3, 1, 1)`,
    ).run();

    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 4),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    const columns = db.prepare('PRAGMA table_info(tasks)').all() as Array<{ name: string; type: string }>;
    expect(columns.find((column) => column.name === 'warnings_json')).toMatchObject({ type: 'TEXT' });

    const tasks = createTasksRepository(createSqliteClient(db));
    expect(await tasks.get('old-task')).toMatchObject({ id: 'old-task', status: 'done', warnings: [] });
    const warning = {
      code: 'line_too_fast',
      cue: 3,
      start: 1.2,
      end: 2,
      speed: 1.8,
      message: 'Cue 3 is spoken at 1.80x.',
    };
    expect(await tasks.update('old-task', { warnings: [warning] })).toBe(true);
    expect((await tasks.get('old-task'))!.warnings).toEqual([warning]);
    db.close();
  });
});
