// Band-limited resampling (windowed sinc), so TTS clips at 16/22.05/24 kHz join a 48 kHz track without aliasing.

const ZERO_CROSSINGS = 16;
const TABLE_STEPS = 512;

let kernelTable: Float32Array | undefined;

/** sinc(x) · Blackman window over |x| <= ZERO_CROSSINGS, tabulated at 1/TABLE_STEPS (+1 guard entry). */
function kernel(): Float32Array {
  if (kernelTable) return kernelTable;
  const size = ZERO_CROSSINGS * TABLE_STEPS + 2;
  const table = new Float32Array(size);
  for (let i = 0; i < size; i++) {
    const x = i / TABLE_STEPS;
    if (x >= ZERO_CROSSINGS) continue;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const phase = Math.PI * (x / ZERO_CROSSINGS + 1); // 0..2π over -Z..Z, evaluated on the right half
    const blackman = 0.42 - 0.5 * Math.cos(phase) + 0.08 * Math.cos(2 * phase);
    table[i] = sinc * blackman;
  }
  kernelTable = table;
  return table;
}

/** Mono samples from `fromRate` to `toRate`; output length round(length · toRate / fromRate). */
export function resample(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (!(fromRate > 0) || !(toRate > 0))
    throw new RangeError(`sample rates must be positive, got ${fromRate} -> ${toRate}`);
  if (fromRate === toRate) return samples.slice();
  const table = kernel();
  const ratio = toRate / fromRate;
  // Downsampling lowers the cutoff to the new Nyquist frequency and widens the kernel to match.
  const cutoff = Math.min(1, ratio) * 0.97;
  const halfWidth = ZERO_CROSSINGS / cutoff;
  const outLength = Math.round(samples.length * ratio);
  const out = new Float32Array(outLength);
  const last = samples.length - 1;
  for (let j = 0; j < outLength; j++) {
    const t = j / ratio;
    const first = Math.max(0, Math.ceil(t - halfWidth));
    const end = Math.min(last, Math.floor(t + halfWidth));
    let sum = 0;
    for (let i = first; i <= end; i++) {
      const x = Math.abs(t - i) * cutoff * TABLE_STEPS;
      const index = x | 0;
      const fraction = x - index;
      sum += samples[i] * (table[index] + (table[index + 1] - table[index]) * fraction);
    }
    out[j] = sum * cutoff;
  }
  return out;
}
