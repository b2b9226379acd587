import { newId } from '../ids.js';
import type { SqlClient } from './sql.js';

// The durable outbox of webhook callbacks (table callback_outbox, migration 001). A status change and
// its callback are written in the same transaction, so a callback exists exactly when its change does.

/** One pending delivery intent, as the deliverer sees it. */
export interface OutboxEntry {
  id: number;
  eventId: string;
  taskId: string;
  url: string;
  /** The raw JSON body; sent byte for byte on every attempt so the signature and event stay stable. */
  body: string;
  attempts: number;
  nextAttemptAt: number;
  createdAt: number;
}

export interface EnqueueCallback {
  taskId: string;
  url: string;
  /** The status operation's response: an object is serialized with JSON.stringify; a string must already be JSON. */
  body: unknown;
}

export interface CallbackOutbox {
  /** Adds a delivery intent due now and returns its event id; made over the status change's transaction, it commits with it. */
  enqueue(callback: EnqueueCallback): Promise<string>;
  /** For each task, its oldest undelivered entry, and only when due at `now`; oldest due first. */
  nextDue(now: number, limit: number): Promise<OutboxEntry[]>;
  /** Records a successful delivery; false when the entry was already finished. */
  markDelivered(id: number, now: number): Promise<boolean>;
  /** Records a failed attempt and when to try again. */
  markFailed(id: number, failure: { attempts: number; nextAttemptAt: number; error: string }): Promise<boolean>;
  /** Stops retrying an entry; the task's later entries then become deliverable. */
  markGivenUp(id: number, failure: { attempts: number; now: number; error: string }): Promise<boolean>;
  /** Entries neither delivered nor given up. */
  pendingCount(): Promise<number>;
  /** Deletes delivered or given-up entries that finished before `before` (ms); returns how many. */
  pruneFinished(before: number): Promise<number>;
}

interface OutboxRow {
  id: number;
  event_id: string;
  task_id: string;
  url: string;
  body: string;
  attempts: number;
  next_attempt_at: number;
  created_at: number;
}

const PENDING = 'delivered_at IS NULL AND given_up_at IS NULL';

export function createCallbackOutbox(db: SqlClient, options: { now?: () => number } = {}): CallbackOutbox {
  const now = options.now ?? Date.now;
  return {
    async enqueue({ taskId, url, body }) {
      const eventId = newId();
      const at = now();
      await db.run('INSERT INTO callback_outbox (event_id, task_id, url, body, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $5)', [eventId, taskId, url, serializeBody(body), at]);
      return eventId;
    },
    async nextDue(at, limit) {
      if (limit <= 0) return [];
      // Head-of-line per task: a later event waits while an earlier one is pending, even if it is not due yet.
      const rows = await db.all<OutboxRow>(`
        SELECT o.id, o.event_id, o.task_id, o.url, o.body, o.attempts, o.next_attempt_at, o.created_at
        FROM callback_outbox o
        WHERE o.delivered_at IS NULL AND o.given_up_at IS NULL
          AND o.id = (SELECT MIN(p.id) FROM callback_outbox p
                      WHERE p.task_id = o.task_id AND p.delivered_at IS NULL AND p.given_up_at IS NULL)
          AND o.next_attempt_at <= $1
        ORDER BY o.next_attempt_at, o.id
        LIMIT $2`, [at, limit]);
      return rows.map(toEntry);
    },
    async markDelivered(id, at) {
      return (await db.run(`UPDATE callback_outbox SET delivered_at = $1, last_error = NULL WHERE id = $2 AND ${PENDING}`, [at, id])) === 1;
    },
    async markFailed(id, { attempts, nextAttemptAt, error }) {
      return (await db.run(`UPDATE callback_outbox SET attempts = $1, next_attempt_at = $2, last_error = $3 WHERE id = $4 AND ${PENDING}`, [attempts, nextAttemptAt, error, id])) === 1;
    },
    async markGivenUp(id, { attempts, now: at, error }) {
      return (await db.run(`UPDATE callback_outbox SET attempts = $1, given_up_at = $2, last_error = $3 WHERE id = $4 AND ${PENDING}`, [attempts, at, error, id])) === 1;
    },
    async pendingCount() {
      return (await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM callback_outbox WHERE ${PENDING}`))!.n;
    },
    pruneFinished(before) {
      return db.run('DELETE FROM callback_outbox WHERE COALESCE(delivered_at, given_up_at) < $1', [before]);
    },
  };
}

function serializeBody(body: unknown): string {
  if (typeof body === 'string') {
    // Fail at enqueue (inside the status change) rather than sending broken JSON for 24 h.
    JSON.parse(body);
    return body;
  }
  const json = JSON.stringify(body);
  if (json === undefined) throw new TypeError('A callback body must be JSON-serializable.');
  return json;
}

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    eventId: row.event_id,
    taskId: row.task_id,
    url: row.url,
    body: row.body,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    createdAt: row.created_at,
  };
}
