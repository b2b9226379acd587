import { describe, expect, it } from 'vitest';
import { rmsEnvelope } from '../../src/main/media/dsp/envelope.js';
import { timeStretch } from '../../src/main/media/dsp/time-stretch.js';

const RATE = 24000;

function sine(frequency: number, seconds: number, amplitude = 0.5): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * frequency * i) / RATE),
  );
}

/** A voice-like buzz: 140 Hz fundamental with falling harmonics. */
function buzz(i: number): number {
  let value = 0;
  for (let h = 1; h <= 8; h++) value += Math.sin((2 * Math.PI * 140 * h * i) / RATE) / h;
  return 0.3 * value;
}

/** Rising zero crossings per second. */
function zeroCrossingRate(samples: Float32Array): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 && samples[i] >= 0) crossings++;
  return crossings / (samples.length / RATE);
}

/** Fundamental frequency from the strongest autocorrelation lag between 2.5 and 20 ms. */
function pitch(samples: Float32Array): number {
  let bestLag = 0;
  let best = -Infinity;
  for (let lag = Math.round(RATE / 400); lag <= Math.round(RATE / 50); lag++) {
    let sum = 0;
    for (let i = 0; i + lag < samples.length; i++) sum += samples[i] * samples[i + lag];
    if (sum > best) {
      best = sum;
      bestLag = lag;
    }
  }
  return RATE / bestLag;
}

/** Start times (ms) of loud stretches in a 5 ms RMS envelope. */
function onsets(samples: Float32Array): number[] {
  const envelope = rmsEnvelope(samples, RATE, 5);
  const found: number[] = [];
  for (let w = 0; w < envelope.length; w++)
    if (envelope[w] > 0.05 && (w === 0 || envelope[w - 1] <= 0.05)) found.push(w * 5);
  return found;
}

describe('timeStretch (WSOLA)', () => {
  it('makes a clip exactly length / factor samples long, faster or slower', () => {
    for (const factor of [1.3, 1.07, 0.8, 2.5]) {
      expect(timeStretch(sine(220, 1.5), RATE, factor).length).toBe(Math.round((1.5 * RATE) / factor));
    }
  });

  it('keeps the pitch of a tone and of a voice-like buzz (resampling would shift it by the factor)', () => {
    const stretched = timeStretch(sine(220, 2), RATE, 1.3);
    expect(zeroCrossingRate(stretched)).toBeGreaterThan(215);
    expect(zeroCrossingRate(stretched)).toBeLessThan(225);
    const voice = Float32Array.from({ length: RATE * 2 }, (_, i) => buzz(i));
    for (const factor of [1.3, 0.8]) {
      const f0 = pitch(timeStretch(voice, RATE, factor));
      expect(f0).toBeGreaterThan(136);
      expect(f0).toBeLessThan(144);
    }
  });

  it('splices a steady tone without clicks or dips: no step steeper than the tone, level steady within 1 dB', () => {
    const amplitude = 0.5;
    for (const frequency of [220, 300, 400, 533]) {
      for (const factor of [1.3, 0.8]) {
        const stretched = timeStretch(sine(frequency, 2, amplitude), RATE, factor);
        const steepest = (2 * Math.PI * frequency * amplitude) / RATE;
        let worst = 0;
        for (let i = 1; i < stretched.length; i++) worst = Math.max(worst, Math.abs(stretched[i] - stretched[i - 1]));
        expect(worst).toBeLessThan(steepest * 1.1);
        // Frames spliced out of phase would cancel each other where they overlap.
        const envelope = rmsEnvelope(stretched, RATE, 5);
        const tone = amplitude * Math.SQRT1_2;
        for (const level of envelope.subarray(0, envelope.length - 1)) expect(level).toBeGreaterThan(tone * 0.89);
      }
    }
  });

  it('moves syllable-like bursts to their scaled times (within 15 ms) and keeps the first one at 0', () => {
    const bursts = new Float32Array(RATE * 3);
    for (let start = 0; start < 3000; start += 400) {
      for (let i = Math.round((start * RATE) / 1000); i < Math.round(((start + 200) * RATE) / 1000); i++)
        bursts[i] = buzz(i);
    }
    const factor = 1.25;
    const found = onsets(timeStretch(bursts, RATE, factor));
    const expected = onsets(bursts).map((ms) => ms / factor);
    expect(found.length).toBe(expected.length);
    found.forEach((ms, i) => expect(Math.abs(ms - expected[i])).toBeLessThanOrEqual(15));
    expect(found[0]).toBe(0);
  });

  it('returns a copy for factor 1 and rejects factors that are not positive', () => {
    const clip = sine(220, 0.2);
    const same = timeStretch(clip, RATE, 1);
    expect(same).toEqual(clip);
    expect(same).not.toBe(clip);
    expect(() => timeStretch(clip, RATE, 0)).toThrow(RangeError);
    expect(() => timeStretch(clip, RATE, Number.NaN)).toThrow(RangeError);
  });
});
