// Audio features -> the mouth shape standard_v1 warps the lips to, per video frame. Pure.
//
// The mapping, in the order it is applied:
// 1. Speech or not: clip-relative loudness with hysteresis (on at 0.30, off under 0.18), so level noise around one
//    threshold does not open and close the mouth on alternate frames. Islands of sound shorter than 50 ms, or
//    unvoiced and at most 100 ms (clicks, knocks), are not speech.
// 2. Closures inside speech: a frame whose loudness sits in a dip at least 0.3 under the peaks on both sides (within
//    150 ms) is a closure: the gap between words, or the hold of a bilabial /p b m/. So is a frame inside speech
//    whose quietest 10 ms fall under the gate (a short gap that two frames straddle). Lips close there.
// 3. Minimum hold: every closure between two stretches of speech lasts at least 80 ms (the quieter neighbour frames
//    join it), so the mouth visibly closes between words instead of dipping halfway under the smoothing.
// 4. Targets in speech. Opening is the product of
//    - level: loudness above the gate on a power curve (0.4), so soft syllables still part the lips;
//    - syllable contrast: (loudness / the loudest frame within ±150 ms)^2. The jaw opens on each syllable's
//      nucleus and closes towards the consonants around it, relative to the neighbouring syllables rather than to the
//      whole clip, so the mouth keeps moving while someone talks instead of hanging open on loud passages;
//    - voicing: unvoiced sounds (s, f, t) are made with the jaw nearly closed (x0.5 .. x1);
//    - vowel height: energy above 550 Hz in the first-formant range means a high F1, an open vowel ("a") (x0.8 .. x1).
//    A burst right after a closure (high-frequency or unvoiced onset: a plosive release) opens only halfway on its
//    first frame. Width and rounding follow spectral brightness: "ee" puts energy high (F2 ~2.3 kHz) and spreads
//    the lips; "oo" keeps it low (F1/F2 < 1 kHz) and rounds them, narrowing the mouth. Both fade on quiet frames.
// 5. Coarticulation: neighbouring sounds shape each other, and the lips anticipate the next sound more than they
//    linger on the last; a short Gaussian (25 ms) weighted 1.3x towards the future smooths all three targets. Opening
//    is then pinned back to 0 outside speech, so pauses and closures stay fully closed; width and rounding may lead
//    into a closure (lips round before an "oo" is heard).
import type { FrameAudioFeatures } from '../../media/dsp/audio-features.js';

export interface MouthTargetOptions {
  onGate?: number;
  offGate?: number;
  minSpeechMs?: number;
  dipDepth?: number;
  dipReachMs?: number;
  minClosedMs?: number;
  /** Curve from loudness above the gate to opening (< 1 opens soft speech more); default 0.4. */
  levelExponent?: number;
  /** How far either side a syllable's loudness peak is looked for, and how strongly frames under it close; 150 ms, 2. */
  syllableReachMs?: number;
  syllableContrast?: number;
  coarticulationMs?: number;
  /** The largest relative width change either way; default 0.2. */
  maxWidthChange?: number;
}

export interface MouthTargets {
  fps: number;
  frameCount: number;
  /** 0 = lips together, 1 = the widest this speaker's mouth opens in speech. */
  opening: Float32Array;
  /** Relative change of the mouth's width from its neutral width: -maxWidthChange (rounded "oo") .. +maxWidthChange (spread "ee"). */
  width: Float32Array;
  /** 0..1: how rounded/protruded the lips are. */
  rounding: Float32Array;
  /** 1 on frames of speech, 0 in pauses and closures (opening is 0 there). */
  speaking: Uint8Array;
}

type MouthFeatures = Pick<
  FrameAudioFeatures,
  'fps' | 'frameCount' | 'loudness' | 'troughLoudness' | 'brightness' | 'highShare' | 'openVowelShare' | 'voicing'
>;

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

function mean(values: ArrayLike<number>, from: number, to: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) sum += values[i];
  return to > from ? sum / (to - from) : 0;
}

/** Runs of equal values in a 0/1 mask as [start, end) pairs of the runs equal to `value`. */
function runsOf(mask: Uint8Array, value: number): [number, number][] {
  const runs: [number, number][] = [];
  for (let i = 0; i < mask.length;) {
    if (mask[i] !== value) {
      i++;
      continue;
    }
    let end = i;
    while (end < mask.length && mask[end] === value) end++;
    runs.push([i, end]);
    i = end;
  }
  return runs;
}

/** Steps 1-3: which frames are speech with the lips apart. */
export function speechMask(features: MouthFeatures, options: MouthTargetOptions = {}): Uint8Array {
  const { loudness, frameCount: n, fps } = features;
  const frameMs = 1000 / fps;
  const onGate = options.onGate ?? 0.3;
  const offGate = options.offGate ?? 0.18;
  const speaking = new Uint8Array(n);
  let on = false;
  for (let i = 0; i < n; i++) {
    on = on ? loudness[i] >= offGate : loudness[i] >= onGate;
    speaking[i] = on ? 1 : 0;
  }
  const minSpeechMs = options.minSpeechMs ?? 50;
  for (const [start, end] of runsOf(speaking, 1)) {
    const durationMs = (end - start) * frameMs;
    // A burst of noise under 100 ms (a click, a knock) is no syllable; a short voiced one ("a", "I") is.
    const unvoiced = mean(features.voicing, start, end) < 0.5;
    if (durationMs < minSpeechMs || (unvoiced && durationMs <= 100)) speaking.fill(0, start, end);
  }

  const reach = Math.max(1, Math.ceil((options.dipReachMs ?? 150) / frameMs));
  const depth = options.dipDepth ?? 0.3;
  const dips: number[] = [];
  for (let i = 1; i < n - 1; i++) {
    if (!speaking[i] || loudness[i] > loudness[i - 1] || loudness[i] > loudness[i + 1]) continue;
    let before = 0;
    let after = 0;
    for (let j = Math.max(0, i - reach); j < i; j++) before = Math.max(before, loudness[j]);
    for (let j = i + 1; j <= Math.min(n - 1, i + reach); j++) after = Math.max(after, loudness[j]);
    if (Math.min(before, after) - loudness[i] >= depth) dips.push(i);
  }
  // A gap between words shorter than the frames that straddle it: their quietest 10 ms fall under the gate.
  for (let i = 1; i < n - 1; i++) {
    if (speaking[i] && features.troughLoudness[i] < offGate && speaking[i - 1] && speaking[i + 1]) dips.push(i);
  }
  for (const i of dips) speaking[i] = 0;

  const minClosed = Math.max(1, Math.round((options.minClosedMs ?? 80) / frameMs));
  for (const [runStart, runEnd] of runsOf(speaking, 0)) {
    if (runStart === 0 || runEnd === n) continue; // before the first and after the last word nothing needs to close
    let start = runStart;
    let end = runEnd;
    while (end - start < minClosed) {
      const left = start > 0 && speaking[start - 1] ? loudness[start - 1] : Infinity;
      const right = end < n && speaking[end] ? loudness[end] : Infinity;
      if (left === Infinity && right === Infinity) break;
      if (left <= right) speaking[--start] = 0;
      else speaking[end++] = 0;
    }
  }
  return speaking;
}

/** Gaussian smoothing with the future side weighted `lead` times the past (anticipatory coarticulation). */
function coarticulate(values: Float32Array, sigmaFrames: number, lead: number): Float32Array {
  if (sigmaFrames < 0.05) return values.slice();
  const radius = Math.max(1, Math.ceil(2.5 * sigmaFrames));
  const kernel = new Float64Array(2 * radius + 1);
  for (let d = -radius; d <= radius; d++)
    kernel[d + radius] = Math.exp(-(d * d) / (2 * sigmaFrames * sigmaFrames)) * (d > 0 ? lead : 1);
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) {
    let sum = 0;
    let weight = 0;
    for (let d = -radius; d <= radius; d++) {
      const j = i + d;
      if (j < 0 || j >= values.length) continue;
      sum += values[j] * kernel[d + radius];
      weight += kernel[d + radius];
    }
    out[i] = sum / weight;
  }
  return out;
}

/** Per-frame mouth opening, width and rounding for the features of a clip (see the file comment for the mapping). */
export function mouthTargetsFromFeatures(features: MouthFeatures, options: MouthTargetOptions = {}): MouthTargets {
  const { fps, frameCount: n, loudness, brightness, highShare, openVowelShare, voicing } = features;
  const offGate = options.offGate ?? 0.18;
  const maxWidth = options.maxWidthChange ?? 0.2;
  const speaking = speechMask(features, options);
  const reach = Math.max(1, Math.round(((options.syllableReachMs ?? 150) * fps) / 1000));
  const syllableContrast = options.syllableContrast ?? 2;
  const levelExponent = options.levelExponent ?? 0.4;
  const opening = new Float32Array(n);
  const width = new Float32Array(n);
  const rounding = new Float32Array(n);

  for (let i = 0; i < n; i++) {
    if (!speaking[i]) continue;
    const level = clamp01((loudness[i] - offGate) / (1 - offGate));
    // Syllable nucleus vs. its consonants: loudness relative to the loudest frame within ±150 ms.
    let localPeak = 0;
    for (let j = Math.max(0, i - reach); j <= Math.min(n - 1, i + reach); j++)
      localPeak = Math.max(localPeak, loudness[j]);
    const nucleus = localPeak > 0 ? loudness[i] / localPeak : 0;
    // Unvoiced frames (voicing under ~0.3) open to about half a vowel's height.
    const voiced = 0.5 + 0.5 * clamp01((voicing[i] - 0.3) / 0.45);
    // A high first formant (open vowel) opens the jaw further than a close one.
    const vowelHeight = 0.8 + 0.2 * clamp01((openVowelShare[i] - 0.2) / 0.6);
    let open = (0.1 + 0.9 * level ** levelExponent) * nucleus ** syllableContrast * voiced * vowelHeight;
    const releasesClosure = i > 0 && !speaking[i - 1];
    if (releasesClosure && (highShare[i] >= 0.45 || voicing[i] < 0.4)) open *= 0.5;
    opening[i] = clamp01(open);
    // -1 for a dark ("oo") spectrum .. +1 for a bright ("ee") one; quiet frames hold a more neutral shape.
    const spread = Math.min(1, Math.max(-1, 2 * brightness[i] - 1)) * (0.5 + 0.5 * level);
    width[i] = maxWidth * spread;
    rounding[i] = clamp01(-1.25 * spread) * voiced;
  }

  const sigma = ((options.coarticulationMs ?? 25) * fps) / 1000;
  const smoothOpening = coarticulate(opening, sigma, 1.3);
  for (let i = 0; i < n; i++) if (!speaking[i]) smoothOpening[i] = 0;
  return {
    fps,
    frameCount: n,
    opening: smoothOpening,
    width: coarticulate(width, sigma, 1.3),
    rounding: coarticulate(rounding, sigma, 1.3),
    speaking,
  };
}
