import { createHash, timingSafeEqual } from 'node:crypto';
import { newId, randomToken } from '../ids.js';
import type { SqlClient } from './sql.js';

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

const COLUMNS = 'id, name, prefix, role, created_at, last_used_at, revoked_at';

export function createKeysRepository(db: SqlClient) {
  // Touching last_used_at on every request would write on every read; once a minute per key is plenty.
  const lastTouched = new Map<string, number>();
  const byId = async (id: string) =>
    toRecord((await db.get<Record<string, unknown>>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id]))!);

  return {
    /** Makes a new key (least privilege unless asked); the secret is returned once and only its hash is stored. */
    async create(
      name: string,
      role: KeyRole = 'jobs',
      now = Date.now(),
    ): Promise<{ key: string; record: ApiKeyRecord }> {
      const key = `dd_${randomToken(32)}`;
      const id = newId();
      await db.run('INSERT INTO api_keys (id, name, hash, prefix, role, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        id,
        name,
        hashApiKey(key),
        key.slice(0, 8),
        role,
        now,
      ]);
      return { key, record: await byId(id) };
    },

    /** The stored, unrevoked key's id and role, or null. */
    async identify(key: string, now = Date.now()): Promise<KeyIdentity | null> {
      const row = await db.get<KeyIdentity>('SELECT id, role FROM api_keys WHERE hash = $1 AND revoked_at IS NULL', [
        hashApiKey(key),
      ]);
      if (!row) return null;
      if ((lastTouched.get(row.id) ?? 0) < now - 60_000) {
        lastTouched.set(row.id, now);
        await db.run('UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [now, row.id]);
      }
      return { id: row.id, role: row.role };
    },

    /** Returns the key's id when it is valid. */
    async verify(key: string, now = Date.now()): Promise<string | null> {
      return (await this.identify(key, now))?.id ?? null;
    },

    async list(): Promise<ApiKeyRecord[]> {
      return (await db.all<Record<string, unknown>>(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at`)).map(
        toRecord,
      );
    },

    /** Revokes by id or by the key's displayed prefix; returns whether a key was revoked. */
    async revoke(idOrPrefix: string, now = Date.now()): Promise<boolean> {
      return (
        (await db.run('UPDATE api_keys SET revoked_at = $1 WHERE (id = $2 OR prefix = $2) AND revoked_at IS NULL', [
          now,
          idOrPrefix,
        ])) > 0
      );
    },
  };
}
