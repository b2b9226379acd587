import { describe, expect, it } from 'vitest';
import { fitLine, lineRoomMs } from '../../src/main/projects/line-fit.js';
import { planDubTiming, roomPerLineMs } from '../../src/main/dubbing/timing-plan.js';
import { MAX_RATE_BOOST } from '../../src/main/pipelines/translate/synthesize-stage.js';

const lines = [
  { startMs: 0, endMs: 2000 },
  { startMs: 3000, endMs: 4000 },
  { startMs: 4000, endMs: 5000 },
  { startMs: 6000, endMs: 7000 },
];

describe('lineRoomMs', () => {
  it('runs to the next line less the job gap, the whole cue when lines abut, and to the media end for the last', () => {
    expect(lineRoomMs(lines, 0, 10000)).toBe(2900);
    expect(lineRoomMs(lines, 1, 10000)).toBe(1000);
    expect(lineRoomMs(lines, 2, 10000)).toBe(1900);
    expect(lineRoomMs(lines, 3, 10000)).toBe(4000);
  });

  it('agrees with the job plan for every line', () => {
    const cues = lines.map((line, index) => ({ index, ...line }));
    expect(lines.map((_, i) => lineRoomMs(lines, i, 8000))).toEqual(roomPerLineMs(cues, 8000));
  });

  it('refuses an index outside the lines', () => {
    expect(() => lineRoomMs(lines, 4, 10000)).toThrow(RangeError);
    expect(() => lineRoomMs(lines, -1, 10000)).toThrow(RangeError);
  });
});

describe('fitLine', () => {
  it('leaves a line that fits at normal rate and no stretch', () => {
    expect(fitLine({ speechMs: 1500, roomMs: 2000, maxStretch: 1.3 })).toEqual({ rate: 1, stretch: 1, tooLong: false });
  });

  it('speeds the voice up first, then stretches', () => {
    const onlyRate = fitLine({ speechMs: 2200, roomMs: 2000, maxStretch: 1.3, maxRateBoost: MAX_RATE_BOOST });
    expect(onlyRate.rate).toBeCloseTo(1.1);
    expect(onlyRate.stretch).toBe(1);
    expect(onlyRate.tooLong).toBe(false);
    const both = fitLine({ speechMs: 3000, roomMs: 2000, maxStretch: 1.3, maxRateBoost: MAX_RATE_BOOST });
    expect(both.rate).toBeCloseTo(1.25);
    expect(both.stretch).toBeCloseTo(1.2);
    expect(both.tooLong).toBe(false);
  });

  it('says too long past the stretch cap', () => {
    const fit = fitLine({ speechMs: 4000, roomMs: 2000, maxStretch: 1.3, maxRateBoost: 1.25 });
    expect(fit.rate).toBeCloseTo(1.25);
    expect(fit.stretch).toBeCloseTo(1.6);
    expect(fit.tooLong).toBe(true);
  });

  it('decides only the stretch for a clip already spoken at a rate', () => {
    const fit = fitLine({ speechMs: 2300, roomMs: 2000, maxStretch: 1.3, synthesizedRate: 1.25 });
    expect(fit.rate).toBe(1.25);
    expect(fit.stretch).toBeCloseTo(1.15);
  });

  it('matches the job plan for a lone line', () => {
    for (const speechMs of [500, 2100, 2600, 3100, 5000]) {
      const planned = planDubTiming(
        { cues: [{ index: 1, startMs: 0, endMs: 2000 }], speechMs: [speechMs], mediaDurationMs: 2000 },
        { maxStretch: 1.3, maxRateBoost: MAX_RATE_BOOST },
      ).lines[0]!;
      const fit = fitLine({ speechMs, roomMs: 2000, maxStretch: 1.3, maxRateBoost: MAX_RATE_BOOST });
      expect(fit).toEqual({
        rate: planned.rate,
        stretch: planned.stretch,
        tooLong: planned.overCap || planned.tooFast,
      });
    }
  });
});
