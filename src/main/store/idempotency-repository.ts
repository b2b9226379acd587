import type { Db } from './database.js';

/** How long an Idempotency-Key keeps answering with its first task (docs/api.md "Create operations"). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;

export function createIdempotencyRepository(db: Db) {
  const find = db.prepare('SELECT task_id FROM idempotency_keys WHERE key = ? AND route = ? AND created_at > ?');
  const upsert = db.prepare(`INSERT INTO idempotency_keys (key, route, task_id, created_at) VALUES (?, ?, ?, ?)
    ON CONFLICT(key, route) DO UPDATE SET task_id = excluded.task_id, created_at = excluded.created_at`);
  const prune = db.prepare('DELETE FROM idempotency_keys WHERE created_at <= ?');
  return {
    find(key: string, route: string, now: number): string | undefined {
      return (find.get(key, route, now - IDEMPOTENCY_WINDOW_MS) as { task_id: string } | undefined)?.task_id;
    },
    remember(key: string, route: string, taskId: string, now: number): void {
      upsert.run(key, route, taskId, now);
    },
    prune(now: number): number {
      return prune.run(now - IDEMPOTENCY_WINDOW_MS).changes;
    },
  };
}
