import type { SqlClient } from './sql.js';

/** How long an Idempotency-Key keeps answering with its first task (docs/api.md "Create operations"). */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export type IdempotencyRepository = ReturnType<typeof createIdempotencyRepository>;

export function createIdempotencyRepository(db: SqlClient) {
  return {
    async find(key: string, route: string, now: number): Promise<string | undefined> {
      const row = await db.get<{ task_id: string }>(
        'SELECT task_id FROM idempotency_keys WHERE key = $1 AND route = $2 AND created_at > $3',
        [key, route, now - IDEMPOTENCY_WINDOW_MS],
      );
      return row?.task_id;
    },
    /**
     * Records `taskId` under the key unless a live entry holds it; returns the task id the key now names. Two nodes
     * creating with the same key at once: the second waits on the unique key, then reads the first's task. (No
     * subquery decides the conflict: under READ COMMITTED it would not see the first's task yet.)
     */
    async claim(key: string, route: string, taskId: string, now: number): Promise<string> {
      const taken = await db.get<{ task_id: string }>(
        `INSERT INTO idempotency_keys (key, route, task_id, created_at) VALUES ($1, $2, $3, $4)
        ON CONFLICT (key, route) DO UPDATE SET task_id = excluded.task_id, created_at = excluded.created_at
        WHERE idempotency_keys.created_at <= $5 RETURNING task_id`,
        [key, route, taskId, now, now - IDEMPOTENCY_WINDOW_MS],
      );
      if (taken) return taken.task_id;
      return (await this.find(key, route, now)) ?? taskId;
    },
    /** Drops the key's entry if it still names `taskId` (a task deleted since), so the key can name a new one. */
    async forget(key: string, route: string, taskId: string): Promise<void> {
      await db.run('DELETE FROM idempotency_keys WHERE key = $1 AND route = $2 AND task_id = $3', [key, route, taskId]);
    },
    prune(now: number): Promise<number> {
      return db.run('DELETE FROM idempotency_keys WHERE created_at <= $1', [now - IDEMPOTENCY_WINDOW_MS]);
    },
  };
}
