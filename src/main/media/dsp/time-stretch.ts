// WSOLA time-stretching: changes duration, keeps pitch. Pure TypeScript so 150 clips cost no process spawns.

export interface TimeStretchOptions {
  /** Analysis/synthesis frame length; 20-30 ms suits speech. */
  frameMs?: number;
  /** How far either side of the nominal position to look for the best-matching frame. */
  seekMs?: number;
}

/**
 * Plays `samples` `factor` times faster without changing pitch: factor 1.3 makes the clip 1.3x
 * shorter, 0.8 makes it 1.25x longer. The output has exactly round(length / factor) samples.
 */
export function timeStretch(
  samples: Float32Array,
  sampleRate: number,
  factor: number,
  options: TimeStretchOptions = {},
): Float32Array {
  if (!(factor > 0) || !Number.isFinite(factor))
    throw new RangeError(`time-stretch factor must be a positive number, got ${factor}`);
  const outLength = Math.round(samples.length / factor);
  if (Math.abs(factor - 1) < 1e-6) return samples.slice();
  if (outLength === 0) return new Float32Array(0);

  const hop = Math.max(8, Math.round((sampleRate * (options.frameMs ?? 25)) / 2000));
  const frame = hop * 2;
  const seek = Math.max(4, Math.round((sampleRate * (options.seekMs ?? 10)) / 1000));
  // Zero padding on both sides lets every candidate frame be read without bounds checks.
  const pad = seek + frame;
  const input = new Float32Array(samples.length + 2 * pad);
  input.set(samples, pad);
  const window = hannWindow(frame);
  const out = new Float32Array(outLength + frame);
  const analysisHop = hop * factor;
  // The last frame must still lie inside the clip, or the tail fades into the zero padding.
  const lastStart = Math.max(0, samples.length - frame);

  let previous = 0;
  for (let k = 0; k * hop < outLength; k++) {
    let position = 0;
    if (k > 0) {
      const nominal = Math.min(lastStart, Math.round(k * analysisHop));
      // The frame must continue what the previous frame's second half already put in the output.
      position = bestMatch(input, pad, nominal, previous + hop, hop, seek, lastStart);
    }
    const outStart = k * hop;
    const from = pad + position;
    for (let i = 0; i < frame; i++) {
      // The first frame starts at full gain: nothing before it overlaps its rising half.
      const gain = k === 0 && i < hop ? 1 : window[i];
      out[outStart + i] += input[from + i] * gain;
    }
    previous = position;
  }
  return out.subarray(0, outLength).slice();
}

/** Periodic Hann: two copies half a frame apart sum to exactly 1. */
function hannWindow(length: number): Float32Array {
  const window = new Float32Array(length);
  for (let i = 0; i < length; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / length);
  return window;
}

/**
 * The start within nominal ± seek whose first `overlap` samples correlate best (normalised) with
 * the natural continuation; a coarse search on every 4th sample, then a fine one around the winner.
 */
function bestMatch(
  input: Float32Array,
  pad: number,
  nominal: number,
  natural: number,
  overlap: number,
  seek: number,
  lastStart: number,
): number {
  const low = Math.max(0, nominal - seek);
  const high = Math.max(low, Math.min(lastStart, nominal + seek));
  const target = pad + natural;
  let best = nominal;
  let bestScore = -Infinity;
  const score = (candidate: number, step: number): number => {
    const from = pad + candidate;
    let dot = 0;
    let energy = 1e-9;
    for (let i = 0; i < overlap; i += step) {
      const value = input[from + i];
      dot += value * input[target + i];
      energy += value * value;
    }
    return dot / Math.sqrt(energy);
  };
  for (let candidate = low; candidate <= high; candidate += 4) {
    const value = score(candidate, 4);
    if (value > bestScore) {
      bestScore = value;
      best = candidate;
    }
  }
  const coarse = best;
  bestScore = -Infinity;
  for (let candidate = Math.max(low, coarse - 3); candidate <= Math.min(high, coarse + 3); candidate++) {
    const value = score(candidate, 1);
    if (value > bestScore) {
      bestScore = value;
      best = candidate;
    }
  }
  return best;
}
