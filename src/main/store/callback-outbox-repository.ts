import { newId } from '../ids.js';
import type { SqlClient } from './sql.js';

// The durable outbox of webhook callbacks (table callback_outbox, migrations 001 and 008). A status change and
// its callback are written in the same transaction, so a callback exists exactly when its change does. Delivery is
// leased (several services may share one PostgreSQL database): a deliverer claims an entry for a while, and records
// its outcome only while the claim is still its own, like a task's lease token.

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
  /**
   * Claims for `owner`, until `now + leaseMs`, up to `limit` entries, longest due first: of each task only its oldest
   * pending entry, and only when it is due and not under another live claim (a task's later entry never goes while an
   * earlier one is pending, claimed or not). Two claimers never take the same entry.
   */
  claimDue(owner: string, now: number, leaseMs: number, limit: number): Promise<OutboxEntry[]>;
  /** Records a successful delivery and ends the claim; false when the entry is finished or no longer `owner`'s. */
  markDelivered(id: number, owner: string, now: number): Promise<boolean>;
  /** Records a failed attempt and ends the claim: the entry is claimed again from `nextAttemptAt`. False as markDelivered. */
  markFailed(
    id: number,
    owner: string,
    failure: { attempts: number; nextAttemptAt: number; error: string },
  ): Promise<boolean>;
  /** Stops retrying an entry and ends the claim; the task's later entries then become deliverable. False as markDelivered. */
  markGivenUp(id: number, owner: string, failure: { attempts: number; now: number; error: string }): Promise<boolean>;
  /** Ends `owner`'s claim without an outcome (an attempt cut short by shutdown): any deliverer may take it at once. */
  release(id: number, owner: string): Promise<boolean>;
  /** Ends every claim not `owner`'s (a data folder's one process starting: other claims are a dead process's); returns how many. */
  releaseForeignClaims(owner: string): Promise<number>;
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
/** Pending and still claimed by the caller ($1 is the id, $2 the owner): the fence of every outcome. */
const MINE = `id = $1 AND claimed_by = $2 AND ${PENDING}`;
const ENTRY_COLUMNS = 'id, event_id, task_id, url, body, attempts, next_attempt_at, created_at';

export function createCallbackOutbox(db: SqlClient, options: { now?: () => number } = {}): CallbackOutbox {
  const now = options.now ?? Date.now;
  return {
    async enqueue({ taskId, url, body }) {
      const eventId = newId();
      const at = now();
      await db.run(
        'INSERT INTO callback_outbox (event_id, task_id, url, body, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $5)',
        [eventId, taskId, url, serializeBody(body), at],
      );
      return eventId;
    },
    async claimDue(owner, at, leaseMs, limit) {
      if (limit <= 0) return [];
      // One statement, so it is one transaction on both databases (and SQLite's write lock is never held across an
      // await). Head-of-line per task: an entry goes only when no earlier entry of its task is pending, whoever holds
      // it. NOT EXISTS instead of MIN(): PostgreSQL refuses FOR UPDATE beside an aggregate. SKIP LOCKED: a concurrent
      // claimer skips the rows another is taking, and re-reads (READ COMMITTED) a row just claimed and committed, so it
      // never takes it; a stale view of earlier entries only ever holds a task back, never lets one skip ahead.
      const skipLocked = db.dialect === 'postgres' ? ' FOR UPDATE OF o SKIP LOCKED' : '';
      const rows = await db.all<OutboxRow>(
        `
        WITH picked AS (
          SELECT o.id FROM callback_outbox o
          WHERE o.delivered_at IS NULL AND o.given_up_at IS NULL
            AND o.next_attempt_at <= $1
            AND (o.claimed_by IS NULL OR o.claim_expires_at < $1)
            AND NOT EXISTS (SELECT 1 FROM callback_outbox p
                            WHERE p.task_id = o.task_id AND p.id < o.id AND p.delivered_at IS NULL AND p.given_up_at IS NULL)
          ORDER BY o.next_attempt_at, o.id
          LIMIT $4${skipLocked}
        )
        UPDATE callback_outbox SET claimed_by = $2, claim_expires_at = $3
        WHERE id IN (SELECT id FROM picked)
        RETURNING ${ENTRY_COLUMNS}`,
        [at, owner, at + leaseMs, limit],
      );
      // RETURNING keeps no order.
      return rows.map(toEntry).sort((a, b) => a.nextAttemptAt - b.nextAttemptAt || a.id - b.id);
    },
    async markDelivered(id, owner, at) {
      return (
        (await db.run(
          `UPDATE callback_outbox SET delivered_at = $3, last_error = NULL, claimed_by = NULL, claim_expires_at = NULL WHERE ${MINE}`,
          [id, owner, at],
        )) === 1
      );
    },
    async markFailed(id, owner, { attempts, nextAttemptAt, error }) {
      return (
        (await db.run(
          `UPDATE callback_outbox SET attempts = $3, next_attempt_at = $4, last_error = $5, claimed_by = NULL, claim_expires_at = NULL
        WHERE ${MINE}`,
          [id, owner, attempts, nextAttemptAt, error],
        )) === 1
      );
    },
    async markGivenUp(id, owner, { attempts, now: at, error }) {
      return (
        (await db.run(
          `UPDATE callback_outbox SET attempts = $3, given_up_at = $4, last_error = $5, claimed_by = NULL, claim_expires_at = NULL
        WHERE ${MINE}`,
          [id, owner, attempts, at, error],
        )) === 1
      );
    },
    async release(id, owner) {
      return (
        (await db.run(`UPDATE callback_outbox SET claimed_by = NULL, claim_expires_at = NULL WHERE ${MINE}`, [
          id,
          owner,
        ])) === 1
      );
    },
    releaseForeignClaims(owner) {
      return db.run(
        `UPDATE callback_outbox SET claimed_by = NULL, claim_expires_at = NULL WHERE claimed_by ` +
          `IS NOT NULL AND claimed_by != $1 AND ${PENDING}`,
        [owner],
      );
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
