import { describe, expect, it } from 'vitest';
import { duckedSpans, envelopeBlocks } from '../../src/main/media/dsp/speech-ducking.js';

const db = (gain: number) => 20 * Math.log10(gain);

describe('speech ducking envelope', () => {
  it('merges regions across gaps too short to come back up, and moves them with align_video slowdowns', () => {
    const regions = [
      { startMs: 3000, endMs: 3500 },
      { startMs: 1000, endMs: 2000 },
      { startMs: 2100, endMs: 2400 },
      { startMs: 5000, endMs: 4000 },
    ];
    expect(duckedSpans(regions)).toEqual([
      { startMs: 1000, endMs: 2400 },
      { startMs: 3000, endMs: 3500 },
    ]);
    // 0..500 ms played twice as slowly: everything after it is 500 ms later, and a region inside it twice as long.
    expect(
      duckedSpans(
        [
          { startMs: 200, endMs: 400 },
          { startMs: 1000, endMs: 1500 },
        ],
        [{ fromMs: 0, toMs: 500, factor: 2 }],
      ),
    ).toEqual([
      { startMs: 400, endMs: 800 },
      { startMs: 1500, endMs: 2000 },
    ]);
  });

  it('is 0 dB away from speech, the full depth inside it, with fades of fadeMs before and after', () => {
    const spans = [{ startMs: 1000, endMs: 2000 }];
    const gains = Float32Array.from(
      [...envelopeBlocks(spans, 3000, { depthDb: 24, fadeMs: 80 }, 700)].flatMap((block) => [...block]),
    );
    expect(gains.length).toBe(4000);
    expect(db(gains[500])).toBeCloseTo(0, 3);
    expect(db(gains[919])).toBeCloseTo(0, 3);
    expect(db(gains[960])).toBeCloseTo(-12, 3);
    expect(db(gains[1000])).toBeCloseTo(-24, 3);
    expect(db(gains[1500])).toBeCloseTo(-24, 3);
    expect(db(gains[2040])).toBeCloseTo(-12, 3);
    expect(db(gains[2080])).toBeCloseTo(0, 3);
    expect(db(gains[3999])).toBeCloseTo(0, 3);
  });
});
