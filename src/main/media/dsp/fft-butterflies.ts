// The butterflies of the mixed-radix FFT (fft.ts): one pass of radix 2, 3, 4, 5 or any odd p over `dst` in place,
// after the KISS FFT kernels. `tw` holds e^(-2πi·k/size) for k < size.

/** A complex sequence as two arrays (real and imaginary parts). */
export interface Spectrum {
  re: Float64Array;
  im: Float64Array;
}

export function butterfly2(dst: Spectrum, tw: Spectrum, out: number, fstride: number, m: number): void {
  const dstRe = dst.re;
  const dstIm = dst.im;
  const twRe = tw.re;
  const twIm = tw.im;
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

export function butterfly3(dst: Spectrum, tw: Spectrum, out: number, fstride: number, m: number): void {
  const dstRe = dst.re;
  const dstIm = dst.im;
  const twRe = tw.re;
  const twIm = tw.im;
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

export function butterfly4(dst: Spectrum, tw: Spectrum, out: number, fstride: number, m: number): void {
  const dstRe = dst.re;
  const dstIm = dst.im;
  const twRe = tw.re;
  const twIm = tw.im;
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

export function butterfly5(dst: Spectrum, tw: Spectrum, out: number, fstride: number, m: number): void {
  const dstRe = dst.re;
  const dstIm = dst.im;
  const twRe = tw.re;
  const twIm = tw.im;
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

/** Any radix p, by a direct p-point DFT per output group; `scratch` holds at least p values. */
export function butterflyGeneric(
  dst: Spectrum,
  tw: Spectrum,
  scratch: Spectrum,
  out: number,
  fstride: number,
  m: number,
  p: number,
): void {
  const dstRe = dst.re;
  const dstIm = dst.im;
  const twRe = tw.re;
  const twIm = tw.im;
  const scratchRe = scratch.re;
  const scratchIm = scratch.im;
  const size = twRe.length;
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
