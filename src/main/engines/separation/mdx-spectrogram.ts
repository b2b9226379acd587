// The spectrogram MDX-Net models read and write: a stereo STFT laid out as [4, dimF, dimT] (left real, left
// imaginary, right real, right imaginary), as torch.stft/istft make it (center, reflect padding, periodic Hann
// window, bins from dimF up dropped). Uses the project's mixed-radix FFT: MDX sizes (6144, 7680) are not powers of two.
import { createComplexFft, createRealFft } from '../../media/dsp/fft.js';

export interface MdxShape {
  nFft: number;
  hop: number;
  /** Frequency bins the model sees (the rest up to nFft/2 are zero). */
  dimF: number;
  /** Frames per chunk. */
  dimT: number;
}

export interface MdxSpectrogram {
  readonly shape: MdxShape;
  /** Samples per channel of one chunk: hop · (dimT - 1). */
  readonly chunkSamples: number;
  /** Floats of one spectrogram: 4 · dimF · dimT. */
  readonly size: number;
  /** One chunk of each channel (chunkSamples long) -> spectrogram into `out` (at `offset`). */
  forward(left: Float32Array, right: Float32Array, out: Float32Array, offset?: number): void;
  /** A spectrogram (read from `offset`) -> chunkSamples per channel into `left` and `right`. */
  inverse(spectrogram: Float32Array, left: Float32Array, right: Float32Array, offset?: number): void;
}

function periodicHann(size: number): Float64Array {
  return Float64Array.from({ length: size }, (_, n) => 0.5 - 0.5 * Math.cos((2 * Math.PI * n) / size));
}

/** Inverse of a real DFT of even `size` from bins 0..size/2, through one complex FFT of size/2 (1/size scaling, as irfft). */
function createInverseRealFft(size: number): (re: Float64Array, im: Float64Array, out: Float64Array) => void {
  const half = size / 2;
  const inner = createComplexFft(half);
  const zRe = new Float64Array(half);
  const zIm = new Float64Array(half);
  const outRe = new Float64Array(half);
  const outIm = new Float64Array(half);
  const cos = Float64Array.from({ length: half }, (_, k) => Math.cos((2 * Math.PI * k) / size));
  const sin = Float64Array.from({ length: half }, (_, k) => Math.sin((2 * Math.PI * k) / size));
  return (re, im, out) => {
    for (let k = 0; k < half; k++) {
      // E[k] = (X[k] + conj X[N/2-k]) / 2 and O[k] = (X[k] - conj X[N/2-k]) · e^{+2πik/N} / 2 are the spectra of the
      // even and odd samples; Z = E + iO is the spectrum of the packed sequence x[2m] + i·x[2m+1]. Imaginary parts
      // of the DC and Nyquist bins are ignored, as irfft does.
      const aRe = re[k];
      const aIm = k === 0 ? 0 : im[k];
      const bRe = re[half - k];
      const bIm = k === 0 ? 0 : -im[half - k];
      const eRe = (aRe + bRe) / 2;
      const eIm = (aIm + bIm) / 2;
      const dRe = (aRe - bRe) / 2;
      const dIm = (aIm - bIm) / 2;
      const oRe = dRe * cos[k] - dIm * sin[k];
      const oIm = dRe * sin[k] + dIm * cos[k];
      // Conjugated in, conjugated out: the forward FFT computes the inverse.
      zRe[k] = eRe - oIm;
      zIm[k] = -(eIm + oRe);
    }
    inner.transform(zRe, zIm, outRe, outIm);
    for (let m = 0; m < half; m++) {
      out[2 * m] = outRe[m] / half;
      out[2 * m + 1] = -outIm[m] / half;
    }
  };
}

export function createMdxSpectrogram(shape: MdxShape): MdxSpectrogram {
  const { nFft, hop, dimF, dimT } = shape;
  if (nFft % 2 !== 0 || dimF > nFft / 2 + 1)
    throw new RangeError(`MDX shape needs an even n_fft and dim_f <= n_fft/2 + 1 (n_fft ${nFft}, dim_f ${dimF})`);
  const chunkSamples = hop * (dimT - 1);
  const pad = nFft / 2;
  const window = periodicHann(nFft);
  const rfft = createRealFft(nFft);
  const irfft = createInverseRealFft(nFft);
  const frame = new Float64Array(nFft);
  const re = new Float64Array(nFft / 2 + 1);
  const im = new Float64Array(nFft / 2 + 1);
  const plane = dimF * dimT;
  // Overlap-add buffer and its window-square normalisation (the same for every chunk).
  const span = nFft + hop * (dimT - 1);
  const sum = new Float64Array(span);
  const norm = new Float64Array(span);
  for (let t = 0; t < dimT; t++) for (let n = 0; n < nFft; n++) norm[t * hop + n] += window[n] * window[n];

  /** torch's reflect padding: index -1 reads sample 1, index length reads length - 2. */
  const reflect = (signal: Float32Array, index: number): number => {
    const last = signal.length - 1;
    let i = index;
    while (i < 0 || i > last) i = i < 0 ? -i : 2 * last - i;
    return signal[i];
  };

  const forwardChannel = (signal: Float32Array, out: Float32Array, base: number): void => {
    for (let t = 0; t < dimT; t++) {
      const start = t * hop - pad;
      const inside = start >= 0 && start + nFft <= signal.length;
      for (let n = 0; n < nFft; n++) frame[n] = (inside ? signal[start + n] : reflect(signal, start + n)) * window[n];
      rfft.transform(frame, re, im);
      for (let k = 0; k < dimF; k++) {
        out[base + k * dimT + t] = re[k];
        out[base + plane + k * dimT + t] = im[k];
      }
    }
  };

  const inverseChannel = (spectrogram: Float32Array, base: number, target: Float32Array, offset: number): void => {
    sum.fill(0);
    re.fill(0);
    im.fill(0);
    for (let t = 0; t < dimT; t++) {
      for (let k = 0; k < dimF; k++) {
        re[k] = spectrogram[base + k * dimT + t];
        im[k] = spectrogram[base + plane + k * dimT + t];
      }
      irfft(re, im, frame);
      const at = t * hop;
      for (let n = 0; n < nFft; n++) sum[at + n] += frame[n] * window[n];
    }
    for (let i = 0; i < chunkSamples; i++) {
      const w = norm[pad + i];
      target[offset + i] = w > 1e-11 ? sum[pad + i] / w : 0;
    }
  };

  return {
    shape,
    chunkSamples,
    size: 4 * plane,
    forward(left, right, out, offset = 0) {
      if (left.length !== chunkSamples || right.length !== chunkSamples)
        throw new RangeError(`an MDX chunk is ${chunkSamples} samples per channel`);
      forwardChannel(left, out, offset);
      forwardChannel(right, out, offset + 2 * plane);
    },
    inverse(spectrogram, left, right, offset = 0) {
      inverseChannel(spectrogram, offset, left, 0);
      inverseChannel(spectrogram, offset + 2 * plane, right, 0);
    },
  };
}
