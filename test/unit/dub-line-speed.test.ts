import { describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { checkLineSpeakable, judgeLineSpeeds } from '../../src/main/dubbing/line-speed.js';
import { mapBounded } from '../../src/main/pipelines/translate/synthesize-stage.js';
import { MAX_SPEECH_SPEED, planDubTiming, roomPerLineMs, type TimingCue } from '../../src/main/dubbing/timing-plan.js';

const cue = (index: number, startMs: number, endMs: number): TimingCue => ({ index, startMs, endMs });
// Abutting cues: each line's room is exactly its 1000 ms cue.
const cues = [cue(11, 1000, 2000), cue(12, 2000, 3000), cue(13, 3000, 4000)];
const caps = { maxStretch: 1.3, maxRateBoost: 1.25 };
/** Second-pass plan: the clips were spoken at `rates` and came out `speechMs` long. */
const plan = (speechMs: number[], rates: number[], alignVideo = false) =>
  planDubTiming({ cues, speechMs, synthesizedRates: rates, mediaDurationMs: 5000 }, { ...caps, alignVideo });

describe('line speed decisions of the timing plan', () => {
  it('keeps a line within the caps silent: no warning, not too fast', () => {
    const fitted = plan([800, 1200, 1000], [1, 1.25, 1]);
    expect(fitted.lines[1]).toMatchObject({ overCap: false, tooFast: false });
    expect(fitted.lines[1].speed).toBeCloseTo(1.25 * 1.2, 9);
    expect(judgeLineSpeeds(fitted, 1.3)).toEqual([]);
  });

  it('warns about a line past the stretch cap but within the 2.0x bound, naming the cue, its times and its speed', () => {
    // 1440 ms spoken at rate 1.25 into 1000 ms: stretch 1.44 (over the 1.3 cap), speed 1.8.
    const over = plan([800, 1440, 1000], [1, 1.25, 1]);
    expect(over.lines[1]).toMatchObject({ overCap: true, tooFast: false });
    expect(over.lines[1].speed).toBeCloseTo(1.8, 9);
    expect(over.summary.tooFastCount).toBe(0);
    const warnings = judgeLineSpeeds(over, 1.3);
    expect(warnings).toEqual([
      {
        code: 'line_too_fast',
        cue: 12,
        start: 2,
        end: 3,
        speed: 1.8,
        message:
          'Cue 12 (00:00:02,000 --> 00:00:03,000) is spoken at 1.80x normal speed (time-stretched 1.44x, past the 1.30x cap) to end before the next line; to fix it, shorten its text, lengthen the cue, or set align_video true to slow the video for it.',
      },
    ]);
  });

  it('accepts a line at exactly the 2.0x bound, and fails one just over it with invalid_subtitle naming the cue and the speed', () => {
    expect(plan([800, 1600, 1000], [1, 1.25, 1]).lines[1]).toMatchObject({ tooFast: false, speed: MAX_SPEECH_SPEED });
    const tooFast = plan([800, 1700, 1000], [1, 1.25, 1]);
    expect(tooFast.lines[1].tooFast).toBe(true);
    expect(tooFast.summary.tooFastCount).toBe(1);
    let thrown: unknown;
    try {
      judgeLineSpeeds(tooFast, 1.3);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DubDeskError);
    expect(thrown).toMatchObject({ code: 'invalid_subtitle' });
    expect((thrown as Error).message).toBe(
      'Cue 12 (00:00:02,000 --> 00:00:03,000) would have to be spoken at 2.13x normal speed to fit before the next line; the limit is 2.00x, ' +
        'so it cannot be dubbed intelligibly. To fix it, shorten its text, lengthen the cue, or set align_video true to slow the video for it.',
    );
  });

  it('with align_video slows the video instead: the voice stays within the cap and the bound, and nothing fails', () => {
    const slowed = plan([800, 5000, 1000], [1, 1.25, 1], true);
    expect(slowed.lines[1]).toMatchObject({ overCap: false, tooFast: false, stretch: 1.3 });
    expect(slowed.lines[1].videoSlowdown).toBeDefined();
    expect(judgeLineSpeeds(slowed, 1.3)).toEqual([]);
  });

  it('with align_video and a stretch cap above the bound, keeps the voice at 2.0x and slows the video for the rest', () => {
    const slowed = planDubTiming(
      { cues, speechMs: [800, 5000, 1000], synthesizedRates: [1, 1.25, 1], mediaDurationMs: 5000 },
      { maxStretch: 3, maxRateBoost: 1.25, alignVideo: true },
    );
    expect(slowed.lines[1].speed).toBeCloseTo(MAX_SPEECH_SPEED, 9);
    expect(slowed.lines[1].tooFast).toBe(false);
    expect(slowed.lines[1].videoSlowdown!.factor).toBeGreaterThan(1);
  });

  it('checkLineSpeakable fails a line at once when its normal-rate speech needs more than 2.0x its room', () => {
    const rooms = roomPerLineMs([cue(5, 0, 1000), cue(6, 1500, 2000)], 3000);
    expect(rooms).toEqual([1400, 1500]); // up to 100 ms before the next cue; the last one up to the media end
    expect(() => checkLineSpeakable(cue(5, 0, 1000), 2800, rooms[0])).not.toThrow();
    expect(() => checkLineSpeakable(cue(5, 0, 1000), 2900, rooms[0])).toThrow(
      /^Cue 5 \(00:00:00,000 --> 00:00:01,000\) would have to be spoken at 2\.07x/,
    );
  });
});

describe('mapBounded (the synthesis loop)', () => {
  it('runs at most `limit` at once, keeps item order, and after a failure starts nothing new and throws the first error', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = async (item: number): Promise<number> => {
      started.push(item);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (item === 5) throw new Error('line 5 cannot be spoken');
      return item * 2;
    };
    expect(await mapBounded([1, 2, 3, 4], 2, work)).toEqual([2, 4, 6, 8]);
    expect(most).toBe(2);
    started.length = 0;
    await expect(
      mapBounded(
        Array.from({ length: 100 }, (_, i) => i),
        4,
        work,
      ),
    ).rejects.toThrow('line 5 cannot be spoken');
    expect(running).toBe(0); // settled before rejecting
    expect(started.length).toBeLessThan(12); // not the other 90-odd lines
  });
});
