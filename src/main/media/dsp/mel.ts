// The mel spectrogram Wav2Lip-class generators are trained on (Wav2Lip audio.py + hparams.py with librosa 0.7):
// 16 kHz, pre-emphasis 0.97, centred STFT (reflect padding) n_fft 800 / hop 200 / periodic Hann 800, magnitude,
// 80 Slaney mel bands 55..7600 Hz (area-normalised), 20·log10(max(1e-5, x)) - 20 dB, then scaled to [-4, 4] and clipped.
import { createRealFft } from './fft.js';

export const WAV2LIP_SAMPLE_RATE = 16_000;
export const WAV2LIP_MEL_BANDS = 80;
export const WAV2LIP_N_FFT = 800;
export const WAV2LIP_HOP = 200;
/** Mel steps per second of audio (16000 / 200); Wav2Lip's `80. / fps` multiplier comes from this. */
export const WAV2LIP_MEL_STEPS_PER_SECOND = WAV2LIP_SAMPLE_RATE / WAV2LIP_HOP;
/** Mel steps in the window fed with each video frame. */
export const WAV2LIP_MEL_WINDOW = 16;
/** The normalised value of silence (and the clipping bound's negative end). */
export const WAV2LIP_MEL_SILENCE = -4;

const PREEMPHASIS = 0.97;
const FMIN = 55;
const FMAX = 7600;
const MIN_LEVEL_DB = -100;
const REF_LEVEL_DB = 20;
const MAX_ABS_VALUE = 4;

export interface MelSpectrogram {
  /** Band-major, like Wav2Lip's numpy `mel[band, step]`: value of band b at step t is `frames[b * steps + t]`. */
  frames: Float32Array;
  bands: number;
  /** Number of time steps T (1 + floor(samples / 200)); 0 for empty input. */
  steps: number;
}

/** Slaney's mel scale (librosa's default, htk=False): linear below 1 kHz, logarithmic above. */
export function hzToMelSlaney(hz: number): number {
  const linearStep = 200 / 3;
  if (hz < 1000) return hz / linearStep;
  return 1000 / linearStep + Math.log(hz / 1000) / (Math.log(6.4) / 27);
}

export function melToHzSlaney(mel: number): number {
  const linearStep = 200 / 3;
  const logStart = 1000 / linearStep;
  if (mel < logStart) return mel * linearStep;
  return 1000 * Math.exp((Math.log(6.4) / 27) * (mel - logStart));
}

export interface MelFilterbank {
  bands: number;
  /** Frequencies of the filter edges: band b rises from edgesHz[b], peaks at edgesHz[b + 1], falls to edgesHz[b + 2]. */
  edgesHz: Float64Array;
  /** Per band, the first FFT bin with a non-zero weight and the weights from there (sparse rows of librosa's matrix). */
  firstBin: Int32Array;
  weights: Float32Array[];
}

/** librosa.filters.mel(sr, n_fft, n_mels, fmin, fmax) with htk=False and Slaney area normalisation. */
export function slaneyMelFilterbank(
  sampleRate: number,
  nFft: number,
  bands: number,
  fminHz: number,
  fmaxHz: number,
): MelFilterbank {
  const bins = Math.floor(nFft / 2) + 1;
  const edgesHz = new Float64Array(bands + 2);
  const melMin = hzToMelSlaney(fminHz);
  const melMax = hzToMelSlaney(fmaxHz);
  for (let i = 0; i < bands + 2; i++) edgesHz[i] = melToHzSlaney(melMin + ((melMax - melMin) * i) / (bands + 1));
  const firstBin = new Int32Array(bands);
  const weights: Float32Array[] = [];
  for (let b = 0; b < bands; b++) {
    const lower = edgesHz[b];
    const centre = edgesHz[b + 1];
    const upper = edgesHz[b + 2];
    // Slaney normalisation: each triangle has unit area in Hz, so wide high bands are not louder than narrow low ones.
    const norm = 2 / (upper - lower);
    const row: number[] = [];
    let first = -1;
    for (let k = 0; k < bins; k++) {
      const hz = (k * sampleRate) / nFft;
      const weight = Math.max(0, Math.min((hz - lower) / (centre - lower), (upper - hz) / (upper - centre)));
      if (weight > 0) {
        if (first < 0) first = k;
        row.length = k - first + 1;
        row[k - first] = weight * norm;
      }
    }
    firstBin[b] = Math.max(0, first);
    weights.push(Float32Array.from(row, (value) => value ?? 0));
  }
  return { bands, edgesHz, firstBin, weights };
}

let wav2lipFilterbank: MelFilterbank | undefined;

/** The 80-band filterbank Wav2Lip uses (built once). */
export function wav2lipMelFilterbank(): MelFilterbank {
  wav2lipFilterbank ??= slaneyMelFilterbank(WAV2LIP_SAMPLE_RATE, WAV2LIP_N_FFT, WAV2LIP_MEL_BANDS, FMIN, FMAX);
  return wav2lipFilterbank;
}

/** numpy 'reflect' padding index (edge sample not repeated), valid for any overshoot. */
function reflectIndex(index: number, length: number): number {
  if (length === 1) return 0;
  const period = 2 * (length - 1);
  let i = index % period;
  if (i < 0) i += period;
  return i < length ? i : period - i;
}

/** Pre-emphasis y[n] = x[n] - 0.97·x[n-1] (scipy lfilter([1, -k], [1]), x[-1] = 0), applied before the padding. */
function preemphasised(samples: Float32Array, n: number): number {
  return samples[n] - (n > 0 ? PREEMPHASIS * samples[n - 1] : 0);
}

/** Periodic ("fftbins") Hann window, as scipy.signal.get_window('hann', n). */
function periodicHann(length: number): Float64Array {
  const window = new Float64Array(length);
  for (let i = 0; i < length; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / length);
  return window;
}

/**
 * Wav2Lip's `audio.melspectrogram(wav)` of mono 16 kHz samples in -1..1. Output is band-major (80 x T, row-major),
 * T = 1 + floor(samples.length / 200), i.e. 80 steps per second.
 */
export function wav2lipMel(samples16k: Float32Array): MelSpectrogram {
  const length = samples16k.length;
  const bands = WAV2LIP_MEL_BANDS;
  if (length === 0) return { frames: new Float32Array(0), bands, steps: 0 };
  const steps = 1 + Math.floor(length / WAV2LIP_HOP);
  const half = WAV2LIP_N_FFT / 2;

  const fft = createRealFft(WAV2LIP_N_FFT);
  const window = periodicHann(WAV2LIP_N_FFT);
  const bank = wav2lipMelFilterbank();
  const frame = new Float64Array(WAV2LIP_N_FFT);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  const magnitude = new Float64Array(fft.bins);
  const frames = new Float32Array(bands * steps);
  const minLevel = 10 ** (MIN_LEVEL_DB / 20);
  const scale = (2 * MAX_ABS_VALUE) / -MIN_LEVEL_DB;

  for (let t = 0; t < steps; t++) {
    // Window t is centred on sample t·200 (librosa center=True); only the edge windows need reflect padding.
    const start = t * WAV2LIP_HOP - half;
    if (start >= 1 && start + WAV2LIP_N_FFT <= length) {
      for (let i = 0; i < WAV2LIP_N_FFT; i++)
        frame[i] = (samples16k[start + i] - PREEMPHASIS * samples16k[start + i - 1]) * window[i];
    } else {
      for (let i = 0; i < WAV2LIP_N_FFT; i++)
        frame[i] = preemphasised(samples16k, reflectIndex(start + i, length)) * window[i];
    }
    fft.transform(frame, re, im);
    for (let k = 0; k < fft.bins; k++) magnitude[k] = Math.sqrt(re[k] * re[k] + im[k] * im[k]);
    for (let b = 0; b < bands; b++) {
      const row = bank.weights[b];
      const first = bank.firstBin[b];
      let energy = 0;
      for (let j = 0; j < row.length; j++) energy += row[j] * magnitude[first + j];
      const db = 20 * Math.log10(Math.max(minLevel, energy)) - REF_LEVEL_DB;
      const normalised = scale * (db - MIN_LEVEL_DB) - MAX_ABS_VALUE;
      frames[b * steps + t] = Math.min(MAX_ABS_VALUE, Math.max(-MAX_ABS_VALUE, normalised));
    }
  }
  return { frames, bands, steps };
}

/** First mel step of video frame `frameIndex`'s window: Wav2Lip's int(i · 80 / fps), same float arithmetic. */
export function melWindowStart(frameIndex: number, fps: number): number {
  const multiplier = WAV2LIP_MEL_STEPS_PER_SECOND / fps;
  return Math.floor(frameIndex * multiplier);
}

/**
 * Copies the [80, 16] window starting at `start` into `out` (band-major: out[b * 16 + j]). As Wav2Lip, a window that
 * would run past the end is the last 16 steps; a spectrogram shorter than 16 steps is padded with silence (-4).
 */
export function writeMelWindow(mel: MelSpectrogram, start: number, out: Float32Array, outOffset = 0): void {
  const width = WAV2LIP_MEL_WINDOW;
  const from = Math.max(0, Math.min(start, mel.steps - width));
  const available = Math.min(width, mel.steps - from);
  for (let b = 0; b < mel.bands; b++) {
    const row = outOffset + b * width;
    const source = b * mel.steps + from;
    out.set(mel.frames.subarray(source, source + available), row);
    if (available < width) out.fill(WAV2LIP_MEL_SILENCE, row + Math.max(0, available), row + width);
  }
}

/**
 * One mel window per video frame (each a Float32Array of 80·16 values, laid out as the model's [1, 80, 16] input),
 * indexed as Wav2Lip's inference.py: start = int(80 · frameIndex / fps), clamped to the last full window.
 */
export function melChunksForVideo(mel: MelSpectrogram, fps: number, frameCount: number): Float32Array[] {
  if (!(fps > 0)) throw new RangeError(`fps must be positive, got ${fps}`);
  const chunks: Float32Array[] = [];
  for (let i = 0; i < frameCount; i++) {
    const chunk = new Float32Array(mel.bands * WAV2LIP_MEL_WINDOW);
    writeMelWindow(mel, melWindowStart(i, fps), chunk);
    chunks.push(chunk);
  }
  return chunks;
}
