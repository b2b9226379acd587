import { concatSamples } from '../../src/main/media/dsp/envelope.js';
import { describe, expect, it } from 'vitest';
import { extractFrameAudioFeatures } from '../../src/main/media/dsp/audio-features.js';
import { mouthTargetsFromFeatures, speechMask } from '../../src/main/engines/lipsync/mouth-targets.js';

const RATE = 16_000;

function noise(seconds: number, amplitude: number, seed = 9): Float32Array {
  // mulberry32: a full-period generator (a float LCG here would fall into a short, audibly periodic cycle).
  let state = seed >>> 0;
  return Float32Array.from({ length: Math.round(seconds * RATE) }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return amplitude * 2 * (((t ^ (t >>> 14)) >>> 0) / 4294967296 - 0.5);
  });
}

/** A sung vowel: 120 Hz harmonics shaped by formant resonances. */
function vowel(seconds: number, formants: number[], amplitude = 0.05): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * RATE) }, (_, i) => {
    let value = 0;
    for (let h = 1; h * 120 < 5000; h++) {
      const hz = h * 120;
      const gain = formants.reduce((sum, formant) => sum + 1 / (1 + ((hz - formant) / 90) ** 2), 0);
      value += gain * Math.sin((2 * Math.PI * hz * i) / RATE);
    }
    return amplitude * value;
  });
}

const silence = (seconds: number) => new Float32Array(Math.round(seconds * RATE));

const concat = (...parts: Float32Array[]) => concatSamples(parts);

const mean = (values: ArrayLike<number>, from = 0, to = values.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i];
  return sum / (to - from);
};

const targetsOf = (samples: Float32Array, fps = 25) =>
  mouthTargetsFromFeatures(extractFrameAudioFeatures(samples, RATE, { fps }));

describe('mouth targets from audio', () => {
  it('keeps the mouth shut in silence and opens it on sound', () => {
    const clip = concat(silence(0.6), vowel(0.6, [730, 1090]), silence(0.6));
    const targets = targetsOf(clip);
    expect(targets.frameCount).toBe(45);
    for (let i = 0; i < 14; i++) expect(targets.opening[i]).toBe(0);
    for (let i = 31; i < 45; i++) expect(targets.opening[i]).toBe(0);
    expect(mean(targets.opening, 17, 28)).toBeGreaterThan(0.6);
    expect(Array.from(targets.speaking.subarray(16, 29))).toEqual(new Array(13).fill(1));
  });

  it('spreads the lips for a bright "ee"-like spectrum and rounds them for a dark "oo"-like one', () => {
    const ee = targetsOf(vowel(1, [270, 2290, 3010]));
    const oo = targetsOf(vowel(1, [300, 870]));
    expect(mean(ee.width, 3, 22)).toBeGreaterThan(0.05);
    expect(mean(oo.width, 3, 22)).toBeLessThan(-0.05);
    expect(mean(oo.rounding, 3, 22)).toBeGreaterThan(0.3);
    expect(mean(ee.rounding, 3, 22)).toBeLessThan(0.05);
    for (const targets of [ee, oo]) {
      expect(Math.max(...targets.width)).toBeLessThanOrEqual(0.2);
      expect(Math.min(...targets.width)).toBeGreaterThanOrEqual(-0.2);
    }
  });

  it('reads a low tone as dark and rounded and noise as bright and spread, noise opening less (unvoiced)', () => {
    const tone = targetsOf(
      Float32Array.from({ length: RATE }, (_, i) => 0.3 * Math.sin((2 * Math.PI * 250 * i) / RATE)),
    );
    const hiss = targetsOf(noise(1, 0.3));
    expect(mean(tone.width, 3, 22)).toBeLessThan(mean(hiss.width, 3, 22) - 0.15);
    expect(mean(tone.rounding, 3, 22)).toBeGreaterThan(mean(hiss.rounding, 3, 22) + 0.5);
    expect(mean(hiss.opening, 3, 22)).toBeLessThan(mean(tone.opening, 3, 22));
    expect(mean(hiss.opening, 3, 22)).toBeGreaterThan(0.2);
  });

  it('closes the mouth between words for at least 80 ms, even when the gap is shorter', () => {
    // Two "words" 40 ms apart: one 25 fps frame of gap, held closed for two.
    const clip = concat(silence(0.3), vowel(0.4, [730, 1090]), silence(0.04), vowel(0.4, [600, 1000]), silence(0.3));
    const targets = targetsOf(clip);
    const closedInside: number[] = [];
    for (let i = 10; i < 25; i++) if (targets.opening[i] === 0) closedInside.push(i);
    expect(closedInside.length).toBeGreaterThanOrEqual(2);
    expect(closedInside[closedInside.length - 1] - closedInside[0]).toBe(closedInside.length - 1); // one closure
    expect(closedInside[0]).toBeGreaterThanOrEqual(16);
    expect(closedInside[0]).toBeLessThanOrEqual(18);
  });

  it('closes on a deep dip inside continuous sound (a bilabial hold) and opens gently on the release burst', () => {
    const clip = concat(
      silence(0.3),
      vowel(0.3, [730, 1090]),
      vowel(0.08, [250], 0.002),
      noise(0.02, 0.1),
      vowel(0.3, [730, 1090]),
      silence(0.3),
    );
    const features = extractFrameAudioFeatures(clip, RATE, { fps: 25 });
    const mask = speechMask(features);
    const targets = mouthTargetsFromFeatures(features);
    // The hold (0.6..0.68 s) covers frames 15-16; frame 15 is entirely in it.
    expect(mask[15]).toBe(0);
    expect(targets.opening[15]).toBe(0);
    expect(mean(targets.opening, 9, 14)).toBeGreaterThan(0.5);
    expect(mean(targets.opening, 19, 24)).toBeGreaterThan(0.5);
  });

  it('ignores a click shorter than 50 ms', () => {
    const clip = concat(silence(0.5), noise(0.02, 0.5), silence(0.5), vowel(0.3, [700, 1100]), silence(0.3));
    const targets = targetsOf(clip);
    for (let i = 10; i < 15; i++) expect(targets.opening[i]).toBe(0);
    expect(Math.max(...targets.opening.subarray(15, 40))).toBeGreaterThan(0.5);
  });

  it('moves with the syllables of a syllable train rather than hanging open', () => {
    // 4 syllables per second: loudness swings about 14 dB between nucleus and consonant, never into silence.
    const clip = Float32Array.from(
      vowel(2, [700, 1100]),
      (value, i) => value * (0.25 + 0.75 * Math.sin((Math.PI * 4 * i) / RATE) ** 2),
    );
    const targets = targetsOf(concat(silence(0.3), clip, silence(0.3)));
    const inner = targets.opening.subarray(12, 55);
    expect(Math.max(...inner) - Math.min(...inner)).toBeGreaterThan(0.3);
    let travel = 0;
    for (let i = 1; i < inner.length; i++) travel += Math.abs(inner[i] - inner[i - 1]);
    expect(travel / (inner.length - 1)).toBeGreaterThan(0.08);
  });

  it('gives an all-closed, neutral mouth for a silent clip', () => {
    const targets = targetsOf(silence(1));
    expect(targets.opening.every((value) => value === 0)).toBe(true);
    expect(targets.width.every((value) => value === 0)).toBe(true);
    expect(targets.rounding.every((value) => value === 0)).toBe(true);
  });
});
