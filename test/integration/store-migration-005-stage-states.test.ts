// Migration 005 gets its own test: it applies on a version 4 database; a task still to run gets an empty record of
// stage states (all its stages show pending), a finished one none (which of its stages ran was never recorded).
// What a stage record holds (a skipped stage's reason, a done stage's engine) is JSON in that one column.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { taskStages, withStageState } from '../../src/main/queue/stage-states.js';
import { migrate } from '../../src/main/store/database.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { createTasksRepository } from '../../src/main/store/tasks-repository.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

const PLANNED = [
  { name: 'fetch-inputs', label: 'Fetching inputs' },
  { name: 'render', label: 'Rendering' },
];

describe('migration 005 stage states', () => {
  it('adds tasks.stages_json on a version 4 database: queued and running tasks show every stage pending, finished ones none', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    dirs.push(dir);
    const db = new Database(path.join(dir, 'dubdesk.db'));
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 4),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    const insert = db.prepare(`INSERT INTO tasks (id, kind, status, request_json, max_attempts, created_at, updated_at)
      VALUES (@id, 'lipsync', @status, '{}', 3, 1, 1)`);
    for (const [id, status] of [
      ['old-done', 'done'],
      ['old-cancelled', 'cancelled'],
      ['old-queued', 'pending'],
      ['old-running', 'processing'],
    ])
      insert.run({ id, status });

    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 5),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    const columns = db.prepare('PRAGMA table_info(tasks)').all() as Array<{ name: string; type: string }>;
    expect(columns.find((column) => column.name === 'stages_json')).toMatchObject({ type: 'TEXT' });

    const tasks = createTasksRepository(createSqliteClient(db));
    expect(await tasks.get('old-done')).toMatchObject({ status: 'done', stages: null });
    expect((await tasks.get('old-cancelled'))!.stages).toBeNull();
    expect(taskStages(PLANNED, (await tasks.get('old-done'))!.stages)).toEqual([]);
    for (const id of ['old-queued', 'old-running']) {
      expect(taskStages(PLANNED, (await tasks.get(id))!.stages)).toEqual([
        { name: 'fetch-inputs', label: 'Fetching inputs', state: 'pending' },
        { name: 'render', label: 'Rendering', state: 'pending' },
      ]);
    }

    // New tasks start with an empty record; the repository round-trips what the runner writes.
    await tasks.insert({ id: 'new', kind: 'lipsync', status: 'pending', request: {}, maxAttempts: 3, now: 2 });
    expect((await tasks.get('new'))!.stages).toEqual([]);
    const recorded = [
      { name: 'fetch-inputs', state: 'done' as const },
      { name: 'render', state: 'skipped' as const, reason: 'nothing to draw' },
    ];
    expect(await tasks.update('new', { stages: recorded })).toBe(true);
    expect((await tasks.get('new'))!.stages).toEqual(recorded);
    expect(taskStages(PLANNED, recorded)).toEqual([
      { name: 'fetch-inputs', label: 'Fetching inputs', state: 'done' },
      { name: 'render', label: 'Rendering', state: 'skipped', reason: 'nothing to draw' },
    ]);
    db.close();
  });

  it('keeps the engine a done stage named in stages_json (JSON, so no migration of its own) and shows it in the task record', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    dirs.push(dir);
    const db = new Database(path.join(dir, 'dubdesk.db'));
    migrate(db, MIGRATIONS);
    const tasks = createTasksRepository(createSqliteClient(db));
    await tasks.insert({ id: 't', kind: 'lipsync', status: 'pending', request: {}, maxAttempts: 3, now: 1 });

    // An engine is kept only for a done stage: a skipped or running one did no work to name.
    let recorded = withStageState((await tasks.get('t'))!.stages, 'fetch-inputs', 'skipped', {
      reason: 'the input is local',
      engine: 'ffmpeg',
    });
    recorded = withStageState(recorded, 'render', 'running', { engine: 'DubDesk exemplar mouths (built in)' });
    expect(recorded).toEqual([
      { name: 'fetch-inputs', state: 'skipped', reason: 'the input is local' },
      { name: 'render', state: 'running' },
    ]);
    recorded = withStageState(recorded, 'render', 'done', { engine: 'DubDesk exemplar mouths (built in)' });
    expect(await tasks.update('t', { stages: recorded })).toBe(true);
    expect((await tasks.get('t'))!.stages).toEqual([
      { name: 'fetch-inputs', state: 'skipped', reason: 'the input is local' },
      { name: 'render', state: 'done', engine: 'DubDesk exemplar mouths (built in)' },
    ]);
    expect(taskStages(PLANNED, (await tasks.get('t'))!.stages)).toEqual([
      { name: 'fetch-inputs', label: 'Fetching inputs', state: 'skipped', reason: 'the input is local' },
      { name: 'render', label: 'Rendering', state: 'done', engine: 'DubDesk exemplar mouths (built in)' },
    ]);

    // A new state replaces the whole entry: recorded running again, the stage no longer names the engine of its last run.
    expect(taskStages(PLANNED, withStageState(recorded, 'render', 'running'))[1]).toEqual({
      name: 'render',
      label: 'Rendering',
      state: 'running',
    });
    db.close();
  });
});
