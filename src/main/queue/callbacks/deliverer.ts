import http, { type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { AddressRefusedError, checkLiteralHost, guardedLookup, type ConnectGuard } from '../../files/guarded-lookup.js';
import { newId } from '../../ids.js';
import { nextDelayMs, shouldGiveUp } from './backoff.js';
import type { CallbackOutbox, OutboxEntry } from '../../store/callback-outbox-repository.js';
import { SIGNATURE_HEADER, signPayload } from './signature.js';

// Sends the outbox's callbacks (docs/api.md "Callbacks"): at least once, in order per task,
// retried with backoff until a 2xx or 24 h. Several services may share one database, so each entry is
// claimed for a lease longer than an attempt, and its outcome recorded only while the claim is still ours.

export type CallbackLog = (level: 'info' | 'warn' | 'error', message: string) => void;

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

type Outcome = { ok: true } | { ok: false; error: string; permanent?: boolean };

class Interrupted extends Error {}

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
  let wakeUp: (() => void) | null = null;
  let woken = false;
  let lastLoopError = '';

  function kick(): void {
    woken = true;
    wakeUp?.();
  }

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
    const target = describeTarget(entry);
    let outcome: Outcome;
    try {
      outcome = await attempt(entry);
    } catch (error) {
      if (error instanceof Interrupted) {
        // Left pending and unclaimed: sent again after the restart, or at once by another node.
        await outbox.release(entry.id, owner).catch(() => {});
        return;
      }
      outcome = { ok: false, error: errorMessage(error) };
    }
    try {
      const at = now();
      // A false mark is a lost claim: it ran out and another deliverer took the entry, whose outcome is now its own.
      if (outcome.ok) {
        if (!(await outbox.markDelivered(entry.id, owner, at))) lostClaim(target);
        return;
      }
      const attempts = entry.attempts + 1;
      if (outcome.permanent || shouldGiveUp(entry.createdAt, at)) {
        if (await outbox.markGivenUp(entry.id, owner, { attempts, now: at, error: outcome.error })) {
          log('error', `Gave up on callback ${target} after ${attempts} attempt(s): ${outcome.error}`);
        } else lostClaim(target);
        return;
      }
      const delay = nextDelayMs(attempts, random);
      if (!(await outbox.markFailed(entry.id, owner, { attempts, nextAttemptAt: at + delay, error: outcome.error }))) {
        lostClaim(target);
        return;
      }
      log('warn', `Callback ${target} failed (attempt ${attempts}): ${outcome.error}; retrying in ${Math.ceil(delay / 1000)} s`);
    } catch (error) {
      log('error', `Could not record the outcome of callback ${target}: ${errorMessage(error)}`);
    }
  }

  function lostClaim(target: string): void {
    log('warn', `Callback ${target}: its claim ran out during the attempt and another deliverer owns it now; this outcome is not recorded`);
  }

  async function attempt(entry: OutboxEntry): Promise<Outcome> {
    if (!isHttpUrl(entry.url)) return { ok: false, error: 'callback_url is not an http(s) URL', permanent: true };
    // Signed at each attempt, so a receiver's replay window applies to the attempt, not the event.
    const signature = signPayload(secret, entry.body, Math.floor(now() / 1000));
    const signal = AbortSignal.any([stopController.signal, AbortSignal.timeout(requestTimeoutMs)]);
    let status: number;
    try {
      status = await post(new URL(entry.url), {
        'Content-Type': 'application/json',
        'User-Agent': userAgent,
        'X-DubDesk-Event-Id': entry.eventId,
        [SIGNATURE_HEADER]: signature,
      }, entry.body, signal, connectGuard);
    } catch (error) {
      if (stopController.signal.aborted) throw new Interrupted();
      if (signal.aborted) return { ok: false, error: `no response within ${requestTimeoutMs} ms` };
      // The address will not change its range by waiting: give up on this delivery now.
      if (error instanceof AddressRefusedError) return { ok: false, error: `refused to connect: ${error.message}`, permanent: true };
      return { ok: false, error: errorMessage(error) };
    }
    if (status >= 200 && status < 300) return { ok: true };
    // A redirect could carry a signed body to a host the user never named, so it is never followed.
    if (status >= 300 && status < 400) return { ok: false, error: `HTTP ${status} redirect (redirects are not followed)` };
    return { ok: false, error: `HTTP ${status}` };
  }

  function sleep(ms: number): Promise<void> {
    if (woken || stopping) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakeUp = null;
        woken = false;
        resolve();
      };
      // The server or CLI owns the process's lifetime, not this poller.
      const timer = setTimeout(done, ms);
      timer.unref();
      wakeUp = done;
    });
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
      await sleep(pollIntervalMs);
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
        wakeUp?.();
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

/** POSTs the body and resolves with the status; the address is checked before connecting, the answer is dropped. */
function post(url: URL, headers: OutgoingHttpHeaders, body: string, signal: AbortSignal, guard: ConnectGuard): Promise<number> {
  return new Promise((resolve, reject) => {
    checkLiteralHost(url, guard.policy);
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      signal,
      lookup: guardedLookup(guard),
    });
    request.once('response', (response) => {
      // The receiver's answer is not used, and an endless one must not hold the delivery: drop it.
      response.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.once('error', reject);
    request.end(body);
  });
}

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
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

function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  if (code && !error.message.includes(code)) return `${error.message} (${code})`;
  const cause = error.cause as { code?: string; message?: string } | undefined;
  const detail = cause?.code ?? cause?.message;
  return detail ? `${error.message} (${detail})` : error.message;
}
