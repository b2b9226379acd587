import Database from 'better-sqlite3';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS, type Migration } from './migrations/index.js';

export type Db = Database.Database;

export interface OpenOptions {
  migrations?: readonly Migration[];
  /** A better-sqlite3 addon built for another ABI (Electron's), kept beside the Node build. */
  nativeBinding?: string;
}

/** Opens (creating if needed) the DubDesk database file and brings its schema up to date. */
export function openDatabase(file: string, options: OpenOptions = {}): Db {
  if (file !== ':memory:') {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // The file holds API keys and secrets: made owner-only, and SQLite gives its -wal and -shm files the same mode.
    closeSync(openSync(file, 'a', 0o600));
  }
  const db = new Database(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  const migrations = options.migrations ?? MIGRATIONS;
  db.pragma('journal_mode = WAL');
  // NORMAL in WAL mode loses at most the last transactions on power loss, never consistency.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
  return db;
}

/** Applies every migration newer than the file's user_version, each in its own transaction. */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database was written by a newer DubDesk (schema ${current}, this build knows ${latest}). Update DubDesk.`,
    );
  }
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return latest;
}
