// Writes an attempt's outcome to the outbox (delivered, given up, or failed with the next attempt's time), only
// while the claim on the entry is still ours.
import type { CallbackOutbox, OutboxEntry } from '../../store/callback-outbox-repository.js';
import { nextDelayMs, shouldGiveUp } from './backoff.js';
import type { Outcome } from './callback-attempt.js';
import { errorMessage } from './error-message.js';

export type CallbackLog = (level: 'info' | 'warn' | 'error', message: string) => void;

export interface RecordContext {
  outbox: CallbackOutbox;
  owner: string;
  now: () => number;
  random: () => number;
  log: CallbackLog;
}

/** Records `outcome` of an attempt at `entry`; a failure to record is logged, never thrown. */
export async function recordOutcome(entry: OutboxEntry, outcome: Outcome, context: RecordContext): Promise<void> {
  const { outbox, owner, now, random, log } = context;
  const target = describeTarget(entry);
  const lostClaim = () =>
    log(
      'warn',
      `Callback ${target}: its claim ran out during the attempt and another deliverer owns it now; this outcome is not recorded`,
    );
  try {
    const at = now();
    // A false mark is a lost claim: it ran out and another deliverer took the entry, whose outcome is now its own.
    if (outcome.ok) {
      if (!(await outbox.markDelivered(entry.id, owner, at))) lostClaim();
      return;
    }
    const attempts = entry.attempts + 1;
    if (outcome.permanent || shouldGiveUp(entry.createdAt, at)) {
      if (await outbox.markGivenUp(entry.id, owner, { attempts, now: at, error: outcome.error })) {
        log('error', `Gave up on callback ${target} after ${attempts} attempt(s): ${outcome.error}`);
      } else lostClaim();
      return;
    }
    const delay = nextDelayMs(attempts, random);
    if (!(await outbox.markFailed(entry.id, owner, { attempts, nextAttemptAt: at + delay, error: outcome.error }))) {
      lostClaim();
      return;
    }
    log(
      'warn',
      `Callback ${target} failed (attempt ${attempts}): ${outcome.error}; retrying in ${Math.ceil(delay / 1000)} s`,
    );
  } catch (error) {
    log('error', `Could not record the outcome of callback ${target}: ${errorMessage(error)}`);
  }
}

// Origin only: a callback URL's path or query may carry the receiver's own token.
function describeTarget(entry: OutboxEntry): string {
  let origin = '(invalid URL)';
  try {
    origin = new URL(entry.url).origin;
  } catch {
    // Keep the placeholder.
  }
  return `${entry.eventId} (task ${entry.taskId}, ${origin})`;
}
