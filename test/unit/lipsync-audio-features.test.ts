import { concatSamples } from '../../src/main/media/dsp/envelope.js';
import { describe, expect, it } from 'vitest';
import {
  extractFrameAudioFeatures,
  normaliseLoudness,
  percentile,
  SILENCE_DB,
} from '../../src/main/media/dsp/audio-features.js';

const RATE = 16_000;

function noise(seconds: number, amplitude: number, seed = 5): Float32Array {
  // mulberry32: a full-period generator (a float LCG here would fall into a short, audibly periodic cycle).
  let state = seed >>> 0;
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return amplitude * 2 * (((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5);
  });
}

const tone = (hz: number, seconds: number, amplitude: number) =>
  Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE),
  );

const concat = (...parts: Float32Array[]) => concatSamples(parts);

const mean = (values: ArrayLike<number>, from = 0, to = values.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i];
  return sum / (to - from);
};

describe('per-frame audio features', () => {
  it('tells a voiced tone from noise: pitch periodicity, dark vs bright spectrum, high-band share', () => {
    const low = extractFrameAudioFeatures(tone(220, 1, 0.3), RATE, { fps: 25 });
    const hiss = extractFrameAudioFeatures(noise(1, 0.3), RATE, { fps: 25 });
    // Inner frames only: the first and last windows overlap the clip's edges.
    expect(mean(low.voicing, 2, 23)).toBeGreaterThan(0.9);
    expect(mean(hiss.voicing, 2, 23)).toBeLessThan(0.4);
    expect(mean(low.centroidHz, 2, 23)).toBeLessThan(400);
    expect(mean(hiss.centroidHz, 2, 23)).toBeGreaterThan(2500);
    expect(mean(low.highShare, 2, 23)).toBeLessThan(0.02);
    expect(mean(hiss.highShare, 2, 23)).toBeGreaterThan(0.7);
    expect(mean(low.brightness, 2, 23)).toBeLessThan(0.25);
    expect(mean(hiss.brightness, 2, 23)).toBeGreaterThan(0.75);
    // Level of a sine of amplitude 0.3: 20·log10(0.3/√2) ≈ -13.5 dBFS.
    expect(mean(low.levelDb, 2, 23)).toBeCloseTo(-13.5, 0);
  });

  it('sees a high first formant as an open vowel', () => {
    // "a"-like: strongest harmonics near 700 Hz; "ee"-like: strongest near 300 Hz (and 2.3 kHz).
    const vowel = (formants: number[]) =>
      Float32Array.from({ length: RATE }, (_, i) => {
        let value = 0;
        for (let h = 1; h * 120 < 4000; h++) {
          const hz = h * 120;
          const gain = formants.reduce((sum, formant) => sum + 1 / (1 + ((hz - formant) / 80) ** 2), 0);
          value += gain * Math.sin((2 * Math.PI * hz * i) / RATE);
        }
        return 0.05 * value;
      });
    const open = extractFrameAudioFeatures(vowel([730, 1090]), RATE, { fps: 25 });
    const close = extractFrameAudioFeatures(vowel([270, 2290]), RATE, { fps: 25 });
    expect(mean(open.openVowelShare, 2, 23)).toBeGreaterThan(0.8);
    expect(mean(close.openVowelShare, 2, 23)).toBeLessThan(0.3);
  });

  it('gives one value per video frame, and silence for frames past the end of the audio', () => {
    const clip = tone(200, 1.01, 0.3);
    expect(extractFrameAudioFeatures(clip, RATE, { fps: 25 }).frameCount).toBe(26);
    expect(extractFrameAudioFeatures(clip, RATE, { fps: 30 }).frameCount).toBe(31);
    expect(extractFrameAudioFeatures(tone(200, 1, 0.3), RATE, { fps: 25 }).frameCount).toBe(25);
    const padded = extractFrameAudioFeatures(clip, RATE, { fps: 25, frameCount: 40 });
    expect(padded.levelDb).toHaveLength(40);
    expect(padded.loudness[38]).toBe(0);
    expect(padded.levelDb[38]).toBe(SILENCE_DB);
    expect(padded.loudness[12]).toBe(1);
  });

  it('normalises loudness per clip: the same audio 26 dB quieter moves nothing', () => {
    const clip = concat(
      new Float32Array(RATE / 2),
      tone(180, 0.4, 0.5),
      noise(0.3, 0.02),
      tone(300, 0.2, 0.25),
      new Float32Array(RATE / 2),
    );
    const quiet = clip.map((value) => value * 0.05);
    const loud = extractFrameAudioFeatures(clip, RATE, { fps: 25 });
    const soft = extractFrameAudioFeatures(quiet, RATE, { fps: 25 });
    expect(soft.peakDb).toBeCloseTo(loud.peakDb - 26.02, 1);
    for (let i = 0; i < loud.frameCount; i++) expect(soft.loudness[i]).toBeCloseTo(loud.loudness[i], 3);
    // Silence is 0, the loud tone is 1, the softer tone is in between.
    expect(loud.loudness[3]).toBe(0);
    expect(loud.loudness[17]).toBe(1);
    expect(loud.loudness[30]).toBeGreaterThan(0.3);
    expect(loud.loudness[30]).toBeLessThan(1);
  });

  it('reads an all-silent or near-silent clip as silent throughout', () => {
    for (const clip of [new Float32Array(RATE), noise(1, 0.0001)]) {
      const features = extractFrameAudioFeatures(clip, RATE, { fps: 25 });
      expect(features.loudness.every((value) => value === 0)).toBe(true);
    }
  });

  it('follows an onset and an offset within the frame that holds them (short attack/release, no lag)', () => {
    const clip = concat(new Float32Array(RATE / 2), tone(200, 0.5, 0.4), new Float32Array(RATE / 2));
    const features = extractFrameAudioFeatures(clip, RATE, { fps: 25 });
    // Onset at 0.5 s, inside frame 12 (0.48..0.52 s); offset at 1.0 s, where frame 25's first 25 ms window still
    // reaches back into the tone. Both edge frames read partly loud; their neighbours are fully silent or loud.
    expect(features.loudness[11]).toBe(0);
    expect(features.loudness[12]).toBeGreaterThan(0.3);
    expect(features.loudness[12]).toBeLessThan(0.8);
    expect(features.loudness[13]).toBeGreaterThan(0.95);
    expect(features.loudness[24]).toBeGreaterThan(0.95);
    expect(features.loudness[25]).toBeLessThan(0.8);
    expect(features.loudness[26]).toBe(0);
  });

  it('works at any sample rate and frame rate', () => {
    const rate = 22_050;
    const clip = Float32Array.from({ length: rate }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 150 * i) / rate));
    const features = extractFrameAudioFeatures(clip, rate, { fps: 59.94 });
    expect(features.frameCount).toBe(60);
    expect(mean(features.voicing, 3, 57)).toBeGreaterThan(0.9);
    expect(mean(features.centroidHz, 3, 57)).toBeLessThan(300);
  });

  it('analyses 10 minutes of audio in seconds', () => {
    const clip = Float32Array.from(
      { length: 600 * RATE },
      (_, i) => 0.2 * Math.sin(i * 0.07) * (Math.floor(i / 4000) % 3 ? 1 : 0),
    );
    const started = performance.now();
    const features = extractFrameAudioFeatures(clip, RATE, { fps: 25 });
    const elapsedMs = performance.now() - started;
    console.log(`extractFrameAudioFeatures: 10 min of 16 kHz audio in ${elapsedMs.toFixed(0)} ms`);
    expect(features.frameCount).toBe(15_000);
    expect(elapsedMs).toBeLessThan(20_000);
  });
});

describe('loudness normalisation helpers', () => {
  it('interpolates percentiles', () => {
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3);
    expect(percentile([0, 10], 25)).toBe(2.5);
    expect(Number.isNaN(percentile([], 50))).toBe(true);
  });

  it('treats a steady sound as loud and keeps the floor within 45 dB of the peak', () => {
    const steady = normaliseLoudness(new Float32Array(50).fill(-20));
    expect(steady.loudness.every((value) => value === 1)).toBe(true);
    expect(steady.floorDb).toBe(-32);
    const withSilence = normaliseLoudness(Float32Array.from({ length: 100 }, (_, i) => (i < 50 ? SILENCE_DB : -20)));
    expect(withSilence.floorDb).toBe(-65);
    expect(withSilence.loudness[10]).toBe(0);
    expect(withSilence.loudness[60]).toBe(1);
  });
});
