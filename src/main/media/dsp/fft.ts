// Mixed-radix FFT (radix 2, 3, 4, 5 and a generic odd radix), so sizes such as Wav2Lip's 800-point STFT need no
// zero padding to a power of two (which would change the bins and so the mel spectrogram).

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
  const twRe = new Float64Array(size);
  const twIm = new Float64Array(size);
  for (let i = 0; i < size; i++) {
    const phase = (-2 * Math.PI * i) / size;
    twRe[i] = Math.cos(phase);
    twIm[i] = Math.sin(phase);
  }
  const largest = Math.max(...factors);
  const scratchRe = new Float64Array(largest);
  const scratchIm = new Float64Array(largest);
  let srcRe: Float64Array;
  let srcIm: Float64Array;
  let dstRe: Float64Array;
  let dstIm: Float64Array;

  function butterfly2(out: number, fstride: number, m: number): void {
    for (let k = 0; k < m; k++) {
      const a = out + k;
      const b = a + m;
      const t = k * fstride;
      const tr = dstRe[b] * twRe[t] - dstIm[b] * twIm[t];
      const ti = dstRe[b] * twIm[t] + dstIm[b] * twRe[t];
      dstRe[b] = dstRe[a] - tr;
      dstIm[b] = dstIm[a] - ti;
      dstRe[a] += tr;
      dstIm[a] += ti;
    }
  }

  function butterfly3(out: number, fstride: number, m: number): void {
    const e = twIm[fstride * m]; // sin(-2π/3)
    for (let k = 0; k < m; k++) {
      const a = out + k;
      const b = a + m;
      const c = b + m;
      const t1 = k * fstride;
      const t2 = 2 * t1;
      const s1r = dstRe[b] * twRe[t1] - dstIm[b] * twIm[t1];
      const s1i = dstRe[b] * twIm[t1] + dstIm[b] * twRe[t1];
      const s2r = dstRe[c] * twRe[t2] - dstIm[c] * twIm[t2];
      const s2i = dstRe[c] * twIm[t2] + dstIm[c] * twRe[t2];
      const s3r = s1r + s2r;
      const s3i = s1i + s2i;
      const s0r = (s1r - s2r) * e;
      const s0i = (s1i - s2i) * e;
      const mr = dstRe[a] - s3r / 2;
      const mi = dstIm[a] - s3i / 2;
      dstRe[a] += s3r;
      dstIm[a] += s3i;
      dstRe[c] = mr + s0i;
      dstIm[c] = mi - s0r;
      dstRe[b] = mr - s0i;
      dstIm[b] = mi + s0r;
    }
  }

  function butterfly4(out: number, fstride: number, m: number): void {
    for (let k = 0; k < m; k++) {
      const a = out + k;
      const b = a + m;
      const c = b + m;
      const d = c + m;
      const t1 = k * fstride;
      const t2 = 2 * t1;
      const t3 = 3 * t1;
      const s0r = dstRe[b] * twRe[t1] - dstIm[b] * twIm[t1];
      const s0i = dstRe[b] * twIm[t1] + dstIm[b] * twRe[t1];
      const s1r = dstRe[c] * twRe[t2] - dstIm[c] * twIm[t2];
      const s1i = dstRe[c] * twIm[t2] + dstIm[c] * twRe[t2];
      const s2r = dstRe[d] * twRe[t3] - dstIm[d] * twIm[t3];
      const s2i = dstRe[d] * twIm[t3] + dstIm[d] * twRe[t3];
      const s5r = dstRe[a] - s1r;
      const s5i = dstIm[a] - s1i;
      const ar = dstRe[a] + s1r;
      const ai = dstIm[a] + s1i;
      const s3r = s0r + s2r;
      const s3i = s0i + s2i;
      const s4r = s0r - s2r;
      const s4i = s0i - s2i;
      dstRe[c] = ar - s3r;
      dstIm[c] = ai - s3i;
      dstRe[a] = ar + s3r;
      dstIm[a] = ai + s3i;
      dstRe[b] = s5r + s4i;
      dstIm[b] = s5i - s4r;
      dstRe[d] = s5r - s4i;
      dstIm[d] = s5i + s4r;
    }
  }

  function butterfly5(out: number, fstride: number, m: number): void {
    const yar = twRe[fstride * m];
    const yai = twIm[fstride * m];
    const ybr = twRe[2 * fstride * m];
    const ybi = twIm[2 * fstride * m];
    for (let u = 0; u < m; u++) {
      const i0 = out + u;
      const i1 = i0 + m;
      const i2 = i1 + m;
      const i3 = i2 + m;
      const i4 = i3 + m;
      const t1 = u * fstride;
      const t2 = 2 * t1;
      const t3 = 3 * t1;
      const t4 = 4 * t1;
      const s0r = dstRe[i0];
      const s0i = dstIm[i0];
      const s1r = dstRe[i1] * twRe[t1] - dstIm[i1] * twIm[t1];
      const s1i = dstRe[i1] * twIm[t1] + dstIm[i1] * twRe[t1];
      const s2r = dstRe[i2] * twRe[t2] - dstIm[i2] * twIm[t2];
      const s2i = dstRe[i2] * twIm[t2] + dstIm[i2] * twRe[t2];
      const s3r = dstRe[i3] * twRe[t3] - dstIm[i3] * twIm[t3];
      const s3i = dstRe[i3] * twIm[t3] + dstIm[i3] * twRe[t3];
      const s4r = dstRe[i4] * twRe[t4] - dstIm[i4] * twIm[t4];
      const s4i = dstRe[i4] * twIm[t4] + dstIm[i4] * twRe[t4];
      const s7r = s1r + s4r;
      const s7i = s1i + s4i;
      const s10r = s1r - s4r;
      const s10i = s1i - s4i;
      const s8r = s2r + s3r;
      const s8i = s2i + s3i;
      const s9r = s2r - s3r;
      const s9i = s2i - s3i;
      dstRe[i0] = s0r + s7r + s8r;
      dstIm[i0] = s0i + s7i + s8i;
      const s5r = s0r + s7r * yar + s8r * ybr;
      const s5i = s0i + s7i * yar + s8i * ybr;
      const s6r = s10i * yai + s9i * ybi;
      const s6i = -(s10r * yai + s9r * ybi);
      dstRe[i1] = s5r - s6r;
      dstIm[i1] = s5i - s6i;
      dstRe[i4] = s5r + s6r;
      dstIm[i4] = s5i + s6i;
      const s11r = s0r + s7r * ybr + s8r * yar;
      const s11i = s0i + s7i * ybr + s8i * yar;
      const s12r = -s10i * ybi + s9i * yai;
      const s12i = s10r * ybi - s9r * yai;
      dstRe[i2] = s11r + s12r;
      dstIm[i2] = s11i + s12i;
      dstRe[i3] = s11r - s12r;
      dstIm[i3] = s11i - s12i;
    }
  }

  function butterflyGeneric(out: number, fstride: number, m: number, p: number): void {
    for (let u = 0; u < m; u++) {
      for (let q = 0; q < p; q++) {
        scratchRe[q] = dstRe[out + u + q * m];
        scratchIm[q] = dstIm[out + u + q * m];
      }
      for (let q1 = 0; q1 < p; q1++) {
        const k = u + q1 * m;
        const step = (fstride * k) % size;
        let twIndex = 0;
        let accRe = scratchRe[0];
        let accIm = scratchIm[0];
        for (let q = 1; q < p; q++) {
          twIndex += step;
          if (twIndex >= size) twIndex -= size;
          accRe += scratchRe[q] * twRe[twIndex] - scratchIm[q] * twIm[twIndex];
          accIm += scratchRe[q] * twIm[twIndex] + scratchIm[q] * twRe[twIndex];
        }
        dstRe[out + k] = accRe;
        dstIm[out + k] = accIm;
      }
    }
  }

  function work(out: number, input: number, fstride: number, stage: number): void {
    const p = factors[stage];
    const m = spans[stage];
    if (m === 1) {
      for (let k = 0; k < p; k++) {
        dstRe[out + k] = srcRe[input + k * fstride];
        dstIm[out + k] = srcIm[input + k * fstride];
      }
    } else {
      for (let k = 0; k < p; k++) work(out + k * m, input + k * fstride, fstride * p, stage + 1);
    }
    if (p === 2) butterfly2(out, fstride, m);
    else if (p === 3) butterfly3(out, fstride, m);
    else if (p === 4) butterfly4(out, fstride, m);
    else if (p === 5) butterfly5(out, fstride, m);
    else if (p > 1) butterflyGeneric(out, fstride, m, p);
  }

  return {
    size,
    transform(inRe, inIm, outRe, outIm) {
      if (inRe === outRe || inIm === outIm) throw new Error('ComplexFft.transform cannot work in place');
      srcRe = inRe;
      srcIm = inIm;
      dstRe = outRe;
      dstIm = outIm;
      work(0, 0, 1, 0);
    },
  };
}

/** A real FFT of even `size` through one complex FFT of size/2 (even samples as real, odd as imaginary part). */
export function createRealFft(size: number): RealFft {
  if (!Number.isInteger(size) || size < 2 || size % 2 !== 0) throw new RangeError(`real FFT size must be an even integer >= 2, got ${size}`);
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
