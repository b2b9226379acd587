import { readJson, writeJson, type SqlClient } from './sql.js';

/** A process that runs jobs, as its heartbeats keep it recorded. */
export interface WorkerRecord {
  id: string;
  /** host:pid, what a user can find the process by. */
  name: string;
  /** The job kinds it takes; null for every kind. */
  kinds: string[] | null;
  concurrency: number;
  /** Tasks it is running now. */
  running: number;
  startedAt: number;
  heartbeatAt: number;
}

interface WorkerRow {
  id: string;
  name: string;
  kinds_json: unknown;
  concurrency: number;
  running: number;
  started_at: number;
  heartbeat_at: number;
}

const fromRow = (row: WorkerRow): WorkerRecord => ({
  id: row.id,
  name: row.name,
  kinds: readJson<string[] | null>(row.kinds_json, null),
  concurrency: row.concurrency,
  running: row.running,
  startedAt: row.started_at,
  heartbeatAt: row.heartbeat_at,
});

export type WorkersRepository = ReturnType<typeof createWorkersRepository>;

export function createWorkersRepository(db: SqlClient) {
  return {
    async register(worker: Omit<WorkerRecord, 'heartbeatAt' | 'running'>): Promise<void> {
      await db.run(
        `INSERT INTO workers (id, name, kinds_json, concurrency, running, started_at, heartbeat_at) VALUES ($1, $2, $3, $4, 0, $5, $5)
        ON CONFLICT (id) DO UPDATE SET heartbeat_at = excluded.heartbeat_at`,
        [worker.id, worker.name, writeJson(worker.kinds), worker.concurrency, worker.startedAt],
      );
    },
    async heartbeat(id: string, running: number, now: number): Promise<void> {
      await db.run('UPDATE workers SET running = $1, heartbeat_at = $2 WHERE id = $3', [running, now, id]);
    },
    async remove(id: string): Promise<void> {
      await db.run('DELETE FROM workers WHERE id = $1', [id]);
    },
    /** Workers whose last heartbeat is after `since`, oldest first. */
    async live(since: number): Promise<WorkerRecord[]> {
      return (
        await db.all<WorkerRow>('SELECT * FROM workers WHERE heartbeat_at > $1 ORDER BY started_at, id', [since])
      ).map(fromRow);
    },
    /** Forgets workers silent since before `before` (a killed process never removes its row). */
    prune(before: number): Promise<number> {
      return db.run('DELETE FROM workers WHERE heartbeat_at <= $1', [before]);
    },
  };
}
