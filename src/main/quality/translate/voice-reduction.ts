// How much quieter the original voice is in the result than in the input, over the input's speech regions. The mix
// is gain x (dub + background), delayed by its limiter's look-ahead, so the mix less the dub found in it (lag and
// gain fitted on the result itself) leaves what remains of the original there.
import type { SpeechRegion } from '../../engines/vad/types.js';

/** Fewer samples than this (at the analysis rate) in the speech regions cannot be measured reliably. */
const MIN_SPEECH_SAMPLES = 200;
/** The mix is searched this far either way for the dub (the limiter's look-ahead is 5 ms). */
const MAX_LAG_MS = 50;
/** The fit reads at most this much of the tracks: enough dub to find its lag and gain, little time on long jobs. */
const FIT_SPAN_SEC = 120;

export interface VoiceReductionInput {
  /** The input's audio, the dub track and the mix, mono at `sampleRate`, on one timeline. */
  original: Float32Array;
  dub: Float32Array;
  mix: Float32Array;
  sampleRate: number;
  regions: readonly SpeechRegion[];
}

/** The lag (samples the mix trails the dub by) and gain under which the dub best explains the mix. */
export function fitDubInMix(dub: Float32Array, mix: Float32Array, sampleRate: number): { lag: number; gain: number } {
  const maxLag = Math.round((MAX_LAG_MS / 1000) * sampleRate);
  const span = Math.min(dub.length, mix.length, Math.round(FIT_SPAN_SEC * sampleRate));
  let best = { lag: 0, score: -Infinity, gain: 0 };
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let cross = 0;
    let energy = 0;
    for (let i = Math.max(0, -lag); i < span && i + lag < mix.length; i++) {
      cross += mix[i + lag]! * dub[i]!;
      energy += dub[i]! * dub[i]!;
    }
    // Normalised by the dub's energy over the same samples, so edge lags are not favoured.
    const score = energy > 0 ? cross / Math.sqrt(energy) : -Infinity;
    if (score > best.score) best = { lag, score, gain: energy > 0 ? cross / energy : 0 };
  }
  return { lag: best.lag, gain: best.gain };
}

/** dB the original lost over its speech regions in the mix; null when there is too little speech or dub to measure. */
export function voiceReductionDb(input: VoiceReductionInput): number | null {
  const { lag, gain } = fitDubInMix(input.dub, input.mix, input.sampleRate);
  if (!(gain > 0)) return null;
  let originalEnergy = 0;
  let remainingEnergy = 0;
  let counted = 0;
  for (const region of input.regions) {
    const from = Math.max(0, Math.floor((region.startMs / 1000) * input.sampleRate));
    const to = Math.min(
      input.original.length,
      input.dub.length,
      input.mix.length - lag,
      Math.ceil((region.endMs / 1000) * input.sampleRate),
    );
    for (let i = Math.max(from, -lag); i < to; i++) {
      const original = input.original[i]!;
      const remaining = input.mix[i + lag]! / gain - input.dub[i]!;
      originalEnergy += original * original;
      remainingEnergy += remaining * remaining;
      counted++;
    }
  }
  if (counted < MIN_SPEECH_SAMPLES || originalEnergy === 0) return null;
  // A perfectly removed voice would be infinitely quieter; 96 dB is the floor of the 16-bit mix.
  if (remainingEnergy === 0) return 96;
  return Math.min(96, 10 * Math.log10(originalEnergy / remainingEnergy));
}
