// Each migration gets its own test: it applies on the previous schema, and what it promises is there.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase } from '../../src/main/store/database.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';

const dirs: string[] = [];
async function dbFile(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
  dirs.push(dir);
  return path.join(dir, 'dubdesk.db');
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

describe('migrations', () => {
  it('are numbered 1, 2, 3... without gaps', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it('001 core creates the queue, files, keys, outbox and settings tables', async () => {
    const db = new Database(await dbFile());
    migrate(db, MIGRATIONS.slice(0, 1));
    const tables = (
      db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>
    ).map((row) => row.name);
    for (const table of [
      'tasks',
      'task_logs',
      'files',
      'api_keys',
      'idempotency_keys',
      'callback_outbox',
      'settings',
      'glossaries',
      'reusable_lipsync_models',
    ]) {
      expect(tables).toContain(table);
    }
    expect(db.pragma('user_version', { simple: true })).toBe(1);
    db.close();
  });

  it('opens a file in WAL mode with foreign keys on, and reopening applies nothing twice', async () => {
    const file = await dbFile();
    const first = openDatabase(file);
    expect(first.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.pragma('foreign_keys', { simple: true })).toBe(1);
    first.prepare("INSERT INTO settings (key, value) VALUES ('kept', 'yes')").run();
    first.close();
    const second = openDatabase(file);
    expect(second.prepare("SELECT value FROM settings WHERE key = 'kept'").get()).toEqual({ value: 'yes' });
    second.close();
  });

  it('refuses a database written by a newer DubDesk', async () => {
    const file = await dbFile();
    const db = new Database(file);
    db.pragma('user_version = 999');
    db.close();
    expect(() => openDatabase(file)).toThrow(/newer DubDesk/);
  });
});

describe('migration 002 subtitle styles', () => {
  it('adds the subtitle_styles table on a version 1 database, keeping its rows', async () => {
    const db = new Database(await dbFile());
    migrate(db, MIGRATIONS.slice(0, 1));
    db.prepare("INSERT INTO settings (key, value) VALUES ('kept', 'yes')").run();
    migrate(db, MIGRATIONS.slice(0, 2));
    expect(db.pragma('user_version', { simple: true })).toBe(2);
    const columns = (db.prepare('PRAGMA table_info(subtitle_styles)').all() as Array<{ name: string }>).map(
      (column) => column.name,
    );
    expect(columns).toEqual(['id', 'name', 'settings_json', 'created_at', 'updated_at']);
    expect(db.prepare("SELECT value FROM settings WHERE key = 'kept'").get()).toEqual({ value: 'yes' });
    db.close();
  });
});
