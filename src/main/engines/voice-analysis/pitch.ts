// Fundamental frequency (F0) of speech with YIN (de Cheveigné & Kawahara 2002): per-frame pitch, voiced frames, the median.
import type { VoiceGender } from '../tts/types.js';

/** The rate the analysis runs at: enough for speech F0 and harmonics, and cheap. */
export const ANALYSIS_RATE = 16_000;

export interface PitchOptions {
  /** Lowest F0 searched, Hz (a deep male voice goes near 60). */
  minHz?: number;
  /** Highest F0 searched, Hz (a child or a raised female voice goes near 450). */
  maxHz?: number;
  /** Frame step, seconds. */
  hopSec?: number;
  /** YIN's threshold on the cumulative mean normalised difference: lower = stricter periodicity. */
  threshold?: number;
  /** Frames quieter than this fraction of the loudest frame's RMS are unvoiced (silence, breaths, background). */
  relativeSilence?: number;
}

export interface PitchFrame {
  timeSec: number;
  /** Estimated F0, Hz; 0 when the frame is unvoiced. */
  f0: number;
  /** YIN's aperiodicity at the chosen lag, 0 (perfectly periodic) .. 1. */
  aperiodicity: number;
  rms: number;
}

const DEFAULTS: Required<PitchOptions> = {
  minHz: 60,
  maxHz: 500,
  hopSec: 0.01,
  threshold: 0.15,
  relativeSilence: 0.05,
};

/** Mono samples at any rate -> ANALYSIS_RATE (box pre-filter against aliasing, then linear interpolation). */
export function toAnalysisRate(samples: Float32Array, sampleRate: number): Float32Array {
  if (sampleRate === ANALYSIS_RATE) return samples;
  let source = samples;
  if (sampleRate > ANALYSIS_RATE) {
    // A moving average as wide as the rate ratio damps what would fold back below 8 kHz.
    const width = Math.max(1, Math.round(sampleRate / ANALYSIS_RATE));
    if (width > 1) {
      source = new Float32Array(samples.length);
      let sum = 0;
      for (let i = 0; i < samples.length; i++) {
        sum += samples[i];
        if (i >= width) sum -= samples[i - width];
        source[i] = sum / Math.min(i + 1, width);
      }
    }
  }
  const outLength = Math.floor((samples.length * ANALYSIS_RATE) / sampleRate);
  const out = new Float32Array(outLength);
  const step = sampleRate / ANALYSIS_RATE;
  for (let i = 0; i < outLength; i++) {
    const position = i * step;
    const index = Math.floor(position);
    const fraction = position - index;
    const next = index + 1 < source.length ? source[index + 1] : source[index];
    out[i] = source[index] * (1 - fraction) + next * fraction;
  }
  return out;
}

/** Per-frame F0 of mono PCM; frames that are quiet or not periodic get f0 = 0. */
export function pitchTrack(samples: Float32Array, sampleRate: number, options: PitchOptions = {}): PitchFrame[] {
  const { minHz, maxHz, hopSec, threshold, relativeSilence } = { ...DEFAULTS, ...options };
  const signal = toAnalysisRate(samples, sampleRate);
  const rate = ANALYSIS_RATE;
  const maxLag = Math.ceil(rate / minHz);
  const minLag = Math.max(2, Math.floor(rate / maxHz));
  // The integration window must hold at least one period of the lowest F0.
  const window = maxLag;
  const hop = Math.max(1, Math.round(hopSec * rate));
  const frames: PitchFrame[] = [];
  if (signal.length < window + maxLag) return frames;

  const difference = new Float64Array(maxLag + 1);
  let loudest = 0;
  for (let start = 0; start + window + maxLag <= signal.length; start += hop) {
    let energy = 0;
    for (let i = start; i < start + window; i++) energy += signal[i] * signal[i];
    const rms = Math.sqrt(energy / window);
    loudest = Math.max(loudest, rms);
    frames.push({ timeSec: (start + window / 2) / rate, f0: 0, aperiodicity: 1, rms });
  }

  const silence = loudest * relativeSilence;
  for (let f = 0; f < frames.length; f++) {
    const frame = frames[f];
    if (frame.rms <= silence || frame.rms < 1e-4) continue;
    const start = f * hop;
    // Squared difference function d(tau), then its cumulative mean normalised form d'(tau).
    for (let lag = 1; lag <= maxLag; lag++) {
      let sum = 0;
      for (let i = start; i < start + window; i++) {
        const delta = signal[i] - signal[i + lag];
        sum += delta * delta;
      }
      difference[lag] = sum;
    }
    difference[0] = 1;
    let runningSum = 0;
    for (let lag = 1; lag <= maxLag; lag++) {
      runningSum += difference[lag];
      difference[lag] = runningSum > 0 ? (difference[lag] * lag) / runningSum : 1;
    }
    const lag = firstDip(difference, minLag, maxLag, threshold);
    if (lag === undefined) continue;
    const refined = parabolicPeak(difference, lag);
    frame.f0 = rate / refined;
    frame.aperiodicity = difference[lag];
  }
  return frames;
}

/** The first lag whose d' falls below the threshold, followed down to its local minimum (YIN step 4). */
function firstDip(cmnd: Float64Array, minLag: number, maxLag: number, threshold: number): number | undefined {
  for (let lag = minLag; lag <= maxLag; lag++) {
    if (cmnd[lag] < threshold) {
      while (lag + 1 <= maxLag && cmnd[lag + 1] < cmnd[lag]) lag++;
      return lag;
    }
  }
  return undefined;
}

/** Sub-sample position of the minimum around `lag` (YIN step 5). */
function parabolicPeak(values: Float64Array, lag: number): number {
  if (lag <= 1 || lag + 1 >= values.length) return lag;
  const left = values[lag - 1];
  const centre = values[lag];
  const right = values[lag + 1];
  const curvature = left - 2 * centre + right;
  if (curvature <= 0) return lag;
  return lag + (left - right) / (2 * curvature);
}

/** F0 of the voiced frames only. */
export function voicedF0s(frames: readonly PitchFrame[]): number[] {
  return frames.filter((frame) => frame.f0 > 0).map((frame) => frame.f0);
}

/** Median F0 of the voiced frames, Hz; undefined when fewer than `minVoicedFrames` are voiced (no usable speech). */
export function medianF0(
  samples: Float32Array,
  sampleRate: number,
  options: PitchOptions & { minVoicedFrames?: number } = {},
): number | undefined {
  const voiced = voicedF0s(pitchTrack(samples, sampleRate, options));
  if (voiced.length < (options.minVoicedFrames ?? 10)) return undefined;
  return median(voiced);
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Adult male speech centres near 85-155 Hz and female near 165-255 Hz: the band between them is left undecided. */
export const GENDER_BOUNDARY_HZ = 165;
const UNSURE_BAND_HZ = 15;

export function guessGender(f0: number | undefined): VoiceGender {
  if (f0 === undefined || !Number.isFinite(f0) || f0 <= 0) return 'neutral';
  if (f0 < GENDER_BOUNDARY_HZ - UNSURE_BAND_HZ) return 'male';
  if (f0 > GENDER_BOUNDARY_HZ + UNSURE_BAND_HZ) return 'female';
  return 'neutral';
}

/** Distance between two frequencies in semitones (positive when `to` is higher). */
export function semitonesBetween(fromHz: number, toHz: number): number {
  return 12 * Math.log2(toHz / fromHz);
}
