import { describe, expect, it } from 'vitest';
import { mixArgs, mixFilterGraph, normalizationGainDb, parseEbur128Summary } from '../../src/main/media/audio-mix.js';

const EBUR128_TAIL = `[Parsed_ebur128_0 @ 0x38594e00] Summary:

  Integrated loudness:
    I:         -21.4 LUFS
    Threshold: -31.6 LUFS

  Loudness range:
    LRA:         4.2 LU
    Threshold: -41.7 LUFS
`;

describe('mix argument builders', () => {
  it('ducks the original under the dub with a sidechain compressor keyed by the dub', () => {
    const graph = mixFilterGraph({ dub: 'dub.wav', background: { kind: 'duck', file: 'in.mp4' }, durationMs: 90_500 });
    expect(graph).toContain('asplit=2[dub][key]');
    expect(graph).toContain('[bed][key]sidechaincompress=');
    expect(graph).toContain('[ducked][dub]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[mix]');
    expect(graph.match(/apad,atrim=0:90\.500/g)).toHaveLength(2);
  });

  it('mixes a separated background stem as is, and retimes it when video is slowed', () => {
    const graph = mixFilterGraph({
      dub: 'dub.wav',
      background: { kind: 'stem', file: 'bg.wav' },
      durationMs: 1000,
      slowdowns: [{ fromMs: 100, toMs: 200, factor: 2 }],
    });
    expect(graph).not.toContain('sidechaincompress');
    expect(graph).toContain('atempo@retime0');
    expect(graph).toContain('[bed][dub]amerge');
  });

  it('writes the dub alone when the media has no sound', () => {
    const args = mixArgs(
      { dub: 'dub.wav', background: { kind: 'none' }, durationMs: 1000 },
      'out.m4a',
      -3,
      { integratedLufs: -16, truePeakDb: -1.5 },
      'm4a',
    );
    expect(args.filter((arg) => arg === '-i')).toHaveLength(1);
    expect(args.join(' ')).toContain('volume=-3.00dB,alimiter=limit=0.7943:attack=5:release=50:level=disabled');
    expect(args.slice(-9)).toEqual(['-c:a', 'aac', '-b:a', '192k', '-movflags', '+faststart', '-f', 'ipod', 'out.m4a']);
  });

  it('reads integrated loudness from the ebur128 summary and computes the gain to the target', () => {
    const measured = parseEbur128Summary(`frame lines...\n${EBUR128_TAIL}`);
    expect(measured).toEqual({ integratedLufs: -21.4, lra: 4.2 });
    expect(normalizationGainDb(measured!, { integratedLufs: -16, truePeakDb: -1.5 })).toBeCloseTo(5.4, 6);
    expect(normalizationGainDb({ integratedLufs: -Infinity, lra: 0 }, { integratedLufs: -16, truePeakDb: -1 })).toBe(0);
    expect(parseEbur128Summary('no summary')).toBeUndefined();
  });
});
