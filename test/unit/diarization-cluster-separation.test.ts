// The merge rule of the built-in speaker clustering (cluster-separation.ts) on points made by code, and the
// uncertainty it reports carried to media seconds (diarize-input.ts).
import { describe, expect, it } from 'vitest';
import { mergeUnseparated, SEPARATION_MARGIN } from '../../src/main/engines/diarization/cluster-separation.js';
import { layOut, mapTurnsBack, uncertainSpans } from '../../src/main/dubbing/diarize-input.js';

const squared = (points: number[]) => (i: number, j: number) => (points[i] - points[j]) ** 2;
const options = { floorVariance: 1, minClusters: 1, maxClusters: 4 };

describe('merging clusters whose voices are not reliably apart', () => {
  it('keeps two tight groups far apart, and reports no doubt', () => {
    const points = [0, 0.5, -0.5, 20, 20.5, 19.5];
    expect(mergeUnseparated([0, 0, 0, 1, 1, 1], squared(points), options)).toEqual({
      labels: [0, 0, 0, 1, 1, 1],
      uncertain: [],
    });
  });

  it('merges two lines closer than the margin in spreads of one speaker, and calls it uncertain only near the margin', () => {
    const margin = Math.sqrt(SEPARATION_MARGIN);
    expect(mergeUnseparated([0, 1], squared([0, 0.5]), options)).toEqual({ labels: [0, 0], uncertain: [] });
    const near = mergeUnseparated([0, 1], squared([0, margin * 0.9]), options);
    expect(near.labels).toEqual([0, 0]);
    expect(near.uncertain).toEqual([{ items: [0], ratio: expect.closeTo(0.81 * SEPARATION_MARGIN, 6), merged: true }]);
    const kept = mergeUnseparated([0, 1], squared([0, margin * 1.1]), options);
    expect(kept.labels).toEqual([0, 1]);
    expect(kept.uncertain).toEqual([{ items: [0], ratio: expect.closeTo(1.21 * SEPARATION_MARGIN, 6), merged: false }]);
  });

  it('judges the distance against the spread measured within the clusters, not only the floor', () => {
    // Centres 6 apart: far for lines that scatter by 1, not for lines that scatter by 5.
    expect(mergeUnseparated([0, 0, 1, 1], squared([-1, 1, 5, 7]), options).labels).toEqual([0, 0, 1, 1]);
    expect(mergeUnseparated([0, 0, 1, 1], squared([-5, 5, 1, 11]), options).labels).toEqual([0, 0, 0, 0]);
  });

  it('keeps within the asked number of speakers', () => {
    expect(mergeUnseparated([0, 1], squared([0, 0.1]), { ...options, minClusters: 2 }).labels).toEqual([0, 1]);
    expect(mergeUnseparated([0, 1, 2], squared([0, 1, 1000]), { ...options, maxClusters: 2 }).labels).toEqual([
      0, 0, 1,
    ]);
  });
});

describe('uncertain speakers on the media timeline', () => {
  it('carries the reason through the compact track and gives media seconds', () => {
    const layout = layOut(
      [
        { startMs: 10_000, endMs: 12_000 },
        { startMs: 30_000, endMs: 31_000 },
      ],
      300,
    );
    const turns = mapTurnsBack(
      [
        { startMs: 0, endMs: 2000, speaker: 'speaker_0' },
        { startMs: 2300, endMs: 3300, speaker: 'speaker_0', uncertain: 'may be another person' },
      ],
      layout,
    );
    expect(uncertainSpans(turns)).toEqual([{ start: 30, end: 31, detail: 'may be another person' }]);
  });
});
