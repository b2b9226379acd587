// Exponential backoff with equal jitter, written once for job retries and webhook deliveries.

export interface BackoffPolicy {
  firstMs: number;
  capMs: number;
}

/**
 * Delay before attempt n+1 after n (>= 1) failures: between half and all of min(cap, first * 2^n),
 * so retry 1 waits first..2*first, retries that failed together spread out, and none waits past the cap.
 */
export function backoffDelayMs(failures: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const n = Math.max(1, Math.floor(failures));
  const window = Math.min(policy.capMs, policy.firstMs * 2 ** Math.min(n, 30));
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(window / 2 + r * (window / 2));
}

/** Jobs: a failed stage is retried after 5-10 s, then 10-20 s, ... at most 5 minutes apart. */
export const JOB_RETRY_POLICY: BackoffPolicy = { firstMs: 5_000, capMs: 5 * 60_000 };

export function jobRetryDelayMs(failures: number): number {
  return backoffDelayMs(failures, JOB_RETRY_POLICY);
}
