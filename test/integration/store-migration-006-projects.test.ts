// Migration 006 gets its own test: it applies on a version 5 database with tasks in it, and its projects go with
// their task (segments and exports with them), while deleting an exported task only drops it from the project.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/database.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { createProjectsRepository } from '../../src/main/store/projects-repository.js';
import { createTasksRepository } from '../../src/main/store/tasks-repository.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

const line = (startMs: number, text: string) => ({
  startMs,
  endMs: startMs + 1000,
  sourceText: text,
  targetText: `${text} (de)`,
  speaker: 'Anna',
  voiceId: null,
  box: null,
  blockId: null,
});

describe('migration 006 projects', () => {
  it('adds the project tables to a version 5 database; a project goes with its task, an export only leaves its list', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    dirs.push(dir);
    const db = new Database(path.join(dir, 'dubdesk.db'));
    db.pragma('foreign_keys = ON');
    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 5),
    );
    const client = createSqliteClient(db);
    const tasks = createTasksRepository(client);
    for (const id of ['job', 'export'])
      await tasks.insert({ id, kind: 'translate', status: 'done', request: {}, maxAttempts: 3, now: 1 });

    migrate(
      db,
      MIGRATIONS.filter((migration) => migration.version <= 6),
    );
    expect(db.pragma('user_version', { simple: true })).toBe(6);
    const projects = createProjectsRepository(client);
    const project = await projects.create({
      id: 'p1',
      taskId: 'job',
      kind: 'translate',
      sourceLanguage: 'en',
      targetLanguage: 'de',
      mediaDurationMs: 10_000,
      mediaFileId: null,
      waveformFile: null,
      speakerVoices: {},
      segments: [line(3000, 'second'), line(500, 'first')],
      now: 2,
    });
    // A resumed job stores its project again: the first one stands.
    expect(
      (await projects.create({ ...project, id: 'p2', segments: [], mediaFileId: null, waveformFile: null, now: 3 })).id,
    ).toBe('p1');
    expect((await projects.segments('p1')).map((segment) => [segment.id, segment.sourceText])).toEqual([
      ['s1', 'first'],
      ['s2', 'second'],
    ]);

    await projects.addExport('p1', 'export', 4);
    expect(await projects.exports('p1')).toEqual(['export']);
    await tasks.delete('export');
    expect(await projects.exports('p1')).toEqual([]);
    expect(await projects.get('p1')).toBeDefined();

    await tasks.delete('job');
    expect(await projects.get('p1')).toBeUndefined();
    expect(db.prepare('SELECT COUNT(*) AS n FROM project_segments').get()).toEqual({ n: 0 });
    db.close();
  });
});
