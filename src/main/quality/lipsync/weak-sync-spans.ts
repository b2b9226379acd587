// Review items where the mouth does not follow the speech: windows of a few seconds in which the audio speaks and
// the mouth opening correlates weakly with its loudness, merged into spans (pure).
import type { ReviewItem } from '../../../shared/schemas/quality.js';
import { toDb } from '../../media/dsp/envelope.js';
import { pearson } from './correlation.js';
import type { MouthSample } from './mouth-samples.js';

/** The thresholds docs/api.md "Lip-sync quality" documents. */
export const WEAK_SYNC = {
  /** Window length and step, seconds: a window of a long result holds 10 frames read. */
  windowSec: 10,
  hopSec: 5,
  /**
   * A window is weak below this correlation of opening and loudness: on 10 frames a good result (about 0.75) falls
   * below it about once in 100 windows, a mouth unrelated to the sound (about 0) more than half the time, one that
   * moves against it nearly always.
   */
  below: 0.1,
  /** A frame whose audio is at least this loud (RMS, dBFS) is speaking. */
  speakingDbfs: -40,
  /** A window is judged when at least this share of its frames with a face speak... */
  minSpeakingShare: 0.25,
  /** ...and it holds at least this many frames with a face (fewer make a correlation too noisy to judge). */
  minFrames: 8,
} as const;

interface WeakWindow {
  start: number;
  end: number;
  correlation: number;
}

/** One `weak_sync` item per run of overlapping weak windows. */
export function weakSyncItems(samples: readonly MouthSample[], durationSec: number): ReviewItem[] {
  const weak = windows(durationSec).flatMap(([start, end]): WeakWindow[] => {
    const inside = samples.filter(
      (sample) => sample.opening !== null && sample.timeSec >= start && sample.timeSec < end,
    );
    const speaking = inside.filter((sample) => toDb(sample.loudness) >= WEAK_SYNC.speakingDbfs).length;
    if (inside.length < WEAK_SYNC.minFrames || speaking < inside.length * WEAK_SYNC.minSpeakingShare) return [];
    // A mouth that does not move at all under speech does not follow it: no correlation is 0.
    const correlation = pearson(
      inside.map((sample) => sample.opening!),
      inside.map((sample) => sample.loudness),
    );
    const score = Number.isNaN(correlation) ? 0 : correlation;
    return score < WEAK_SYNC.below ? [{ start, end, correlation: score }] : [];
  });
  return merge(weak).map((span) => ({
    start: round(span.start),
    end: round(span.end),
    reasons: ['weak_sync'],
    detail:
      `The mouth does not follow the speech here: its opening ` +
      `correlates ${span.correlation.toFixed(2)} with the loudness (below ${WEAK_SYNC.below}).`,
  }));
}

/** Windows of windowSec every hopSec; the last one ends at the result's end (one window when it is shorter). */
function windows(durationSec: number): Array<[number, number]> {
  const { windowSec, hopSec } = WEAK_SYNC;
  if (durationSec <= windowSec) return [[0, durationSec]];
  const all: Array<[number, number]> = [];
  for (let start = 0; start + windowSec < durationSec; start += hopSec) all.push([start, start + windowSec]);
  all.push([durationSec - windowSec, durationSec]);
  return all;
}

/** Overlapping weak windows as one span, reporting the weakest correlation in it. */
function merge(weak: readonly WeakWindow[]): WeakWindow[] {
  const spans: WeakWindow[] = [];
  for (const window of weak) {
    const last = spans[spans.length - 1];
    if (last && window.start <= last.end) {
      last.end = Math.max(last.end, window.end);
      last.correlation = Math.min(last.correlation, window.correlation);
    } else spans.push({ ...window });
  }
  return spans;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
