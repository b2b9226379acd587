import { describe, expect, it } from 'vitest';
import {
  GIVE_UP_AFTER_MS,
  MAX_RETRY_DELAY_MS,
  nextDelayMs,
  shouldGiveUp,
} from '../../src/main/queue/callbacks/backoff.js';

describe('callback retry backoff', () => {
  it('waits 1 s before the first retry and doubles after each failure (lowest jitter)', () => {
    const delays = [1, 2, 3, 4, 5].map((n) => nextDelayMs(n, () => 0));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('spreads each retry over [nominal, 2 x nominal] with equal jitter', () => {
    expect(nextDelayMs(1, () => 0.5)).toBe(1_500);
    expect(nextDelayMs(1, () => 1)).toBe(2_000);
    expect(nextDelayMs(3, () => 0.25)).toBe(5_000);
  });

  it('never waits longer than 10 minutes, however many attempts failed', () => {
    for (const attempts of [10, 11, 20, 100, 10_000]) {
      expect(nextDelayMs(attempts, () => 1)).toBe(MAX_RETRY_DELAY_MS);
      expect(nextDelayMs(attempts, () => 0)).toBe(MAX_RETRY_DELAY_MS / 2);
    }
  });

  it('gives up only once the event is 24 h old', () => {
    const created = 1_000_000;
    expect(shouldGiveUp(created, created + GIVE_UP_AFTER_MS - 1)).toBe(false);
    expect(shouldGiveUp(created, created + GIVE_UP_AFTER_MS)).toBe(true);
    expect(GIVE_UP_AFTER_MS).toBe(24 * 3600 * 1000);
  });
});
