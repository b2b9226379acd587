// Retry timing of webhook deliveries (docs/api.md "Callbacks"): first retry after 1 s, doubling,
// capped at 10 minutes, given up 24 h after the event was created. Pure: callers pass the clock and randomness.

import { backoffDelayMs } from '../backoff.js';

export const FIRST_RETRY_MS = 1_000;
export const MAX_RETRY_DELAY_MS = 10 * 60_000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** Delay before the next attempt after `failedAttempts` (>= 1) failures: 1-2 s, 2-4 s, ... at most 10 min. */
export function nextDelayMs(failedAttempts: number, random: () => number = Math.random): number {
  return backoffDelayMs(failedAttempts, { firstMs: FIRST_RETRY_MS, capMs: MAX_RETRY_DELAY_MS }, random);
}

/** True once an event created at `createdAt` (ms) is 24 h old at `now` (ms): stop retrying it. */
export function shouldGiveUp(createdAt: number, now: number): boolean {
  return now - createdAt >= GIVE_UP_AFTER_MS;
}
