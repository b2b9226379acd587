import { createHash } from 'node:crypto';
import { newId, randomToken } from '../ids.js';
import type { Db } from './database.js';

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

// Keys are 256-bit random, so a plain SHA-256 is enough: there is nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function toRecord(row: Record<string, unknown>): ApiKeyRecord {
  return {
    id: row.id as string,
    name: row.name as string,
    prefix: row.prefix as string,
    createdAt: row.created_at as number,
    lastUsedAt: row.last_used_at as number | null,
    revokedAt: row.revoked_at as number | null,
  };
}

export type KeysRepository = ReturnType<typeof createKeysRepository>;

export function createKeysRepository(db: Db) {
  const statements = {
    insert: db.prepare('INSERT INTO api_keys (id, name, hash, prefix, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(hash) DO UPDATE SET revoked_at = NULL, name = excluded.name'),
    byHash: db.prepare('SELECT id FROM api_keys WHERE hash = ? AND revoked_at IS NULL'),
    touch: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
    list: db.prepare('SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys ORDER BY created_at'),
    recordByHash: db.prepare('SELECT id, name, prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE hash = ?'),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE (id = ? OR prefix = ?) AND revoked_at IS NULL'),
  };
  // Touching last_used_at on every request would write on every read; once a minute per key is plenty.
  const lastTouched = new Map<string, number>();

  return {
    /** Makes a new key; the secret is returned once and only its hash is stored. */
    create(name: string, now = Date.now()): { key: string; record: ApiKeyRecord } {
      const key = `dd_${randomToken(32)}`;
      const record = this.register(key, name, now);
      return { key, record };
    },

    /** Stores a key chosen by the user (e.g. `--api-key`), idempotently. */
    register(key: string, name: string, now = Date.now()): ApiKeyRecord {
      const id = newId();
      const prefix = key.slice(0, 8);
      statements.insert.run(id, name, hashApiKey(key), prefix, now);
      return toRecord(statements.recordByHash.get(hashApiKey(key)) as Record<string, unknown>);
    },

    /** Returns the key's id when it is valid. */
    verify(key: string, now = Date.now()): string | null {
      const row = statements.byHash.get(hashApiKey(key)) as { id: string } | undefined;
      if (!row) return null;
      if ((lastTouched.get(row.id) ?? 0) < now - 60_000) {
        lastTouched.set(row.id, now);
        statements.touch.run(now, row.id);
      }
      return row.id;
    },

    list(): ApiKeyRecord[] {
      return (statements.list.all() as Array<Record<string, unknown>>).map(toRecord);
    },

    /** Revokes by id or by the key's displayed prefix; returns whether a key was revoked. */
    revoke(idOrPrefix: string, now = Date.now()): boolean {
      return statements.revoke.run(now, idOrPrefix, idOrPrefix).changes > 0;
    },
  };
}
