import { describe, expect, it } from 'vitest';
import { referenceFrameFor, scheduleRuns } from '../../src/main/engines/lipsync/frame-schedule.js';

describe('reference frame schedule', () => {
  it('cuts a reference longer than the audio', () => {
    expect([0, 1, 2, 3].map((i) => referenceFrameFor(i, 10))).toEqual([0, 1, 2, 3]);
    expect(scheduleRuns(4, 10)).toEqual([{ outputStart: 0, from: 0, to: 3 }]);
  });

  it('plays a short reference forward and backward without repeating the turning frames', () => {
    expect(Array.from({ length: 10 }, (_, i) => referenceFrameFor(i, 4))).toEqual([0, 1, 2, 3, 2, 1, 0, 1, 2, 3]);
    expect(scheduleRuns(10, 4)).toEqual([
      { outputStart: 0, from: 0, to: 3 },
      { outputStart: 4, from: 2, to: 0 },
      { outputStart: 7, from: 1, to: 3 },
    ]);
  });

  it('shows a single frame (a still) for every output frame', () => {
    expect(scheduleRuns(5, 1)).toEqual([{ outputStart: 0, from: 0, to: 0 }]);
    expect(referenceFrameFor(7, 1)).toBe(0);
  });

  it('covers every output frame exactly once', () => {
    for (const [outputs, refs] of [
      [100, 7],
      [3, 2],
      [50, 50],
      [1, 1],
    ]) {
      const runs = scheduleRuns(outputs!, refs!);
      let covered = 0;
      for (const run of runs) covered += refs === 1 ? outputs! : Math.abs(run.to - run.from) + 1;
      expect(covered).toBe(outputs);
    }
  });
});
