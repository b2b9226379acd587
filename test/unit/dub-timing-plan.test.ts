import { describe, expect, it } from 'vitest';
import {
  planDubTiming,
  TIMING_DEFAULTS,
  type TimingCue,
  type TimingOptions,
} from '../../src/main/dubbing/timing-plan.js';

const cue = (index: number, startMs: number, endMs: number): TimingCue => ({ index, startMs, endMs });

/** Deterministic pseudo-random numbers, so a failing case can be replayed from its seed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function randomCase(seed: number) {
  const next = random(seed);
  const cues: TimingCue[] = [];
  const speechMs: number[] = [];
  let at = Math.round(next() * 2000);
  const count = 1 + Math.floor(next() * 40);
  for (let i = 0; i < count; i++) {
    const length = 300 + Math.round(next() * 4700);
    cues.push(cue(i + 1, at, at + length));
    // From very short lines to ones three times too long for their cue.
    speechMs.push(Math.round(length * (0.3 + next() * 2.7)));
    // A quarter of the cues abut the next one, as chained subtitles do.
    at += length + (next() < 0.25 ? 0 : Math.round(next() * 2500));
  }
  const options: TimingOptions = {
    maxStretch: 1 + next() * 0.5,
    maxRateBoost: 1 + next() * 0.4,
    minGapMs: Math.round(next() * 200),
    alignVideo: next() < 0.5,
  };
  return { cues, speechMs, mediaDurationMs: at + Math.round(next() * 3000), options };
}

describe('planDubTiming properties (500 random subtitle files)', () => {
  for (let seed = 1; seed <= 500; seed++) {
    const c = randomCase(seed);
    const o = { ...TIMING_DEFAULTS, ...c.options };
    const plan = planDubTiming({ cues: c.cues, speechMs: c.speechMs, mediaDurationMs: c.mediaDurationMs }, c.options);

    it(`seed ${seed}: every line starts exactly at its cue, never overlaps the next, and factors stay within caps unless flagged`, () => {
      plan.lines.forEach((line, i) => {
        const source = c.cues[i];
        expect(line.placedStartMs).toBeCloseTo(plan.toOutputMs(source.startMs), 6);
        if (!o.alignVideo) expect(line.placedStartMs).toBe(source.startMs);
        expect(line.placedEndMs).toBeLessThanOrEqual(line.limitEndMs + 1e-6);
        const next = plan.lines[i + 1];
        if (next) {
          // The gap is kept wherever the subtitles leave one.
          const gap = Math.min(o.minGapMs, Math.max(0, c.cues[i + 1].startMs - source.endMs));
          expect(line.placedEndMs + gap).toBeLessThanOrEqual(next.placedStartMs + 1e-6);
        } else {
          expect(line.placedEndMs).toBeLessThanOrEqual(plan.outputDurationMs + 1e-6);
        }
        // What plays is exactly the synthesized speech after rate and stretch.
        expect(line.placedEndMs - line.placedStartMs).toBeCloseTo(c.speechMs[i] / line.rate / line.stretch, 6);
        expect(line.rate).toBeGreaterThanOrEqual(1);
        expect(line.rate).toBeLessThanOrEqual(o.maxRateBoost + 1e-9);
        expect(line.stretch).toBeGreaterThanOrEqual(1);
        if (line.stretch > 1) expect(line.rate).toBeCloseTo(o.maxRateBoost, 9); // rate first, then stretch
        if (o.alignVideo) {
          expect(line.overCap).toBe(false);
          expect(line.stretch).toBeLessThanOrEqual(o.maxStretch + 1e-3);
        } else {
          expect(line.videoSlowdown).toBeUndefined();
          expect(line.stretch <= o.maxStretch + 1e-3 || line.overCap).toBe(true);
        }
        if (line.overCap) {
          expect(line.placedEndMs).toBeCloseTo(line.limitEndMs, 3);
          expect(
            plan.summary.lines.some((text) =>
              text.startsWith(`warning: cue ${line.index} needs a ${line.stretch.toFixed(2)}x stretch`),
            ),
          ).toBe(true);
        }
      });
      expect(plan.outputDurationMs).toBeCloseTo(c.mediaDurationMs + plan.summary.addedMs, 6);
      expect(plan.summary.overCapCount).toBe(plan.lines.filter((line) => line.overCap).length);
    });
  }
});

describe('planDubTiming policy', () => {
  const media = 60_000;

  it('keeps a line that fits in its cue at normal rate, without stretch or borrowing', () => {
    const [line] = planDubTiming({ cues: [cue(1, 1000, 3000)], speechMs: [1500], mediaDurationMs: media }).lines;
    expect(line).toMatchObject({
      rate: 1,
      stretch: 1,
      borrowedMs: 0,
      placedStartMs: 1000,
      placedEndMs: 2500,
      overCap: false,
    });
  });

  it('borrows the silence after the cue before speeding anything up, keeping the gap to the next line', () => {
    const plan = planDubTiming(
      { cues: [cue(1, 1000, 2000), cue(2, 5000, 6000)], speechMs: [1800, 500], mediaDurationMs: media },
      { minGapMs: 100 },
    );
    expect(plan.lines[0]).toMatchObject({ rate: 1, stretch: 1, placedEndMs: 2800, borrowedMs: 800 });
    expect(plan.lines[0].limitEndMs).toBe(4900);
  });

  it('raises the speech rate first, then time-stretches up to the cap', () => {
    // Room 1000 ms (abutting cues): 1200 ms needs rate 1.2; 1500 ms needs rate 1.25 then stretch 1.2.
    const plan = planDubTiming(
      {
        cues: [cue(1, 0, 1000), cue(2, 1000, 2000), cue(3, 2000, 3000)],
        speechMs: [1200, 1500, 100],
        mediaDurationMs: media,
      },
      { maxRateBoost: 1.25, maxStretch: 1.3, maxRateStep: 1 },
    );
    expect(plan.lines[0]).toMatchObject({ rate: 1.2, stretch: 1, placedEndMs: 1000 });
    expect(plan.lines[1].rate).toBe(1.25);
    expect(plan.lines[1].stretch).toBeCloseTo(1.2, 6);
    expect(plan.lines[1].placedEndMs).toBe(2000);
    expect(plan.lines[2]).toMatchObject({ rate: 1, stretch: 1 });
  });

  it('flags a line that needs more than the cap and stretches it only as far as the next line', () => {
    const plan = planDubTiming(
      { cues: [cue(7, 0, 1000), cue(8, 1000, 2000)], speechMs: [2500, 500], mediaDurationMs: media },
      { maxRateBoost: 1.25, maxStretch: 1.3 },
    );
    const [line] = plan.lines;
    expect(line.overCap).toBe(true);
    expect(line.stretch).toBeCloseTo(2, 6); // 2500 / 1.25 / 1000
    expect(line.placedEndMs).toBe(1000);
    expect(plan.summary.overCapCount).toBe(1);
    expect(plan.summary.lines).toContain(
      'warning: cue 7 needs a 2.00x stretch (cap 1.30x) to end before the next line; shorten its text or enable align_video',
    );
  });

  it('with alignVideo slows the video for that line instead, keeps the voice at the cap, and shifts later lines', () => {
    const plan = planDubTiming(
      {
        cues: [cue(1, 1000, 2000), cue(2, 2000, 3000), cue(3, 8000, 9000)],
        speechMs: [3250, 800, 900],
        mediaDurationMs: 10_000,
      },
      { alignVideo: true, maxRateBoost: 1.25, maxStretch: 1.3 },
    );
    const [first, second, third] = plan.lines;
    // 3250 ms at 1.25x = 2600 ms; at the 1.3x cap 2000 ms, into a 1000 ms window: the video plays 2x slower there.
    expect(first).toMatchObject({ rate: 1.25, stretch: 1.3, placedStartMs: 1000, overCap: false });
    expect(first.videoSlowdown).toEqual({ fromMs: 1000, toMs: 2000, factor: 2 });
    expect(first.placedEndMs).toBeCloseTo(3000, 6);
    expect(second.placedStartMs).toBeCloseTo(3000, 6);
    expect(third.placedStartMs).toBeCloseTo(9000, 6);
    expect(plan.summary.addedMs).toBeCloseTo(1000, 6);
    expect(plan.outputDurationMs).toBeCloseTo(11_000, 6);
    expect(plan.toOutputMs(1500)).toBeCloseTo(2000, 6);
    expect(plan.summary.lines.join('\n')).toContain('video slowed 2.00x for 1.00 s');
  });

  it('smooths rates within a passage so neighbours differ by at most maxRateStep, but not across a long pause', () => {
    const cues = [cue(1, 0, 1000), cue(2, 1200, 2200), cue(3, 2400, 3400), cue(4, 3600, 4600), cue(5, 9000, 10_000)];
    // Room per line is the cue plus borrowable silence minus the 100 ms gap: 1100 ms (the last: up to the media end).
    const plan = planDubTiming(
      { cues, speechMs: [500, 500, 1375, 500, 500], mediaDurationMs: 10_000 },
      { maxRateStep: 0.1, passageGapMs: 1000 },
    );
    [1.05, 1.15, 1.25, 1.15, 1].forEach((rate, i) => expect(plan.lines[i].rate).toBeCloseTo(rate, 9));
  });

  it('second pass keeps the rates the clips were synthesized at and fits their measured lengths', () => {
    const plan = planDubTiming(
      {
        cues: [cue(1, 0, 1000), cue(2, 1000, 2000)],
        speechMs: [1100, 900],
        synthesizedRates: [1.25, 1.1],
        mediaDurationMs: 5000,
      },
      { maxStretch: 1.3 },
    );
    expect(plan.lines.map((line) => line.rate)).toEqual([1.25, 1.1]);
    expect(plan.lines[0].stretch).toBeCloseTo(1.1, 6);
    expect(plan.lines[1]).toMatchObject({ stretch: 1, placedEndMs: 1900 });
  });

  it('lets the last line borrow up to the media end and no further', () => {
    const [line] = planDubTiming(
      { cues: [cue(1, 8000, 9000)], speechMs: [3000], mediaDurationMs: 10_000 },
      { maxRateBoost: 1, maxStretch: 1.3 },
    ).lines;
    expect(line.limitEndMs).toBe(10_000);
    expect(line.placedEndMs).toBe(10_000);
    expect(line.stretch).toBeCloseTo(1.5, 6);
    expect(line.overCap).toBe(true);
  });
});
