import { createHmac, timingSafeEqual } from 'node:crypto';

// Webhook signatures (docs/api.md "Callbacks"): `t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
// Pure: no clock, no I/O; exported so receivers (and tests) verify exactly what the sender signs.

export const SIGNATURE_HEADER = 'X-DubDesk-Signature';
export const DEFAULT_TOLERANCE_SEC = 300;

export type RawBody = string | Uint8Array;

/** The X-DubDesk-Signature header value for `body` signed at `unixTs` (whole seconds). */
export function signPayload(secret: string, body: RawBody, unixTs: number): string {
  if (!Number.isInteger(unixTs) || unixTs < 0)
    throw new RangeError(`unixTs must be a whole number of seconds, got ${unixTs}`);
  return `t=${unixTs},v1=${hmacHex(secret, unixTs, body)}`;
}

export interface ParsedSignature {
  timestamp: number;
  /** Every v1 value present; more than one lets a sender sign with an old and a new secret while rotating. */
  v1: string[];
}

/** Splits a header into its timestamp and v1 signatures; null when it is not of the documented shape. */
export function parseSignatureHeader(header: string): ParsedSignature | null {
  let timestamp: number | null = null;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return null;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't') {
      if (!/^\d{1,15}$/.test(value)) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/i.test(value)) return null;
      v1.push(value.toLowerCase());
    }
    // Unknown schemes are ignored, so a later v2 can be added without breaking v1 receivers.
  }
  if (timestamp === null || v1.length === 0) return null;
  return { timestamp, v1 };
}

export interface VerifyOptions {
  /** How far (seconds) the signed time may be from `now`; replays older than this fail. */
  toleranceSec?: number;
  /** Current time in milliseconds since the epoch (as Date.now()). */
  now?: number;
}

/** True when `header` is a valid signature of `body` with `secret`, made within the tolerance of `now`. */
export function verifySignature(
  secret: string,
  header: string | null | undefined,
  body: RawBody,
  options: VerifyOptions = {},
): boolean {
  if (!header) return false;
  const parsed = parseSignatureHeader(header);
  if (!parsed) return false;
  const toleranceSec = options.toleranceSec ?? DEFAULT_TOLERANCE_SEC;
  const nowSec = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSec - parsed.timestamp) > toleranceSec) return false;
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, body), 'hex');
  // Compare every candidate without stopping early, so timing does not tell which one matched.
  let matched = false;
  for (const candidate of parsed.v1) {
    if (timingSafeEqual(expected, Buffer.from(candidate, 'hex'))) matched = true;
  }
  return matched;
}

function hmacHex(secret: string, unixTs: number, body: RawBody): string {
  return createHmac('sha256', secret).update(`${unixTs}.`).update(body).digest('hex');
}
