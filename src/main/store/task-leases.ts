// Leases on tasks (liteque's claim/lease/finalize): a claim takes a due task whose lease is free and bumps its fencing
// token; every later write of that worker presents the token, so one that lost its lease can never overwrite.
import type { SqlClient } from './sql.js';
import { withQueueJob } from './task-queue-job.js';
import { FINAL_STATUSES, taskFromRow, type TaskRecord, type TaskRow } from './task-records.js';

/** A claim: the task plus the fencing token every later write of this worker must present. */
export interface Claim {
  task: TaskRecord;
  token: number;
}

/** Why a given task could not be claimed: it is waiting (retry delay) or another worker's lease is live, until `until`. */
export interface ClaimRefused {
  busyUntil: number;
}

const claimWhere = `status NOT IN ${FINAL_STATUSES} AND run_after <= $1 AND (lease_owner IS NULL OR lease_expires_at < $1)`;

/** The lease operations of the tasks repository (tasks-repository.ts spreads them in); `get` reads one task. */
export function createTaskLeases(db: SqlClient, get: (id: string) => Promise<TaskRecord | undefined>) {
  return {
    /** Takes the oldest due task whose lease is free, bumping the fencing token. */
    claimNext(owner: string, leaseMs: number, now: number): Promise<Claim | null> {
      return db.transaction(async (tx) => {
        // SKIP LOCKED: on PostgreSQL two claimers never wait on, or take, the same row.
        const skipLocked = tx.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
        const next = await tx.get<{ id: string }>(
          `SELECT id FROM tasks WHERE ${claimWhere} ORDER BY run_after, created_at LIMIT 1${skipLocked}`,
          [now],
        );
        if (!next) return null;
        const row = await tx.get<TaskRow>(
          `UPDATE tasks SET lease_token = lease_token + 1, lease_owner = $1, lease_expires_at = $2, updated_at = $3
          WHERE id = $4 RETURNING *`,
          [owner, now + leaseMs, now, next.id],
        );
        const task = taskFromRow(row!);
        return { task, token: task.leaseToken };
      });
    },

    /** Takes task `id` (the queue handed it out), bumping the fencing token; null when it has ended or is gone. */
    async claim(id: string, owner: string, leaseMs: number, now: number): Promise<Claim | ClaimRefused | null> {
      const row = await db.get<TaskRow>(
        `UPDATE tasks SET lease_token = lease_token + 1, lease_owner = $2, lease_expires_at = $3, updated_at = $1
        WHERE id = $4 AND ${claimWhere} RETURNING *`,
        [now, owner, now + leaseMs, id],
      );
      if (row) {
        const task = taskFromRow(row);
        return { task, token: task.leaseToken };
      }
      const task = await get(id);
      if (!task || ['done', 'failed', 'cancelled'].includes(task.status)) return null;
      return { busyUntil: Math.max(task.runAfter, task.leaseOwner ? (task.leaseExpiresAt ?? now) : now) };
    },

    async heartbeat(id: string, token: number, expires: number): Promise<boolean> {
      return (
        (await db.run(
          'UPDATE tasks SET lease_expires_at = $1 WHERE id = $2 AND lease_token = $3 AND lease_owner IS NOT NULL',
          [expires, id, token],
        )) === 1
      );
    },

    /** Only one service owns a data dir (the lock file), so leases of any other owner are from a dead process. */
    releaseForeignLeases(owner: string): Promise<number> {
      return db.run(
        'UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL WHERE lease_owner IS NOT NULL AND lease_owner != $1',
        [owner],
      );
    },

    /** Gives a claimed task back to the queue without changing its status (shutdown, lost work). */
    async release(id: string, token: number): Promise<boolean> {
      return withQueueJob(
        db,
        async (tx) =>
          (await tx.run(
            'UPDATE tasks SET lease_owner = NULL, lease_expires_at = NULL, lease_token = lease_token ' +
              '+ 1 WHERE id = $1 AND lease_token = $2',
            [id, token],
          )) === 1,
        id,
      );
    },

    /** Locks out whoever holds the task's lease: their token is stale from now on. */
    async bumpLeaseToken(id: string): Promise<void> {
      await db.run('UPDATE tasks SET lease_token = lease_token + 1 WHERE id = $1', [id]);
    },
  };
}
