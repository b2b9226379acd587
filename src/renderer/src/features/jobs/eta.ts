// Pure: time left of a running task, from how fast its progress moved recently (server timestamps).

export interface ProgressSample {
  /** ms since epoch (the record's updated_at). */
  at: number;
  progress: number;
}

/** Recent samples decide the rate: a stage that speeds up or slows down is followed within this window. */
const WINDOW_MS = 60_000;
/** Below this much history, or this much movement, a guess would jump around too much to help. */
const MIN_SPAN_MS = 3_000;
const MIN_DELTA = 0.005;
/** Samples kept per task. */
export const MAX_SAMPLES = 120;

/** The samples with `sample` added: older than the window dropped, a progress that went back restarts them. */
export function addSample(samples: readonly ProgressSample[], sample: ProgressSample): ProgressSample[] {
  const last = samples[samples.length - 1];
  if (last && (sample.at < last.at || sample.progress < last.progress)) return [sample];
  if (last && sample.at === last.at) return [...samples.slice(0, -1), sample];
  const kept = samples.filter((s) => sample.at - s.at <= WINDOW_MS);
  kept.push(sample);
  return kept.length > MAX_SAMPLES ? kept.slice(kept.length - MAX_SAMPLES) : kept;
}

/** Milliseconds left, or undefined when there is not enough history to say. */
export function estimateRemainingMs(samples: readonly ProgressSample[]): number | undefined {
  if (samples.length < 2) return undefined;
  const first = samples[0];
  const last = samples[samples.length - 1];
  const span = last.at - first.at;
  const delta = last.progress - first.progress;
  if (span < MIN_SPAN_MS || delta < MIN_DELTA) return undefined;
  const rate = delta / span;
  return Math.max(0, (1 - last.progress) / rate);
}

/** "about 3 min left", "less than 10 s left". */
export function formatRemaining(ms: number | undefined): string | undefined {
  if (ms === undefined) return undefined;
  const seconds = Math.round(ms / 1000);
  if (seconds < 10) return 'less than 10 s left';
  if (seconds < 60) return `about ${Math.round(seconds / 5) * 5} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h ${minutes % 60} min left`;
}
