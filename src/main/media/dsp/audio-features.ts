// Per-video-frame audio features that drive standard_v1's mouth: level, spectral shape and voicing. Measured on
// 10 ms hops (25 ms windows), smoothed with a short attack/release, pooled over each video frame's time span, and the
// level normalised per clip by percentiles so a quiet and a loud recording of the same speech move the mouth alike.
import { createRealFft, nextFastSize } from './fft.js';

export interface AudioFeatureOptions {
  fps: number;
  /** Video frames to describe; default enough to cover the audio (ceil(duration · fps)). Frames past the audio are silent. */
  frameCount?: number;
  /** Attack/release time constants of the level envelope: rises follow fast, falls a little slower, so no flutter. */
  attackMs?: number;
  releaseMs?: number;
}

export interface FrameAudioFeatures {
  fps: number;
  frameCount: number;
  /** Mean power over the frame's span in dBFS (unsmoothed; SILENCE_DB for digital silence). */
  levelDb: Float32Array;
  /** The attack/release-smoothed level, dBFS, averaged in dB over the frame (silence 60 dB under the clip's loudest). */
  envelopeDb: Float32Array;
  /**
   * The quietest analysis window of the frame (unsmoothed) on the same 0..1 scale as loudness: a short gap between words that video frames
   * straddle (so that no frame's average is quiet) still shows here.
   */
  troughLoudness: Float32Array;
  /** envelopeDb mapped to 0..1 between the clip's noise floor and its loud speech (see normaliseLoudness). */
  loudness: Float32Array;
  /** Magnitude-weighted mean frequency over 100..6000 Hz, Hz (0 where silent). */
  centroidHz: Float32Array;
  /** Centroid on a 0..1 scale: 0.5 at the clip's (speaker's) typical centroid, above = brighter ("ee"), below = darker ("oo"). */
  brightness: Float32Array;
  /** Share of the 100..6000 Hz power above 1.5 kHz (0 = all low, 1 = all high; fricatives and bursts are high). */
  highShare: Float32Array;
  /**
   * Share of the 150..1100 Hz power above 550 Hz: high where the first formant is high, i.e. open vowels ("a", F1 ≈
   * 700 Hz), low for close vowels ("ee", "oo", F1 ≈ 300 Hz). Jaw opening follows F1.
   */
  openVowelShare: Float32Array;
  /** Periodicity 0..1 (normalised autocorrelation peak at 70..400 Hz pitch): vowels ~0.8-1, noise and fricatives low. */
  voicing: Float32Array;
  /** The levels the normalisation used: loudness 0 at floorDb, 1 at peakDb. */
  floorDb: number;
  peakDb: number;
}

/** What digital silence reads as, and the level under which a frame is silent whatever the clip's scale. */
export const SILENCE_DB = -120;
const ABSOLUTE_SILENCE_DB = -70;
const HOP_MS = 10;
const WINDOW_MS = 25;
const BAND_LOW_HZ = 100;
const BAND_HIGH_HZ = 6000;
const SPLIT_HZ = 1500;
const F1_LOW_HZ = 150;
const F1_SPLIT_HZ = 550;
const F1_HIGH_HZ = 1100;
const PITCH_MIN_HZ = 70;
const PITCH_MAX_HZ = 400;
/** Typical magnitude centroid of a speaking voice in 100..6000 Hz; brightness is measured half against this, half against the clip. */
const NEUTRAL_CENTROID_HZ = 1200;

interface HopFeatures {
  power: Float64Array;
  centroid: Float64Array;
  highShare: Float64Array;
  openVowelShare: Float64Array;
  voicing: Float64Array;
}

/** Power-of-ten dB of a mean power, SILENCE_DB for zero. */
function powerToDb(power: number): number {
  return power > 1e-12 ? 10 * Math.log10(power) : SILENCE_DB;
}

/** Features of Hann-windowed 25 ms windows centred every 10 ms (window h centred on sample h·hop). */
function analyseHops(samples: Float32Array, sampleRate: number, hopCount: number): HopFeatures {
  const hop = Math.max(1, Math.round((sampleRate * HOP_MS) / 1000));
  const windowLength = Math.max(8, Math.round((sampleRate * WINDOW_MS) / 1000));
  // Twice the window: the autocorrelation through the FFT must not wrap around at the longest pitch lag.
  const size = 2 * nextFastSize(windowLength);
  const fft = createRealFft(size);
  const window = new Float64Array(windowLength);
  for (let i = 0; i < windowLength; i++) window[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * (i + 0.5)) / windowLength);
  const minLag = Math.max(1, Math.floor(sampleRate / PITCH_MAX_HZ));
  const maxLag = Math.min(size / 2, windowLength - 1, Math.ceil(sampleRate / PITCH_MIN_HZ));
  // The window's own autocorrelation: dividing by it removes the taper's bias against long lags (Boersma 1993).
  const windowAcf = new Float64Array(maxLag + 1);
  for (let lag = 0; lag <= maxLag; lag++) {
    let sum = 0;
    for (let i = 0; i + lag < windowLength; i++) sum += window[i] * window[i + lag];
    windowAcf[lag] = sum;
  }
  for (let lag = maxLag; lag >= 0; lag--) windowAcf[lag] /= windowAcf[0];

  const binHz = sampleRate / size;
  const lowBin = Math.max(1, Math.ceil(BAND_LOW_HZ / binHz));
  const highBin = Math.min(fft.bins - 1, Math.floor(BAND_HIGH_HZ / binHz));
  const splitBin = Math.round(SPLIT_HZ / binHz);
  const f1LowBin = Math.round(F1_LOW_HZ / binHz);
  const f1SplitBin = Math.round(F1_SPLIT_HZ / binHz);
  const f1HighBin = Math.round(F1_HIGH_HZ / binHz);
  const frame = new Float64Array(size);
  const spectrum = new Float64Array(size);
  const re = new Float64Array(fft.bins);
  const im = new Float64Array(fft.bins);
  const acfRe = new Float64Array(fft.bins);
  const acfIm = new Float64Array(fft.bins);
  const result: HopFeatures = {
    power: new Float64Array(hopCount),
    centroid: new Float64Array(hopCount),
    highShare: new Float64Array(hopCount),
    openVowelShare: new Float64Array(hopCount),
    voicing: new Float64Array(hopCount),
  };
  const half = Math.floor(windowLength / 2);

  for (let h = 0; h < hopCount; h++) {
    const start = h * hop - half;
    let mean = 0;
    let sumSquares = 0;
    for (let i = 0; i < windowLength; i++) {
      const n = start + i;
      const value = n >= 0 && n < samples.length ? samples[n] : 0;
      frame[i] = value;
      mean += value;
      sumSquares += value * value;
    }
    result.power[h] = sumSquares / windowLength;
    if (sumSquares === 0) continue;
    mean /= windowLength;
    // DC removed so an offset does not read as a low tone or as periodicity.
    for (let i = 0; i < windowLength; i++) frame[i] = (frame[i] - mean) * window[i];
    frame.fill(0, windowLength);
    fft.transform(frame, re, im);

    let magnitudeSum = 0;
    let weightedHz = 0;
    let lowPower = 0;
    let highPower = 0;
    let f1Low = 0;
    let f1High = 0;
    for (let k = 0; k < fft.bins; k++) {
      const power = re[k] * re[k] + im[k] * im[k];
      spectrum[k] = power;
      if (k > 0 && k < fft.bins - 1) spectrum[size - k] = power;
      if (k >= f1LowBin && k < f1SplitBin) f1Low += power;
      else if (k >= f1SplitBin && k < f1HighBin) f1High += power;
      if (k < lowBin || k > highBin) continue;
      const magnitude = Math.sqrt(power);
      magnitudeSum += magnitude;
      weightedHz += magnitude * k * binHz;
      if (k < splitBin) lowPower += power;
      else highPower += power;
    }
    result.centroid[h] = magnitudeSum > 0 ? weightedHz / magnitudeSum : 0;
    result.highShare[h] = lowPower + highPower > 0 ? highPower / (lowPower + highPower) : 0;
    result.openVowelShare[h] = f1Low + f1High > 0 ? f1High / (f1Low + f1High) : 0;

    // Autocorrelation = inverse DFT of the (real, even) power spectrum, i.e. its forward DFT's real part / size.
    fft.transform(spectrum, acfRe, acfIm);
    const energy = acfRe[0];
    let best = 0;
    if (energy > 0) {
      for (let lag = minLag; lag <= maxLag; lag++) best = Math.max(best, acfRe[lag] / energy / windowAcf[lag]);
    }
    result.voicing[h] = Math.min(1, Math.max(0, best));
  }
  return result;
}

/** One-pole attack/release follower over a dB envelope; `attack`/`release` are per-step smoothing factors 0..1. */
function followEnvelope(db: Float64Array, attack: number, release: number): Float64Array {
  const out = new Float64Array(db.length);
  let state = db.length > 0 ? db[0] : 0;
  for (let i = 0; i < db.length; i++) {
    const coefficient = db[i] > state ? attack : release;
    state += (db[i] - state) * coefficient;
    out[i] = state;
  }
  return out;
}

/** Linear-interpolated percentile (0..100) of values. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const position = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const lower = Math.floor(position);
  const upper = Math.min(sorted.length - 1, lower + 1);
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - lower);
}

/**
 * Clip-relative loudness 0..1. Peak: the 95th percentile of the frames within 30 dB of the loudest (the "loud part"
 * population, so a clip that is mostly pause still finds its speech level). Floor: the 10th percentile of all frames
 * (the pauses' noise), kept 12..45 dB under the peak so a steady sound counts as loud and a digital-silence clip does
 * not stretch its range over 100 dB. Frames under -70 dBFS are silent whatever the clip.
 */
export function normaliseLoudness(envelopeDb: Float32Array): {
  loudness: Float32Array;
  floorDb: number;
  peakDb: number;
} {
  const loudness = new Float32Array(envelopeDb.length);
  const audible = Array.from(envelopeDb).filter((db) => db > ABSOLUTE_SILENCE_DB);
  if (audible.length === 0) return { loudness, floorDb: ABSOLUTE_SILENCE_DB, peakDb: ABSOLUTE_SILENCE_DB };
  const loudest = audible.reduce((max, db) => Math.max(max, db), -Infinity);
  const peakDb = percentile(
    audible.filter((db) => db >= loudest - 30),
    95,
  );
  const quietDb = percentile(
    Array.from(envelopeDb, (db) => Math.max(db, -90)),
    10,
  );
  const floorDb = Math.min(Math.max(quietDb, peakDb - 45), peakDb - 12);
  for (let i = 0; i < envelopeDb.length; i++) {
    if (envelopeDb[i] <= ABSOLUTE_SILENCE_DB) continue;
    loudness[i] = Math.min(1, Math.max(0, (envelopeDb[i] - floorDb) / (peakDb - floorDb)));
  }
  return { loudness, floorDb, peakDb };
}

/** Mono samples -> features for each video frame i (spanning [i/fps, (i+1)/fps) of the audio). */
export function extractFrameAudioFeatures(
  samples: Float32Array,
  sampleRate: number,
  options: AudioFeatureOptions,
): FrameAudioFeatures {
  const { fps } = options;
  if (!(fps > 0)) throw new RangeError(`fps must be positive, got ${fps}`);
  if (!(sampleRate > 0)) throw new RangeError(`sample rate must be positive, got ${sampleRate}`);
  const durationSec = samples.length / sampleRate;
  const frameCount = options.frameCount ?? Math.ceil(durationSec * fps - 1e-9);
  const hopSec = HOP_MS / 1000;
  const hopCount = Math.floor(samples.length / Math.max(1, Math.round(sampleRate * hopSec))) + 1;
  const hops = analyseHops(samples, sampleRate, hopCount);

  const hopDb = Float64Array.from(hops.power, powerToDb);
  // Silence is clamped 60 dB under the loudest hop: smoothing towards an absolute -120 dB would make the envelope's
  // shape depend on the recording's gain.
  const loudestHopDb = hopDb.reduce((max, db) => Math.max(max, db), SILENCE_DB);
  for (let h = 0; h < hopCount; h++) hopDb[h] = Math.max(hopDb[h], loudestHopDb - 60);
  const step = (ms: number) => 1 - Math.exp(-HOP_MS / Math.max(1e-3, ms));
  const smoothDb = followEnvelope(hopDb, step(options.attackMs ?? 5), step(options.releaseMs ?? 20));

  const levelDb = new Float32Array(frameCount);
  const envelopeDb = new Float32Array(frameCount);
  const troughDb = new Float32Array(frameCount);
  const centroidHz = new Float32Array(frameCount);
  const highShare = new Float32Array(frameCount);
  const openVowelShare = new Float32Array(frameCount);
  const voicing = new Float32Array(frameCount);
  for (let i = 0; i < frameCount; i++) {
    // The hops whose centres fall in the frame's span; at least the nearest one when frames are shorter than a hop.
    let first = Math.ceil(i / fps / hopSec - 1e-9);
    let end = Math.ceil((i + 1) / fps / hopSec - 1e-9);
    if (end <= first) {
      first = Math.round((i + 0.5) / fps / hopSec);
      end = first + 1;
    }
    let power = 0;
    let smoothDbSum = 0;
    let quietest = Infinity;
    let weight = 0;
    let centroid = 0;
    let high = 0;
    let openVowel = 0;
    let voiced = 0;
    let count = 0;
    let inside = 0;
    for (let h = first; h < end; h++) {
      count++;
      if (h >= hopCount) continue; // past the audio: silence
      inside++;
      power += hops.power[h];
      smoothDbSum += smoothDb[h];
      quietest = Math.min(quietest, hopDb[h]);
      // Loud hops dominate the spectral shape of a frame; a quiet tail says little about the vowel.
      const w = hops.power[h];
      weight += w;
      centroid += hops.centroid[h] * w;
      high += hops.highShare[h] * w;
      openVowel += hops.openVowelShare[h] * w;
      voiced += hops.voicing[h] * w;
    }
    levelDb[i] = powerToDb(power / count);
    // The envelope averages dB, not power: a frame that is one loud hop and three silent ones reads as mostly silent.
    envelopeDb[i] = Math.max(SILENCE_DB, (smoothDbSum + (count - inside) * (loudestHopDb - 60)) / count);
    troughDb[i] = inside === count ? quietest : Math.max(SILENCE_DB, loudestHopDb - 60);
    if (weight > 0) {
      centroidHz[i] = centroid / weight;
      highShare[i] = high / weight;
      openVowelShare[i] = openVowel / weight;
      voicing[i] = voiced / weight;
    }
  }

  const { loudness, floorDb, peakDb } = normaliseLoudness(envelopeDb);
  const troughLoudness = Float32Array.from(troughDb, (db) =>
    db <= ABSOLUTE_SILENCE_DB ? 0 : Math.min(1, Math.max(0, (db - floorDb) / (peakDb - floorDb))),
  );
  const brightness = brightnessOf(centroidHz, loudness);
  return {
    fps,
    frameCount,
    levelDb,
    envelopeDb,
    loudness,
    troughLoudness,
    centroidHz,
    brightness,
    highShare,
    openVowelShare,
    voicing,
    floorDb,
    peakDb,
  };
}

/**
 * Centroid -> 0..1 on a log-frequency logistic (one octave above the reference ≈ 0.88). The reference is the geometric
 * mean of a typical voice's centroid and this clip's median over its louder frames: a high voice is not "all ee", yet a
 * clip that is only a dark tone still reads dark.
 */
function brightnessOf(centroidHz: Float32Array, loudness: Float32Array): Float32Array {
  const brightness = new Float32Array(centroidHz.length).fill(0.5);
  const voiced = Array.from(centroidHz).filter((hz, i) => hz > 0 && loudness[i] > 0.3);
  if (voiced.length === 0) return brightness;
  const reference = Math.sqrt(NEUTRAL_CENTROID_HZ * percentile(voiced, 50));
  for (let i = 0; i < centroidHz.length; i++) {
    if (centroidHz[i] <= 0) continue;
    brightness[i] = 1 / (1 + Math.exp(-2 * Math.log2(centroidHz[i] / reference)));
  }
  return brightness;
}
