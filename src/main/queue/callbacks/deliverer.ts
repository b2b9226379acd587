import type { ConnectGuard } from '../../files/guarded-lookup.js';
import { newId } from '../../ids.js';
import type { CallbackOutbox, OutboxEntry } from '../../store/callback-outbox-repository.js';
import { attemptCallback, Interrupted, type Outcome } from './callback-attempt.js';
import { errorMessage } from './error-message.js';
import { createPollSleep } from './poll-sleep.js';
import { recordOutcome, type CallbackLog } from './record-outcome.js';

// Sends the outbox's callbacks (docs/api.md "Callbacks"): at least once, in order per task,
// retried with backoff until a 2xx or 24 h. Several services may share one database, so each entry is
// claimed for a lease longer than an attempt, and its outcome recorded only while the claim is still ours.

export type { CallbackLog } from './record-outcome.js';

export interface CallbackDelivererOptions {
  outbox: CallbackOutbox;
  /** Who claims the entries: one id per process (core.ts passes the runner's); a fresh one when left out. */
  owner?: string;
  /** How long a claim holds an entry; longer than an attempt (requestTimeoutMs) and its outcome's write. */
  claimLeaseMs?: number;
  /** Signs every request; never logged. */
  secret: string;
  /** DubDesk's version, sent as `User-Agent: DubDesk/<version>`. */
  version: string;
  /** Which addresses a callback may connect to (docs/api.md "Inputs fetched over http(s)": the same rules as fetched inputs). */
  connectGuard?: ConnectGuard;
  now?: () => number;
  random?: () => number;
  log?: CallbackLog;
  requestTimeoutMs?: number;
  pollIntervalMs?: number;
  /** Deliveries at once, each to a different task. */
  concurrency?: number;
  /** How long stop() lets in-flight deliveries finish before aborting them. */
  stopGraceMs?: number;
}

export interface CallbackDeliverer {
  /** Starts the background loop: polls every pollIntervalMs, and at once after kick() or a finished delivery. */
  start(): void;
  /** Stops the loop, waits for in-flight deliveries (aborting them after the grace); aborted ones stay pending, unclaimed. */
  stop(): Promise<void>;
  /** Wakes the loop now; call after the transaction that enqueued a callback. */
  kick(): void;
  /** One pass: attempts every due entry that has a free slot and waits for them; returns how many were attempted. */
  deliverDue(): Promise<number>;
}

export function createCallbackDeliverer(options: CallbackDelivererOptions): CallbackDeliverer {
  const {
    outbox,
    owner = newId(),
    secret,
    version,
    connectGuard = {},
    now = Date.now,
    random = Math.random,
    log = () => {},
    requestTimeoutMs = 10_000,
    pollIntervalMs = 250,
    concurrency = 4,
    stopGraceMs = 5_000,
  } = options;
  const claimLeaseMs = options.claimLeaseMs ?? requestTimeoutMs + 60_000;
  if (!secret) throw new Error('A webhook signing secret is required.');
  // A claim that ran out mid-attempt would let another node send the same callback at the same time.
  if (claimLeaseMs <= requestTimeoutMs) throw new Error('claimLeaseMs must be longer than requestTimeoutMs.');
  const userAgent = `DubDesk/${version}`;
  const inFlight = new Map<string, Promise<void>>();
  const inFlightIds = new Set<number>();
  const stopController = new AbortController();
  let stopping = false;
  let loop: Promise<void> | null = null;
  let stopped: Promise<void> | null = null;
  let lastLoopError = '';
  const pause = createPollSleep(() => stopping);
  const kick = () => pause.wake();
  const attemptOptions = { secret, userAgent, connectGuard, now, requestTimeoutMs, stopSignal: stopController.signal };

  async function pump(): Promise<Promise<void>[]> {
    if (stopping) return [];
    const free = concurrency - inFlight.size;
    if (free <= 0) return [];
    // A task in flight holds a live claim on its head, so the claim passes it by (and every later entry of it).
    const claimed = await outbox.claimDue(owner, now(), claimLeaseMs, free);
    const due: OutboxEntry[] = [];
    for (const entry of claimed) {
      // Our own attempt's claim ran out and we took the entry again: that attempt, still running, records it.
      if (inFlightIds.has(entry.id)) continue;
      // The task's previous entry is recorded but its delivery is still ending (it kicks the next pass when it has).
      if (stopping || inFlight.has(entry.taskId)) await outbox.release(entry.id, owner);
      else due.push(entry);
    }
    return due.map((entry) => {
      const delivery = deliver(entry).finally(() => {
        inFlight.delete(entry.taskId);
        inFlightIds.delete(entry.id);
        // The task's next event may be waiting behind this one.
        kick();
      });
      inFlight.set(entry.taskId, delivery);
      inFlightIds.add(entry.id);
      return delivery;
    });
  }

  async function deliver(entry: OutboxEntry): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await attemptCallback(entry, attemptOptions);
    } catch (error) {
      if (error instanceof Interrupted) {
        // Left pending and unclaimed: sent again after the restart, or at once by another node.
        await outbox.release(entry.id, owner).catch(() => {});
        return;
      }
      outcome = { ok: false, error: errorMessage(error) };
    }
    await recordOutcome(entry, outcome, { outbox, owner, now, random, log });
  }

  async function run(): Promise<void> {
    while (!stopping) {
      try {
        // The deliveries started run on; each one wakes the loop when it ends (kick).
        void (await pump());
        lastLoopError = '';
      } catch (error) {
        const message = errorMessage(error);
        // A broken database would otherwise log the same line four times a second.
        if (message !== lastLoopError) log('error', `Callback delivery loop: ${message}`);
        lastLoopError = message;
      }
      await pause.sleep(pollIntervalMs);
    }
  }

  return {
    start() {
      if (stopping) throw new Error('This callback deliverer was stopped; create a new one.');
      loop ??= run();
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        pause.interrupt();
        await loop;
        if (inFlight.size > 0) {
          let graceTimer: NodeJS.Timeout | undefined;
          const grace = new Promise<void>((resolve) => {
            graceTimer = setTimeout(resolve, stopGraceMs);
          });
          await Promise.race([Promise.all(inFlight.values()), grace]);
          clearTimeout(graceTimer);
          stopController.abort();
          await Promise.all(inFlight.values());
        }
      })();
      return stopped;
    },
    kick,
    async deliverDue() {
      const started = await pump();
      await Promise.all(started);
      return started.length;
    },
  };
}
