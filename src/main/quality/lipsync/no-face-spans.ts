// Review items where the result shows no face: runs of read frames without one, merged into spans (pure).
import type { ReviewItem } from '../../../shared/schemas/quality.js';
import type { MouthSample } from './mouth-samples.js';

/** Shorter gaps are not reported: a face lost for a blink of the detector is no place to look at (docs/api.md). */
export const NO_FACE_MIN_SEC = 0.5;

/**
 * One `no_face` item per run of read frames without a face lasting NO_FACE_MIN_SEC or more. A run reaches halfway to
 * the read frames on either side that have a face (or to the result's start and end).
 */
export function noFaceItems(samples: readonly MouthSample[], durationSec: number): ReviewItem[] {
  const items: ReviewItem[] = [];
  let first = -1;
  samples.forEach((sample, index) => {
    if (sample.opening === null) {
      if (first < 0) first = index;
      const next = samples[index + 1];
      if (next && next.opening === null) return;
      const start = first === 0 ? 0 : (samples[first - 1]!.timeSec + samples[first]!.timeSec) / 2;
      const end = next ? (sample.timeSec + next.timeSec) / 2 : durationSec;
      const frames = index - first + 1;
      if (end - start >= NO_FACE_MIN_SEC) {
        items.push({
          start: round(start),
          end: round(end),
          reasons: ['no_face'],
          detail:
            `No face on the ${frames} frame${frames === 1 ? '' : 's'} checked ` +
            `from ${start.toFixed(1)} s to ${end.toFixed(1)} s: the mouth there is not lip-synced.`,
        });
      }
      first = -1;
    }
  });
  return items;
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
