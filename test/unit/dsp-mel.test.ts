import { describe, expect, it } from 'vitest';
import {
  hzToMelSlaney,
  melChunksForVideo,
  melToHzSlaney,
  melWindowStart,
  WAV2LIP_MEL_SILENCE,
  wav2lipMel,
  wav2lipMelFilterbank,
} from '../../src/main/media/dsp/mel.js';

const RATE = 16_000;
const tone = (hz: number, seconds: number, amplitude = 0.5) =>
  Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE),
  );

/** Mean normalised value of each band over all steps. */
function bandMeans(mel: { frames: Float32Array; bands: number; steps: number }): number[] {
  return Array.from({ length: mel.bands }, (_, b) => {
    let sum = 0;
    for (let t = 0; t < mel.steps; t++) sum += mel.frames[b * mel.steps + t];
    return sum / mel.steps;
  });
}

/**
 * Wav2Lip's melspectrogram written out the slow, literal way (audio.py with librosa 0.7: lfilter pre-emphasis, centred
 * STFT with numpy reflect padding, periodic Hann, |STFT|, mel matrix product, amp_to_db, symmetric normalisation).
 */
function literalWav2lipMel(samples: Float32Array): Float32Array {
  const nFft = 800;
  const hop = 200;
  const y = Float64Array.from(samples, (value, i) => value - (i > 0 ? 0.97 * samples[i - 1] : 0));
  const reflect = (i: number) => (i < 0 ? -i : i >= y.length ? 2 * (y.length - 1) - i : i);
  const steps = 1 + Math.floor(y.length / hop);
  const bank = wav2lipMelFilterbank();
  const out = new Float32Array(80 * steps);
  for (let t = 0; t < steps; t++) {
    const magnitude = new Float64Array(nFft / 2 + 1);
    for (let k = 0; k <= nFft / 2; k++) {
      let re = 0;
      let im = 0;
      for (let n = 0; n < nFft; n++) {
        const x = y[reflect(t * hop - nFft / 2 + n)] * (0.5 - 0.5 * Math.cos((2 * Math.PI * n) / nFft));
        re += x * Math.cos((2 * Math.PI * k * n) / nFft);
        im -= x * Math.sin((2 * Math.PI * k * n) / nFft);
      }
      magnitude[k] = Math.hypot(re, im);
    }
    for (let b = 0; b < 80; b++) {
      let energy = 0;
      bank.weights[b].forEach((weight, j) => (energy += weight * magnitude[bank.firstBin[b] + j]));
      const db = 20 * Math.log10(Math.max(1e-5, energy)) - 20;
      out[b * steps + t] = Math.min(4, Math.max(-4, 8 * ((db + 100) / 100) - 4));
    }
  }
  return out;
}

describe('Slaney mel filterbank (librosa.filters.mel, htk=False)', () => {
  it('uses the Slaney scale: linear to 1 kHz (15 mel), then 27 mel per factor 6.4', () => {
    expect(hzToMelSlaney(1000)).toBeCloseTo(15, 10);
    expect(hzToMelSlaney(500)).toBeCloseTo(7.5, 10);
    expect(hzToMelSlaney(6400)).toBeCloseTo(42, 10);
    for (const hz of [55, 440, 1000, 3000, 7600]) expect(melToHzSlaney(hzToMelSlaney(hz))).toBeCloseTo(hz, 8);
  });

  it('spans 55..7600 Hz with 80 triangles of unit area (Slaney normalisation)', () => {
    const bank = wav2lipMelFilterbank();
    expect(bank.bands).toBe(80);
    expect(bank.edgesHz[0]).toBeCloseTo(55, 8);
    expect(bank.edgesHz[81]).toBeCloseTo(7600, 6);
    // Wide bands are sampled finely enough by the 20 Hz bins for their area to come out as 1.
    for (let b = 20; b < 80; b++) {
      const area = bank.weights[b].reduce((sum, weight) => sum + weight, 0) * (RATE / 800);
      expect(area).toBeGreaterThan(0.97);
      expect(area).toBeLessThan(1.03);
    }
  });
});

describe('wav2lipMel', () => {
  it('matches a literal transcription of Wav2Lip audio.py on a noisy two-tone clip', () => {
    const random = (() => {
      let state = 7;
      return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
    })();
    const clip = Float32Array.from(
      { length: 3_333 },
      (_, i) =>
        0.3 * Math.sin((2 * Math.PI * 440 * i) / RATE) +
        (i > 1500 ? 0.2 * Math.sin((2 * Math.PI * 3000 * i) / RATE) : 0) +
        0.05 * random(),
    );
    const mel = wav2lipMel(clip);
    const expected = literalWav2lipMel(clip);
    expect(mel.steps).toBe(17);
    expect(mel.frames.length).toBe(expected.length);
    let worst = 0;
    for (let i = 0; i < expected.length; i++) worst = Math.max(worst, Math.abs(mel.frames[i] - expected[i]));
    expect(worst).toBeLessThan(1e-4);
  });

  it.each([300, 1000, 2500, 6000])('puts a %i Hz tone in the band centred nearest to it', (hz) => {
    const bank = wav2lipMelFilterbank();
    const means = bandMeans(wav2lipMel(tone(hz, 1)));
    const loudest = means.indexOf(Math.max(...means));
    const nearest = Array.from({ length: 80 }, (_, b) => Math.abs(bank.edgesHz[b + 1] - hz)).reduce(
      (best, distance, b, all) => (distance < all[best] ? b : best),
      0,
    );
    expect(Math.abs(loudest - nearest)).toBeLessThanOrEqual(1);
    // Far-away bands stay near silence.
    const far = nearest >= 40 ? nearest - 30 : nearest + 30;
    expect(means[far]).toBeLessThan(means[loudest] - 3);
  });

  it('gives -4 everywhere for digital silence and 80 steps per second (1 + floor(n / 200))', () => {
    const mel = wav2lipMel(new Float32Array(RATE));
    expect(mel.steps).toBe(81);
    expect(mel.bands).toBe(80);
    expect(mel.frames.length).toBe(80 * 81);
    expect(mel.frames.every((value) => value === WAV2LIP_MEL_SILENCE)).toBe(true);
    expect(wav2lipMel(new Float32Array(0)).steps).toBe(0);
    expect(wav2lipMel(new Float32Array(199)).steps).toBe(1);
  });

  it('clips at +4 (samples far beyond full scale) and keeps full scale under it', () => {
    const square = (amplitude: number) =>
      Float32Array.from({ length: RATE / 2 }, (_, i) => (Math.floor(i / 20) % 2 ? amplitude : -amplitude));
    const full = wav2lipMel(square(1)).frames.reduce((max, value) => Math.max(max, value), -Infinity);
    expect(full).toBeGreaterThan(2);
    expect(full).toBeLessThan(4);
    const over = wav2lipMel(square(100)).frames;
    expect(over.reduce((max, value) => Math.max(max, value), -Infinity)).toBe(4);
    expect(over.reduce((min, value) => Math.min(min, value), Infinity)).toBeGreaterThanOrEqual(-4);
  });

  it('computes 10 minutes of audio in a few seconds', () => {
    const random = (() => {
      let state = 3;
      return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648 - 0.5;
    })();
    const samples = Float32Array.from({ length: 600 * RATE }, (_, i) => 0.2 * Math.sin(i * 0.07) + 0.02 * random());
    const started = performance.now();
    const mel = wav2lipMel(samples);
    const elapsedMs = performance.now() - started;
    console.log(`wav2lipMel: 10 min of 16 kHz audio in ${elapsedMs.toFixed(0)} ms`);
    expect(mel.steps).toBe(48_001);
    // About 1 s here on an idle core; the bound leaves room for a loaded shared machine.
    expect(elapsedMs).toBeLessThan(10_000);
  });
});

describe('melChunksForVideo (Wav2Lip inference.py indexing)', () => {
  const ramp = (steps: number) => {
    // Each step's value is its index (scaled) in every band, so a window's content tells where it started.
    const frames = new Float32Array(80 * steps);
    for (let b = 0; b < 80; b++) for (let t = 0; t < steps; t++) frames[b * steps + t] = t / 1000 + b;
    return { frames, bands: 80, steps };
  };

  it.each([
    [25, 3.2],
    [30, 80 / 30],
  ])('at %i fps starts frame i at int(i · %f) and lays each chunk out as [80, 16]', (fps, multiplier) => {
    const mel = ramp(1 + Math.floor((2 * RATE) / 200)); // 2 s: 161 steps
    const frameCount = 2 * fps;
    const chunks = melChunksForVideo(mel, fps, frameCount);
    expect(chunks).toHaveLength(frameCount);
    for (let i = 0; i < frameCount; i++) {
      const start = Math.min(Math.floor(i * multiplier), mel.steps - 16);
      expect(melWindowStart(i, fps)).toBe(Math.floor(i * multiplier));
      expect(chunks[i]).toHaveLength(80 * 16);
      expect(chunks[i][0]).toBeCloseTo(start / 1000, 6); // band 0, first step
      expect(chunks[i][15]).toBeCloseTo((start + 15) / 1000, 6); // band 0, last step
      expect(chunks[i][79 * 16 + 15]).toBeCloseTo(79 + (start + 15) / 1000, 4); // band 79, last step
    }
    // The last frames all get the final 16 steps, as Wav2Lip's `mel[:, len - 16:]`.
    expect(chunks[frameCount - 1][0]).toBeCloseTo((mel.steps - 16) / 1000, 6);
  });

  it('lands on the step Wav2Lip picks at window boundaries and at NTSC rates', () => {
    expect(melWindowStart(5, 25)).toBe(16);
    expect(melWindowStart(1000, 29.97)).toBe(2669);
    expect(melWindowStart(15, 30)).toBe(40);
    expect(melWindowStart(3, 30)).toBe(8);
  });

  it('pads a spectrogram shorter than one window with silence', () => {
    const chunks = melChunksForVideo(ramp(5), 25, 2);
    expect(chunks[1][4]).toBeCloseTo(0.004, 6);
    expect(Array.from(chunks[1].subarray(5, 16))).toEqual(new Array(11).fill(WAV2LIP_MEL_SILENCE));
    expect(chunks[0]).toEqual(chunks[1]);
  });
});
