// Energy measurements on mono PCM: RMS envelopes, levels in dB, and trimming a clip's silent edges.

/** Root mean square of samples[from, to). */
export function rms(samples: Float32Array, from = 0, to = samples.length): number {
  const start = Math.max(0, Math.floor(from));
  const end = Math.min(samples.length, Math.ceil(to));
  if (end <= start) return 0;
  let sum = 0;
  for (let i = start; i < end; i++) sum += samples[i] * samples[i];
  return Math.sqrt(sum / (end - start));
}

/** Linear amplitude -> dBFS; silence is -Infinity. */
export function toDb(amplitude: number): number {
  return amplitude > 0 ? 20 * Math.log10(amplitude) : -Infinity;
}

/** RMS of consecutive windows of `windowMs`; entry i covers [i·windowMs, (i+1)·windowMs). */
export function rmsEnvelope(samples: Float32Array, sampleRate: number, windowMs = 10): Float32Array {
  const size = Math.max(1, Math.round((sampleRate * windowMs) / 1000));
  const envelope = new Float32Array(Math.ceil(samples.length / size));
  for (let w = 0; w < envelope.length; w++) envelope[w] = rms(samples, w * size, (w + 1) * size);
  return envelope;
}

export interface TrimOptions {
  /** Windows quieter than this many dB under the loudest window count as silence. */
  relativeDb?: number;
  /** ...and anything under this absolute level always does. */
  floorDb?: number;
  /** Silence kept on each side so consonants are not clipped. */
  keepMs?: number;
}

export interface TrimmedClip {
  samples: Float32Array;
  /** Silence removed from the start and the end. */
  leadMs: number;
  trailMs: number;
}

/** Cuts the silence TTS engines put around speech, so a clip placed at a cue is heard at the cue. */
export function trimSilence(samples: Float32Array, sampleRate: number, options: TrimOptions = {}): TrimmedClip {
  const windowMs = 5;
  const size = Math.max(1, Math.round((sampleRate * windowMs) / 1000));
  const envelope = rmsEnvelope(samples, sampleRate, windowMs);
  const loudest = envelope.reduce((max, value) => Math.max(max, value), 0);
  const threshold = Math.max(loudest * 10 ** ((options.relativeDb ?? -40) / 20), 10 ** ((options.floorDb ?? -60) / 20));
  const first = envelope.findIndex((value) => value >= threshold);
  if (loudest === 0 || first < 0)
    return { samples: new Float32Array(0), leadMs: (samples.length / sampleRate) * 1000, trailMs: 0 };
  let last = envelope.length - 1;
  while (last > first && envelope[last] < threshold) last--;
  const keep = Math.round((sampleRate * (options.keepMs ?? 10)) / 1000);
  const start = Math.max(0, first * size - keep);
  const end = Math.min(samples.length, (last + 1) * size + keep);
  return {
    samples: samples.slice(start, end),
    leadMs: (start / sampleRate) * 1000,
    trailMs: ((samples.length - end) / sampleRate) * 1000,
  };
}

/**
 * Amplitude (linear, as of a sine of that peak) of one frequency in samples[from, to): a Hann-windowed
 * single-bin DFT, so a loud tone elsewhere in the spectrum does not leak into the measurement.
 */
export function toneLevel(
  samples: Float32Array,
  sampleRate: number,
  frequency: number,
  from = 0,
  to = samples.length,
): number {
  const start = Math.max(0, Math.floor(from));
  const n = Math.min(samples.length, Math.ceil(to)) - start;
  if (n <= 0) return 0;
  let re = 0;
  let im = 0;
  let windowSum = 0;
  const step = (2 * Math.PI * frequency) / sampleRate;
  for (let i = 0; i < n; i++) {
    const w = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / n);
    const x = samples[start + i] * w;
    re += x * Math.cos(step * i);
    im -= x * Math.sin(step * i);
    windowSum += w;
  }
  return (2 * Math.hypot(re, im)) / windowSum;
}

/** Joins sample runs into one array (e.g. a speaker's lines, for one analysis). */
export function concatSamples(parts: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
