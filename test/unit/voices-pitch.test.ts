import { describe, expect, it } from 'vitest';
import {
  ANALYSIS_RATE,
  guessGender,
  medianF0,
  pitchTrack,
  semitonesBetween,
  toAnalysisRate,
} from '../../src/main/engines/voice-analysis/pitch.js';

/** A voice-like tone: a fundamental with decaying harmonics, optionally with the fundamental itself missing. */
function harmonicTone(
  f0: number,
  sampleRate: number,
  seconds: number,
  options: { missingFundamental?: boolean; amplitude?: number } = {},
): Float32Array {
  const samples = new Float32Array(Math.round(sampleRate * seconds));
  const amplitude = options.amplitude ?? 0.3;
  for (let i = 0; i < samples.length; i++) {
    let value = 0;
    for (let h = options.missingFundamental ? 2 : 1; h <= 8; h++)
      value += Math.sin((2 * Math.PI * f0 * h * i) / sampleRate) / h;
    samples[i] = value * amplitude;
  }
  return samples;
}

/** Deterministic white noise (a linear congruential generator), so the test cannot flake. */
function noise(length: number, amplitude: number): Float32Array {
  const samples = new Float32Array(length);
  let state = 12345;
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    samples[i] = ((state / 2 ** 32) * 2 - 1) * amplitude;
  }
  return samples;
}

describe('medianF0', () => {
  it.each([
    [16_000, 110],
    [16_000, 220],
    [22_050, 95],
    [22_050, 180],
    [44_100, 140],
    [48_000, 300],
  ])('finds the fundamental of a %i Hz-sampled %i Hz harmonic tone within 1 %', (rate, f0) => {
    expect(Math.abs(medianF0(harmonicTone(f0, rate, 1), rate)! - f0) / f0).toBeLessThan(0.01);
  });

  it('finds the fundamental of a tone whose fundamental is missing, as listeners hear it', () => {
    expect(Math.abs(medianF0(harmonicTone(120, 16_000, 1, { missingFundamental: true }), 16_000)! - 120)).toBeLessThan(
      2,
    );
  });

  it('gives undefined for silence and for white noise: nothing is voiced', () => {
    expect(medianF0(new Float32Array(16_000), 16_000)).toBeUndefined();
    expect(medianF0(noise(16_000, 0.3), 16_000)).toBeUndefined();
  });

  it('gives undefined for audio shorter than a couple of analysis frames', () => {
    expect(medianF0(harmonicTone(150, 16_000, 0.02), 16_000)).toBeUndefined();
  });

  it('takes the median over voiced frames only: silence around a tone does not pull it down', () => {
    const rate = 16_000;
    const track = new Float32Array(rate * 3);
    track.set(harmonicTone(200, rate, 1), rate);
    expect(Math.abs(medianF0(track, rate)! - 200)).toBeLessThan(2);
  });
});

describe('pitchTrack', () => {
  it('marks quiet frames and noise unvoiced (f0 0) and a tone voiced, frame by frame', () => {
    const rate = 16_000;
    const track = new Float32Array(rate * 2);
    track.set(noise(rate, 0.2), 0);
    track.set(harmonicTone(150, rate, 1), rate);
    const frames = pitchTrack(track, rate);
    const first = frames.filter((frame) => frame.timeSec < 0.9);
    const second = frames.filter((frame) => frame.timeSec > 1.1 && frame.timeSec < 1.9);
    expect(first.filter((frame) => frame.f0 > 0).length / first.length).toBeLessThan(0.1);
    expect(second.every((frame) => Math.abs(frame.f0 - 150) < 2)).toBe(true);
    expect(frames[1].timeSec - frames[0].timeSec).toBeCloseTo(0.01, 5);
  });
});

describe('toAnalysisRate', () => {
  it('resamples to 16 kHz keeping the duration', () => {
    expect(toAnalysisRate(new Float32Array(44_100), 44_100).length).toBe(ANALYSIS_RATE);
    expect(toAnalysisRate(new Float32Array(8_000), 8_000).length).toBe(ANALYSIS_RATE);
    const same = new Float32Array(100);
    expect(toAnalysisRate(same, ANALYSIS_RATE)).toBe(same);
  });
});

describe('guessGender', () => {
  it('calls typical male pitch male, typical female pitch female, and the band around 165 Hz neutral', () => {
    expect(guessGender(110)).toBe('male');
    expect(guessGender(149)).toBe('male');
    expect(guessGender(165)).toBe('neutral');
    expect(guessGender(178)).toBe('neutral');
    expect(guessGender(181)).toBe('female');
    expect(guessGender(230)).toBe('female');
  });

  it('is neutral when the pitch is unknown', () => {
    expect(guessGender(undefined)).toBe('neutral');
    expect(guessGender(Number.NaN)).toBe('neutral');
    expect(guessGender(0)).toBe('neutral');
  });
});

describe('semitonesBetween', () => {
  it('is 12 per octave, positive upward', () => {
    expect(semitonesBetween(100, 200)).toBeCloseTo(12);
    expect(semitonesBetween(200, 100)).toBeCloseTo(-12);
    expect(semitonesBetween(440, 440 * 2 ** (3 / 12))).toBeCloseTo(3);
  });
});
