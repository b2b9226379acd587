// One attempt at a callback: a signed POST to its URL, checked against the address rules before connecting, and
// the answer read as an outcome (delivered, failed for now, or failed for good).
import http, { type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { AddressRefusedError, checkLiteralHost, guardedLookup, type ConnectGuard } from '../../files/guarded-lookup.js';
import type { OutboxEntry } from '../../store/callback-outbox-repository.js';
import { errorMessage } from './error-message.js';
import { SIGNATURE_HEADER, signPayload } from './signature.js';

export type Outcome = { ok: true } | { ok: false; error: string; permanent?: boolean };

/** The attempt was cut short by the deliverer stopping: it has no outcome. */
export class Interrupted extends Error {}

export interface AttemptOptions {
  secret: string;
  userAgent: string;
  connectGuard: ConnectGuard;
  now: () => number;
  requestTimeoutMs: number;
  /** Aborted when the deliverer stops: an attempt it cuts short throws Interrupted. */
  stopSignal: AbortSignal;
}

/** Attempts the delivery of `entry` once. */
export async function attemptCallback(entry: OutboxEntry, options: AttemptOptions): Promise<Outcome> {
  const { secret, userAgent, connectGuard, now, requestTimeoutMs, stopSignal } = options;
  if (!isHttpUrl(entry.url)) return { ok: false, error: 'callback_url is not an http(s) URL', permanent: true };
  // Signed at each attempt, so a receiver's replay window applies to the attempt, not the event.
  const signature = signPayload(secret, entry.body, Math.floor(now() / 1000));
  const signal = AbortSignal.any([stopSignal, AbortSignal.timeout(requestTimeoutMs)]);
  let status: number;
  try {
    status = await post(
      new URL(entry.url),
      {
        'Content-Type': 'application/json',
        'User-Agent': userAgent,
        'X-DubDesk-Event-Id': entry.eventId,
        [SIGNATURE_HEADER]: signature,
      },
      entry.body,
      signal,
      connectGuard,
    );
  } catch (error) {
    if (stopSignal.aborted) throw new Interrupted();
    if (signal.aborted) return { ok: false, error: `no response within ${requestTimeoutMs} ms` };
    // The address will not change its range by waiting: give up on this delivery now.
    if (error instanceof AddressRefusedError)
      return { ok: false, error: `refused to connect: ${error.message}`, permanent: true };
    return { ok: false, error: errorMessage(error) };
  }
  if (status >= 200 && status < 300) return { ok: true };
  // A redirect could carry a signed body to a host the user never named, so it is never followed.
  if (status >= 300 && status < 400)
    return { ok: false, error: `HTTP ${status} redirect (redirects are not followed)` };
  return { ok: false, error: `HTTP ${status}` };
}

/** POSTs the body and resolves with the status; the address is checked before connecting, the answer is dropped. */
function post(
  url: URL,
  headers: OutgoingHttpHeaders,
  body: string,
  signal: AbortSignal,
  guard: ConnectGuard,
): Promise<number> {
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
