// Mixed-radix FFT (radix 2, 3, 4, 5 and a generic odd radix), so sizes such as Wav2Lip's 800-point STFT need no
// zero padding to a power of two (which would change the bins and so the mel spectrogram). Kept over fft.js
// (radix-4, powers of two only): at the sizes used here it needs Bluestein and is 2.5-4x slower (npm run bench:fft).
import { butterfly2, butterfly3, butterfly4, butterfly5, butterflyGeneric, type Spectrum } from './fft-butterflies.js';

/** A forward complex DFT of one fixed size: out[k] = Σ in[n]·e^(-2πi·kn/size). */
export interface ComplexFft {
  readonly size: number;
  transform(inRe: Float64Array, inIm: Float64Array, outRe: Float64Array, outIm: Float64Array): void;
}

/** A forward DFT of a real sequence of one fixed even size; writes bins 0..size/2 (size/2 + 1 values). */
export interface RealFft {
  readonly size: number;
  readonly bins: number;
  transform(input: ArrayLike<number>, outRe: Float64Array, outIm: Float64Array): void;
}

/** Radices in the order they are taken off `n`; the last may be a large prime (generic butterfly). */
function factorize(n: number): number[] {
  const factors: number[] = [];
  let rest = n;
  for (const radix of [4, 2, 3, 5]) {
    while (rest % radix === 0) {
      factors.push(radix);
      rest /= radix;
    }
  }
  for (let radix = 7; rest > 1; radix += 2) {
    while (rest % radix === 0) {
      factors.push(radix);
      rest /= radix;
    }
    if (radix * radix > rest && rest > 1) {
      factors.push(rest);
      rest = 1;
    }
  }
  return factors.length > 0 ? factors : [1];
}

/** The smallest size >= n whose only prime factors are 2, 3 and 5 (the fast radices). */
export function nextFastSize(n: number): number {
  for (let size = Math.max(1, Math.ceil(n)); ; size++) {
    let rest = size;
    for (const radix of [2, 3, 5]) while (rest % radix === 0) rest /= radix;
    if (rest === 1) return size;
  }
}

/** A complex FFT of `size` points (any size >= 1), decimation in time after the KISS FFT recursion. */
export function createComplexFft(size: number): ComplexFft {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`FFT size must be a positive integer, got ${size}`);
  const factors = factorize(size);
  // strides[s]: how many outputs each butterfly of stage s spans (the product of the later radices).
  const spans = factors.map((_, s) => factors.slice(s + 1).reduce((a, b) => a * b, 1));
  const tw: Spectrum = { re: new Float64Array(size), im: new Float64Array(size) };
  for (let i = 0; i < size; i++) {
    const phase = (-2 * Math.PI * i) / size;
    tw.re[i] = Math.cos(phase);
    tw.im[i] = Math.sin(phase);
  }
  const largest = Math.max(...factors);
  const scratch: Spectrum = { re: new Float64Array(largest), im: new Float64Array(largest) };
  // The arrays of the transform in progress (set by transform, read by the recursion).
  const src: Spectrum = { re: new Float64Array(0), im: new Float64Array(0) };
  const dst: Spectrum = { re: new Float64Array(0), im: new Float64Array(0) };

  function work(out: number, input: number, fstride: number, stage: number): void {
    const p = factors[stage];
    const m = spans[stage];
    if (m === 1) {
      for (let k = 0; k < p; k++) {
        dst.re[out + k] = src.re[input + k * fstride];
        dst.im[out + k] = src.im[input + k * fstride];
      }
    } else {
      for (let k = 0; k < p; k++) work(out + k * m, input + k * fstride, fstride * p, stage + 1);
    }
    if (p === 2) butterfly2(dst, tw, out, fstride, m);
    else if (p === 3) butterfly3(dst, tw, out, fstride, m);
    else if (p === 4) butterfly4(dst, tw, out, fstride, m);
    else if (p === 5) butterfly5(dst, tw, out, fstride, m);
    else if (p > 1) butterflyGeneric(dst, tw, scratch, out, fstride, m, p);
  }

  return {
    size,
    transform(inRe, inIm, outRe, outIm) {
      if (inRe === outRe || inIm === outIm) throw new Error('ComplexFft.transform cannot work in place');
      src.re = inRe;
      src.im = inIm;
      dst.re = outRe;
      dst.im = outIm;
      work(0, 0, 1, 0);
    },
  };
}

/** A real FFT of even `size` through one complex FFT of size/2 (even samples as real, odd as imaginary part). */
export function createRealFft(size: number): RealFft {
  if (!Number.isInteger(size) || size < 2 || size % 2 !== 0)
    throw new RangeError(`real FFT size must be an even integer >= 2, got ${size}`);
  const half = size / 2;
  const inner = createComplexFft(half);
  const packedRe = new Float64Array(half);
  const packedIm = new Float64Array(half);
  const zRe = new Float64Array(half);
  const zIm = new Float64Array(half);
  const wRe = new Float64Array(half + 1);
  const wIm = new Float64Array(half + 1);
  for (let k = 0; k <= half; k++) {
    wRe[k] = Math.cos((-2 * Math.PI * k) / size);
    wIm[k] = Math.sin((-2 * Math.PI * k) / size);
  }
  return {
    size,
    bins: half + 1,
    transform(input, outRe, outIm) {
      for (let n = 0; n < half; n++) {
        packedRe[n] = input[2 * n];
        packedIm[n] = input[2 * n + 1];
      }
      inner.transform(packedRe, packedIm, zRe, zIm);
      // X[k] = E[k] + W^k·O[k], where E and O (the spectra of the even and odd samples) are the conjugate-symmetric
      // and anti-symmetric parts of Z.
      for (let k = 0; k <= half; k++) {
        const a = k === half ? 0 : k;
        const b = k === 0 ? 0 : half - k;
        const er = (zRe[a] + zRe[b]) / 2;
        const ei = (zIm[a] - zIm[b]) / 2;
        const or = (zIm[a] + zIm[b]) / 2;
        const oi = -(zRe[a] - zRe[b]) / 2;
        outRe[k] = er + wRe[k] * or - wIm[k] * oi;
        outIm[k] = ei + wRe[k] * oi + wIm[k] * or;
      }
    },
  };
}
