import { describe, expect, it } from 'vitest';
import { audioRetimeFilter, createTimeMap, videoRetimeFilter } from '../../src/main/media/video-retime.js';

describe('createTimeMap', () => {
  const map = createTimeMap([
    { fromMs: 5000, toMs: 6000, factor: 3 },
    { fromMs: 1000, toMs: 2000, factor: 1.5 },
  ]);

  it('shifts time after each slowed span by the time it adds, and stretches time inside it', () => {
    expect(map.addedMs).toBe(2500);
    expect(map.toOutputMs(500)).toBe(500);
    expect(map.toOutputMs(1500)).toBe(1750);
    expect(map.toOutputMs(2000)).toBe(2500);
    expect(map.toOutputMs(4000)).toBe(4500);
    expect(map.toOutputMs(5500)).toBe(7000);
    expect(map.toOutputMs(10_000)).toBe(12_500);
  });

  it('inverts exactly', () => {
    for (let ms = 0; ms <= 10_000; ms += 37) expect(map.toSourceMs(map.toOutputMs(ms))).toBeCloseTo(ms, 9);
  });

  it('rejects overlapping spans and speed-ups', () => {
    expect(() =>
      createTimeMap([
        { fromMs: 0, toMs: 2000, factor: 2 },
        { fromMs: 1000, toMs: 3000, factor: 2 },
      ]),
    ).toThrow(/overlap/);
    expect(() => createTimeMap([{ fromMs: 0, toMs: 2000, factor: 0.5 }])).toThrow(/>= 1/);
  });
});

describe('retime filters', () => {
  it('passes media through untouched when nothing is slowed', () => {
    expect(videoRetimeFilter([], 25)).toBe('null');
    expect(audioRetimeFilter([])).toBe('anull');
  });

  it('builds one setpts expression with a term per span, then fps to fill the slowed spans with frames', () => {
    const filter = videoRetimeFilter(
      [
        { fromMs: 1000, toMs: 2000, factor: 1.5 },
        { fromMs: 2500, toMs: 3000, factor: 2.4 },
      ],
      '30000/1001',
    );
    expect(filter).toBe(
      "setpts=PTS-STARTPTS,setpts='(T+0.500000*min(max(T-1,0),1)+1.400000*min(max(T-2.5,0),0.5))/TB',fps=fps=30000/1001",
    );
  });

  it('switches chained atempo stages (each within 0.5-2) at span starts and back to 1 at span ends', () => {
    const filter = audioRetimeFilter([
      { fromMs: 1000, toMs: 2000, factor: 1.5 },
      { fromMs: 2000, toMs: 3000, factor: 3 },
    ]);
    expect(filter).toContain("asendcmd=c='1 atempo@retime0 tempo 0.666667,atempo@retime1 tempo 1.000000;");
    // 3x slower needs two stages of 1/√3 each; back-to-back spans need no reset between them.
    expect(filter).toContain(
      ';2 atempo@retime0 tempo 0.577350,atempo@retime1 tempo 0.577350;3 atempo@retime0 tempo 1.000000,atempo@retime1 tempo 1.000000',
    );
    expect(filter.endsWith('atempo@retime0=tempo=1,atempo@retime1=tempo=1')).toBe(true);
  });
});
