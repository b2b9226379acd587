// Migration 003 on a version 2 database with the keys an older DubDesk stored.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/store/database.js';
import { createKeysRepository, hashApiKey } from '../../src/main/store/keys-repository.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('migration 003 key roles', () => {
  it('makes every stored key admin, deletes the rows --api-key used to store, and new keys default to jobs', async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-db-'));
    const db = new Database(path.join(dir, 'dubdesk.db'));
    migrate(db, MIGRATIONS.slice(0, 2));
    const insert = db.prepare(
      'INSERT INTO api_keys (id, name, hash, prefix, created_at, revoked_at) VALUES (?, ?, ?, ?, 1, ?)',
    );
    insert.run('a1', 'CI script', hashApiKey('dd_ci'), 'dd_ci', null);
    insert.run('a2', 'GUI session', hashApiKey('dd_gui'), 'dd_gui', 5);
    insert.run('a3', 'from --api-key', hashApiKey('my-secret-key'), 'my-secre', null);

    migrate(db, MIGRATIONS.slice(0, 3));
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(db.prepare('SELECT id, role, revoked_at FROM api_keys ORDER BY id').all()).toEqual([
      { id: 'a1', role: 'admin', revoked_at: null },
      { id: 'a2', role: 'admin', revoked_at: 5 },
    ]);
    const keys = createKeysRepository(createSqliteClient(db));
    expect(await keys.identify('my-secret-key')).toBeNull();
    expect(await keys.identify('dd_ci')).toEqual({ id: 'a1', role: 'admin' });
    const { key, record } = await keys.create('new script');
    expect(record.role).toBe('jobs');
    expect((await keys.identify(key))?.role).toBe('jobs');
    expect(() => db.prepare("UPDATE api_keys SET role = 'root' WHERE id = 'a1'").run()).toThrow(/CHECK constraint/);
    db.close();
  });
});
