// Mel-frequency cepstral coefficients of 16 kHz speech (HTK-style framing: 25 ms Hamming windows every 10 ms,
// pre-emphasis 0.97, 26 mel bands, log energies, orthonormal DCT-II). Built on the repo's FFT and mel filterbank:
// npm's meyda compresses with log(1 + x), so its coefficients change with the recording level.
import { createRealFft } from '../../media/dsp/fft.js';
import { slaneyMelFilterbank, type MelFilterbank } from '../../media/dsp/mel.js';

export const MFCC_SAMPLE_RATE = 16_000;
const FRAME = 400;
const HOP = 160;
const BANDS = 26;
const PREEMPHASIS = 0.97;
/** Floor of a band's energy before the log: about -100 dB, so digital silence gives finite coefficients. */
const ENERGY_FLOOR = 1e-10;

export interface MfccFrames {
  /** Frame-major: coefficient c of frame f is `values[f * coefficients + c]`. */
  values: Float64Array;
  coefficients: number;
  count: number;
  /** RMS of each frame's samples (before pre-emphasis), to pick the frames that hold speech. */
  rms: Float64Array;
  /** Seconds between frame starts. */
  hopSec: number;
}

let filterbank: MelFilterbank | undefined;
let dctBasis: Float64Array | undefined;

/** Orthonormal DCT-II rows 0..coefficients-1 over BANDS inputs. */
function dct(coefficients: number): Float64Array {
  if (dctBasis && dctBasis.length === coefficients * BANDS) return dctBasis;
  const basis = new Float64Array(coefficients * BANDS);
  for (let c = 0; c < coefficients; c++) {
    const scale = Math.sqrt((c === 0 ? 1 : 2) / BANDS);
    for (let b = 0; b < BANDS; b++) basis[c * BANDS + b] = scale * Math.cos((Math.PI * c * (b + 0.5)) / BANDS);
  }
  dctBasis = basis;
  return basis;
}

/** MFCCs c0..c(coefficients-1) of every full frame of mono 16 kHz samples in -1..1. */
export function mfcc(samples16k: Float32Array, coefficients = 13): MfccFrames {
  const count = samples16k.length < FRAME ? 0 : 1 + Math.floor((samples16k.length - FRAME) / HOP);
  const values = new Float64Array(count * coefficients);
  const rms = new Float64Array(count);
  if (count === 0) return { values, coefficients, count, rms, hopSec: HOP / MFCC_SAMPLE_RATE };
  filterbank ??= slaneyMelFilterbank(MFCC_SAMPLE_RATE, FRAME, BANDS, 60, 7600);
  const basis = dct(coefficients);
  const fft = createRealFft(FRAME);
  const window = new Float64Array(FRAME);
  for (let i = 0; i < FRAME; i++) window[i] = 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (FRAME - 1));
  const frame = new Float64Array(FRAME);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  const power = new Float64Array(fft.bins);
  const logMel = new Float64Array(BANDS);

  for (let f = 0; f < count; f++) {
    const start = f * HOP;
    let energy = 0;
    for (let i = 0; i < FRAME; i++) {
      const sample = samples16k[start + i];
      energy += sample * sample;
      const previous = start + i > 0 ? samples16k[start + i - 1] : 0;
      frame[i] = (sample - PREEMPHASIS * previous) * window[i];
    }
    rms[f] = Math.sqrt(energy / FRAME);
    fft.transform(frame, re, im);
    for (let k = 0; k < fft.bins; k++) power[k] = re[k] * re[k] + im[k] * im[k];
    for (let b = 0; b < BANDS; b++) {
      const row = filterbank.weights[b];
      const first = filterbank.firstBin[b];
      let sum = 0;
      for (let j = 0; j < row.length; j++) sum += row[j] * power[first + j];
      logMel[b] = Math.log(Math.max(ENERGY_FLOOR, sum));
    }
    for (let c = 0; c < coefficients; c++) {
      let sum = 0;
      for (let b = 0; b < BANDS; b++) sum += basis[c * BANDS + b] * logMel[b];
      values[f * coefficients + c] = sum;
    }
  }
  return { values, coefficients, count, rms, hopSec: HOP / MFCC_SAMPLE_RATE };
}
