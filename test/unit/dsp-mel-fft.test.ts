import { describe, expect, it } from 'vitest';
import { createComplexFft, createRealFft, nextFastSize } from '../../src/main/media/dsp/fft.js';

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}

/** The textbook O(n²) DFT the fast one must agree with. */
function naiveDft(re: ArrayLike<number>, im: ArrayLike<number>): { re: Float64Array; im: Float64Array } {
  const n = re.length;
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    for (let t = 0; t < n; t++) {
      const phase = (-2 * Math.PI * ((k * t) % n)) / n;
      outRe[k] += re[t] * Math.cos(phase) - im[t] * Math.sin(phase);
      outIm[k] += re[t] * Math.sin(phase) + im[t] * Math.cos(phase);
    }
  }
  return { re: outRe, im: outIm };
}

describe('mixed-radix FFT', () => {
  it.each([1, 2, 3, 4, 5, 7, 12, 30, 49, 64, 77, 400, 800])('a %i-point complex FFT equals the direct DFT', (size) => {
    const random = seeded(size);
    const re = Float64Array.from({ length: size }, random);
    const im = Float64Array.from({ length: size }, random);
    const expected = naiveDft(re, im);
    const outRe = new Float64Array(size);
    const outIm = new Float64Array(size);
    createComplexFft(size).transform(re, im, outRe, outIm);
    for (let k = 0; k < size; k++) {
      expect(outRe[k]).toBeCloseTo(expected.re[k], 9);
      expect(outIm[k]).toBeCloseTo(expected.im[k], 9);
    }
  });

  it.each([2, 6, 14, 100, 800, 1024])('a %i-point real FFT gives bins 0..n/2 of the direct DFT', (size) => {
    const random = seeded(size + 1);
    const signal = Float64Array.from({ length: size }, random);
    const expected = naiveDft(signal, new Float64Array(size));
    const fft = createRealFft(size);
    const re = new Float64Array(fft.bins);
    const im = new Float64Array(fft.bins);
    fft.transform(signal, re, im);
    expect(fft.bins).toBe(size / 2 + 1);
    for (let k = 0; k < fft.bins; k++) {
      expect(re[k]).toBeCloseTo(expected.re[k], 9);
      expect(im[k]).toBeCloseTo(expected.im[k], 9);
    }
  });

  it('refuses odd real sizes and picks 2·3·5-smooth sizes', () => {
    expect(() => createRealFft(801)).toThrow(RangeError);
    expect(nextFastSize(551)).toBe(576);
    expect(nextFastSize(400)).toBe(400);
    expect(nextFastSize(7)).toBe(8);
  });
});
