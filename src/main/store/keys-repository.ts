import { createHash, timingSafeEqual } from 'node:crypto';
import { newId, randomToken } from '../ids.js';
import type { Db } from './database.js';

/** `admin` may do everything; `jobs` may run jobs and read what jobs use (docs/api.md "Keys and roles"). */
export const KEY_ROLES = ['admin', 'jobs'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export interface ApiKeyRecord {
  id: string;
  name: string;
  prefix: string;
  role: KeyRole;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

/** Who a valid key is: what the auth hook attaches to a request. */
export interface KeyIdentity {
  id: string;
  role: KeyRole;
}

// Keys are 256-bit random, so a plain SHA-256 is enough: there is nothing to brute-force.
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** Compares the hashes, not the keys: equal lengths, and the time taken says nothing about the secret. */
export function sameApiKey(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

function toRecord(row: Record<string, unknown>): ApiKeyRecord {
  return {
    id: row.id as string,
    name: row.name as string,
    prefix: row.prefix as string,
    role: row.role as KeyRole,
    createdAt: row.created_at as number,
    lastUsedAt: row.last_used_at as number | null,
    revokedAt: row.revoked_at as number | null,
  };
}

export type KeysRepository = ReturnType<typeof createKeysRepository>;

export function createKeysRepository(db: Db) {
  const columns = 'id, name, prefix, role, created_at, last_used_at, revoked_at';
  const statements = {
    insert: db.prepare('INSERT INTO api_keys (id, name, hash, prefix, role, created_at) VALUES (?, ?, ?, ?, ?, ?)'),
    byHash: db.prepare('SELECT id, role FROM api_keys WHERE hash = ? AND revoked_at IS NULL'),
    touch: db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?'),
    list: db.prepare(`SELECT ${columns} FROM api_keys ORDER BY created_at`),
    byId: db.prepare(`SELECT ${columns} FROM api_keys WHERE id = ?`),
    revoke: db.prepare('UPDATE api_keys SET revoked_at = ? WHERE (id = ? OR prefix = ?) AND revoked_at IS NULL'),
  };
  // Touching last_used_at on every request would write on every read; once a minute per key is plenty.
  const lastTouched = new Map<string, number>();

  return {
    /** Makes a new key (least privilege unless asked); the secret is returned once and only its hash is stored. */
    create(name: string, role: KeyRole = 'jobs', now = Date.now()): { key: string; record: ApiKeyRecord } {
      const key = `dd_${randomToken(32)}`;
      const id = newId();
      statements.insert.run(id, name, hashApiKey(key), key.slice(0, 8), role, now);
      return { key, record: toRecord(statements.byId.get(id) as Record<string, unknown>) };
    },

    /** The stored, unrevoked key's id and role, or null. */
    identify(key: string, now = Date.now()): KeyIdentity | null {
      const row = statements.byHash.get(hashApiKey(key)) as KeyIdentity | undefined;
      if (!row) return null;
      if ((lastTouched.get(row.id) ?? 0) < now - 60_000) {
        lastTouched.set(row.id, now);
        statements.touch.run(now, row.id);
      }
      return { id: row.id, role: row.role };
    },

    /** Returns the key's id when it is valid. */
    verify(key: string, now = Date.now()): string | null {
      return this.identify(key, now)?.id ?? null;
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
