import type { DubDeskError } from '../../shared/errors.js';
import { settleRunningStages } from './stage-states.js';
import type { StatusChange } from './status-change.js';

/** A retryable failure: the task goes back to the queue (same status) after a backoff delay; its stage waits to run again. */
export async function scheduleRetry(
  change: Pick<StatusChange, 'store' | 'now' | 'announce'>,
  id: string,
  token: number,
  runAfter: number,
  error: DubDeskError,
): Promise<boolean> {
  const { store, now, announce } = change;
  const retried = await store.transaction(async (tx) => {
    const task = await tx.tasks.get(id, { lock: true });
    if (!task) return null;
    const ok = await tx.tasks.update(
      id,
      {
        attempts: task.attempts + 1,
        runAfter,
        leaseOwner: null,
        leaseExpiresAt: null,
        updatedAt: now(),
        stages: settleRunningStages(task.stages, 'pending'),
      },
      token,
    );
    if (!ok) return null;
    await tx.logs.append(
      id,
      'warn',
      `attempt ${task.attempts + 1} failed (${error.code}: ${error.message}); retrying in ${Math.round((runAfter - now()) / 1000)} s`,
    );
    return (await tx.tasks.get(id)) ?? null;
  });
  announce(retried);
  return retried !== null;
}
