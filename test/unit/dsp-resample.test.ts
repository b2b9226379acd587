import { describe, expect, it } from 'vitest';
import { rms } from '../../src/main/media/dsp/envelope.js';
import { resample } from '../../src/main/media/dsp/resample.js';

function sine(frequency: number, rate: number, seconds: number): Float32Array {
  return Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * frequency * i) / rate),
  );
}

/** Largest difference from the ideal tone, away from the edges where the kernel runs out of input. */
function worstError(samples: Float32Array, frequency: number, rate: number): number {
  let worst = 0;
  for (let i = Math.round(rate * 0.01); i < samples.length - Math.round(rate * 0.01); i++) {
    worst = Math.max(worst, Math.abs(samples[i] - 0.5 * Math.sin((2 * Math.PI * frequency * i) / rate)));
  }
  return worst;
}

describe('resample', () => {
  it('turns a 22.05 kHz tone into the same tone at 48 kHz, length scaled by the rate ratio', () => {
    const out = resample(sine(1000, 22050, 1), 22050, 48000);
    expect(out.length).toBe(48000);
    expect(worstError(out, 1000, 48000)).toBeLessThan(0.005);
  });

  it('downsamples 48 kHz to 16 kHz without letting a 12 kHz tone alias into the band', () => {
    const kept = resample(sine(3000, 48000, 1), 48000, 16000);
    expect(kept.length).toBe(16000);
    expect(worstError(kept, 3000, 16000)).toBeLessThan(0.005);
    // 12 kHz is above the new 8 kHz Nyquist: it must vanish, not fold back to 4 kHz.
    const folded = resample(sine(12000, 48000, 1), 48000, 16000);
    expect(rms(folded, 1600, 14400)).toBeLessThan(0.005);
  });

  it('returns a copy when the rates match', () => {
    const clip = sine(440, 24000, 0.1);
    const same = resample(clip, 24000, 24000);
    expect(same).toEqual(clip);
    expect(same).not.toBe(clip);
  });
});
