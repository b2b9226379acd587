// The project's mixed-radix FFT (src/main/media/dsp/fft.ts) against fft.js, in the same run, at the sizes the code
// uses. fft.js is radix-4 and takes powers of two only, and none of those sizes is one, so it is measured two ways:
// through Bluestein's chirp-z (the same bins, what an adapter would have to do) and zero-padded to the next power of
// two (different bins, so unusable here; shown as the floor of its cost). Powers of two are added for reference.
// Run: npm run bench:fft [-- --ms M]   (M: time per variant and round, default 150)
import { mkdirSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import FFT from 'fft.js';
import { createComplexFft, createRealFft } from '../src/main/media/dsp/fft.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const ROUNDS = 5;

/** Real FFT sizes the code runs, and who runs them. */
const REAL_SIZES: { size: number; user: string }[] = [
  { size: 400, user: 'diarization MFCC (25 ms at 16 kHz)' },
  { size: 800, user: 'Wav2Lip mel; lip-sync audio features at 16 kHz' },
  { size: 6144, user: 'MDX-Net separation STFT (and its inverse, same inner size)' },
  { size: 1024, user: '(reference: a power of two)' },
  { size: 8192, user: '(reference: a power of two)' },
];

type Transform = () => void;

const nextPow2 = (n: number) => 2 ** Math.ceil(Math.log2(n));

/** A complex DFT of any size n on fft.js: Bluestein's chirp-z, three power-of-two transforms of size >= 2n-1. */
function bluesteinComplex(
  n: number,
): (inRe: Float64Array, inIm: Float64Array, outRe: Float64Array, outIm: Float64Array) => void {
  const m = nextPow2(2 * n - 1);
  const fft = new FFT(m);
  // w[k] = e^(-iπk²/n), with k² taken mod 2n so the phase stays exact for large k.
  const wRe = new Float64Array(n);
  const wIm = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const phase = (-Math.PI * ((k * k) % (2 * n))) / n;
    wRe[k] = Math.cos(phase);
    wIm[k] = Math.sin(phase);
  }
  const b = new Float64Array(2 * m);
  for (let k = 0; k < n; k++) {
    b[2 * k] = wRe[k];
    b[2 * k + 1] = -wIm[k];
    if (k > 0) {
      b[2 * (m - k)] = wRe[k];
      b[2 * (m - k) + 1] = -wIm[k];
    }
  }
  const bSpectrum = new Float64Array(2 * m);
  fft.transform(bSpectrum, b);
  const a = new Float64Array(2 * m);
  const aSpectrum = new Float64Array(2 * m);
  const conv = new Float64Array(2 * m);
  return (inRe, inIm, outRe, outIm) => {
    a.fill(0);
    for (let k = 0; k < n; k++) {
      a[2 * k] = inRe[k] * wRe[k] - inIm[k] * wIm[k];
      a[2 * k + 1] = inRe[k] * wIm[k] + inIm[k] * wRe[k];
    }
    fft.transform(aSpectrum, a);
    for (let k = 0; k < m; k++) {
      const re = aSpectrum[2 * k] * bSpectrum[2 * k] - aSpectrum[2 * k + 1] * bSpectrum[2 * k + 1];
      const im = aSpectrum[2 * k] * bSpectrum[2 * k + 1] + aSpectrum[2 * k + 1] * bSpectrum[2 * k];
      aSpectrum[2 * k] = re;
      aSpectrum[2 * k + 1] = im;
    }
    fft.inverseTransform(conv, aSpectrum);
    for (let k = 0; k < n; k++) {
      outRe[k] = conv[2 * k] * wRe[k] - conv[2 * k + 1] * wIm[k];
      outIm[k] = conv[2 * k] * wIm[k] + conv[2 * k + 1] * wRe[k];
    }
  };
}

/** fft.js's real transform at `size` (a power of two): bins 0..size/2 split into re/im. */
function fftJsReal(size: number, input: Float64Array, outRe: Float64Array, outIm: Float64Array): Transform {
  const fft = new FFT(size);
  const padded = new Float64Array(size);
  padded.set(input.subarray(0, Math.min(size, input.length)));
  const out = new Float64Array(2 * size);
  return () => {
    fft.realTransform(out, padded);
    for (let k = 0; k <= size / 2; k++) {
      outRe[k] = out[2 * k];
      outIm[k] = out[2 * k + 1];
    }
  };
}

/** A real FFT of even `size` through a complex one of size/2 (the packing createRealFft uses), so both sides compare like for like. */
function packedReal(
  size: number,
  complex: ReturnType<typeof bluesteinComplex>,
  input: Float64Array,
  outRe: Float64Array,
  outIm: Float64Array,
): Transform {
  const half = size / 2;
  const pRe = new Float64Array(half);
  const pIm = new Float64Array(half);
  const zRe = new Float64Array(half);
  const zIm = new Float64Array(half);
  const cos = Float64Array.from({ length: half + 1 }, (_, k) => Math.cos((-2 * Math.PI * k) / size));
  const sin = Float64Array.from({ length: half + 1 }, (_, k) => Math.sin((-2 * Math.PI * k) / size));
  return () => {
    for (let n = 0; n < half; n++) {
      pRe[n] = input[2 * n];
      pIm[n] = input[2 * n + 1];
    }
    complex(pRe, pIm, zRe, zIm);
    for (let k = 0; k <= half; k++) {
      const a = k === half ? 0 : k;
      const b = k === 0 ? 0 : half - k;
      const or = (zIm[a] + zIm[b]) / 2;
      const oi = -(zRe[a] - zRe[b]) / 2;
      const c = cos[k];
      const s = sin[k];
      outRe[k] = (zRe[a] + zRe[b]) / 2 + c * or - s * oi;
      outIm[k] = (zIm[a] - zIm[b]) / 2 + c * oi + s * or;
    }
  };
}

/** Microseconds per call: rounds interleaved across variants (so load on the machine hits all alike), median taken. */
function timeAll(variants: Record<string, Transform>, msPerRound: number): Record<string, number> {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (const run of Object.values(variants)) for (let i = 0; i < 50; i++) run();
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, run] of Object.entries(variants)) {
      let calls = 0;
      const start = performance.now();
      let elapsed = 0;
      while (elapsed < msPerRound) {
        for (let i = 0; i < 20; i++) run();
        calls += 20;
        elapsed = performance.now() - start;
      }
      samples[name].push((elapsed * 1000) / calls);
    }
  }
  return Object.fromEntries(
    Object.entries(samples).map(([k, v]) => [k, v.sort((a, b) => a - b)[Math.floor(v.length / 2)]]),
  );
}

function maxAbsDiff(aRe: Float64Array, aIm: Float64Array, bRe: Float64Array, bIm: Float64Array, count: number): number {
  let worst = 0;
  for (let k = 0; k < count; k++) worst = Math.max(worst, Math.abs(aRe[k] - bRe[k]), Math.abs(aIm[k] - bIm[k]));
  return worst;
}

function benchSize(size: number, msPerRound: number) {
  const bins = size / 2 + 1;
  const input = Float64Array.from(
    { length: size },
    (_, i) => Math.sin(i * 0.37) + 0.5 * Math.cos(i * 1.91) + ((i * 7919) % 13) / 13 - 0.5,
  );
  const out = () => [new Float64Array(bins), new Float64Array(bins)] as const;
  const [handRe, handIm] = out();
  const [jsRe, jsIm] = out();
  const [padRe, padIm] = out();
  const hand = createRealFft(size);
  const pow2 = (size & (size - 1)) === 0;
  const variants: Record<string, Transform> = { hand: () => hand.transform(input, handRe, handIm) };
  // On a power of two fft.js runs directly; otherwise through Bluestein (same bins) and padded (other bins).
  variants.fftjs = pow2
    ? fftJsReal(size, input, jsRe, jsIm)
    : packedReal(size, bluesteinComplex(size / 2), input, jsRe, jsIm);
  if (!pow2) variants.fftjsPadded = fftJsReal(nextPow2(size), input, padRe, padIm);
  for (const run of Object.values(variants)) run();
  const scale = Math.max(...handRe.map(Math.abs), ...handIm.map(Math.abs));
  const diff = maxAbsDiff(handRe, handIm, jsRe, jsIm, bins);
  // The hand FFT's complex core on its own, against fft.js's complex path at the same size.
  const n = size / 2;
  const cRe = input.subarray(0, n);
  const cIm = input.subarray(n, 2 * n);
  const [hcRe, hcIm, jcRe, jcIm] = [0, 0, 0, 0].map(() => new Float64Array(n));
  const complexHand = createComplexFft(n);
  const complexJs = pow2 ? fftJsComplex(n) : bluesteinComplex(n);
  const complexTimes = timeAll(
    { hand: () => complexHand.transform(cRe, cIm, hcRe, hcIm), fftjs: () => complexJs(cRe, cIm, jcRe, jcIm) },
    msPerRound,
  );
  const complexDiff = maxAbsDiff(hcRe, hcIm, jcRe, jcIm, n);
  return { size, pow2, scale, diff, complexDiff, real: timeAll(variants, msPerRound), complex: complexTimes };
}

/** fft.js's complex transform on split re/im arrays (interleaving in and out counted, as an adapter would pay it). */
function fftJsComplex(n: number): ReturnType<typeof bluesteinComplex> {
  const fft = new FFT(n);
  const data = new Float64Array(2 * n);
  const out = new Float64Array(2 * n);
  return (inRe, inIm, outRe, outIm) => {
    for (let k = 0; k < n; k++) {
      data[2 * k] = inRe[k];
      data[2 * k + 1] = inIm[k];
    }
    fft.transform(out, data);
    for (let k = 0; k < n; k++) {
      outRe[k] = out[2 * k];
      outIm[k] = out[2 * k + 1];
    }
  };
}

function main(): void {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { ms: { type: 'string' } } });
  const msPerRound = Number(values.ms ?? 150);
  const rows = REAL_SIZES.map(({ size, user }) => {
    process.stderr.write(`[bench:fft] size ${size}\n`);
    return { ...benchSize(size, msPerRound), user };
  });
  const f = (us: number) => us.toFixed(2).padStart(8);
  const r = (x: number) => x.toFixed(2).padStart(6);
  console.log('real FFT, µs per transform (median of rounds); ratio = fft.js / hand (above 1: hand faster)');
  console.log('   size |     hand |    fftjs |  ratio | padded pow2 |  ratio | max |diff| (of max |X|) | used by');
  for (const row of rows) {
    const padded = row.real.fftjsPadded;
    console.log(
      `${String(row.size).padStart(7)} | ${f(row.real.hand)} | ${f(row.real.fftjs)} | ${r(row.real.fftjs / row.real.hand)} | ` +
        `${padded ? `${f(padded)}   ` : '      -    '} | ${padded ? r(padded / row.real.hand) : '     -'} | ${row.diff.toExponential(1)} (${row.scale.toFixed(0)}) | ${row.user}`,
    );
  }
  console.log('\ncomplex FFT of size/2 (createComplexFft against fft.js: direct on a power of two, else Bluestein)');
  console.log('   size |     hand |    fftjs |  ratio | max |diff|');
  for (const row of rows) {
    console.log(
      `${String(row.size / 2).padStart(7)} | ${f(row.complex.hand)} | ${f(row.complex.fftjs)} | ${r(row.complex.fftjs / row.complex.hand)} | ${row.complexDiff.toExponential(1)}`,
    );
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    `${RESULTS_DIR}fft-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify({ msPerRound, rounds: ROUNDS, rows }, null, 2),
  );
}

main();
