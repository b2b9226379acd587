// Migration 011 gets its own test: it applies on a version 10 database, keeps the tasks there (no base of their own:
// their callbacks name the service's address), and the repository stores the base a new task was created at.
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

describe('migration 011 task result base URL', () => {
  it('adds tasks.result_base_url on a version 10 database; existing tasks read back without one', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    dirs.push(dir);
    const db = new Database(path.join(dir, 'dubdesk.db'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 10),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(10);
    db.prepare(
      `INSERT INTO tasks (id, kind, status, request_json, max_attempts, created_at, updated_at)
      VALUES ('old-task', 'lipsync', 'done', '{}', 3, 1, 1)`,
    ).run();

    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 11),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(11);
    const columns = db.prepare('PRAGMA table_info(tasks)').all() as Array<{ name: string; type: string }>;
    expect(columns.find((column) => column.name === 'result_base_url')).toMatchObject({ type: 'TEXT' });

    const tasks = createTasksRepository(createSqliteClient(db));
    expect(await tasks.get('old-task')).toMatchObject({ id: 'old-task', status: 'done', resultBaseUrl: null });
    await tasks.insert({
      id: 'lan-task',
      kind: 'lipsync',
      status: 'pending',
      request: {},
      resultBaseUrl: 'http://192.168.1.20:7860',
      maxAttempts: 3,
      now: 2,
    });
    expect((await tasks.get('lan-task'))!.resultBaseUrl).toBe('http://192.168.1.20:7860');
    db.close();
  });
});
