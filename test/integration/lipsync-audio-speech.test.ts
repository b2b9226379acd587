import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { melChunksForVideo, WAV2LIP_MEL_WINDOW, wav2lipMel } from '../../src/main/media/dsp/mel.js';
import { extractFrameAudioFeatures } from '../../src/main/media/dsp/audio-features.js';
import { mouthTargetsFromFeatures } from '../../src/main/engines/lipsync/mouth-targets.js';
import { makeMediaDir } from '../fixtures/media.js';
import { makeSpokenAudio, type SpokenCue } from '../fixtures/speech.js';

const RATE = 16_000;

const cues: SpokenCue[] = [
  { startMs: 300, endMs: 2300, text: 'Hello there, my name is Paul.' },
  { startMs: 3300, endMs: 5300, text: 'We should open the blue window soon.' },
  { startMs: 6300, endMs: 8300, text: 'Please keep the big box.' },
];

function pearson(a: number[], b: number[]): number {
  const meanA = a.reduce((sum, value) => sum + value, 0) / a.length;
  const meanB = b.reduce((sum, value) => sum + value, 0) / b.length;
  let covariance = 0;
  let varianceA = 0;
  let varianceB = 0;
  for (let i = 0; i < a.length; i++) {
    covariance += (a[i] - meanA) * (b[i] - meanB);
    varianceA += (a[i] - meanA) ** 2;
    varianceB += (b[i] - meanB) ** 2;
  }
  return covariance / Math.sqrt(varianceA * varianceB);
}

/** Per-frame RMS level in dB, measured straight from the samples (independent of the feature code). */
function frameLevelsDb(samples: Float32Array, fps: number, frameCount: number): number[] {
  return Array.from({ length: frameCount }, (_, i) => {
    const from = Math.round((i / fps) * RATE);
    const to = Math.min(samples.length, Math.round(((i + 1) / fps) * RATE));
    let sum = 0;
    for (let n = from; n < to; n++) sum += samples[n] * samples[n];
    return Math.max(-80, 10 * Math.log10(sum / Math.max(1, to - from) + 1e-12));
  });
}

describe('lip-sync audio analysis on eSpeak speech with pauses', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let samples: Float32Array;
  let spoken: { startMs: number; endMs: number }[];

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-lipsync-audio-'));
    const audio = await makeSpokenAudio(dir, { cues, durationSec: 9 });
    spoken = audio.spoken;
    samples = await decodeAudioPcm(audio.audioPath, { sampleRate: RATE });
  });

  afterAll(async () => {
    await cleanup();
  });

  it.each([25, 30])("at %i fps: mouth shut in the pauses, open in speech, moving as the audio's energy", (fps) => {
    const features = extractFrameAudioFeatures(samples, RATE, { fps });
    const targets = mouthTargetsFromFeatures(features);
    expect(targets.frameCount).toBe(Math.ceil((samples.length / RATE) * fps - 1e-9));
    const frameMs = 1000 / fps;
    const inSpeech = (i: number) =>
      spoken.some((span) => i * frameMs >= span.startMs && (i + 1) * frameMs <= span.endMs);
    // Pauses: frames at least 80 ms away from any speech.
    const inPause = (i: number) =>
      spoken.every((span) => (i + 1) * frameMs < span.startMs - 80 || i * frameMs > span.endMs + 80);

    const speech: number[] = [];
    const pause: number[] = [];
    for (let i = 0; i < targets.frameCount; i++) {
      if (inSpeech(i)) speech.push(targets.opening[i]);
      else if (inPause(i)) pause.push(targets.opening[i]);
    }
    expect(pause.length).toBeGreaterThan(2 * fps);
    expect(Math.max(...pause)).toBeLessThan(0.02);
    expect(speech.reduce((sum, value) => sum + value, 0) / speech.length).toBeGreaterThan(0.3);
    // Most speech frames have the lips apart; the closed ones are the gaps and closures between words.
    expect(speech.filter((value) => value > 0.1).length / speech.length).toBeGreaterThan(0.6);

    // The acceptance measure, on the targets: frame-to-frame mouth change vs. the audio's energy at that change.
    const levels = frameLevelsDb(samples, fps, targets.frameCount);
    const change: number[] = [];
    const energy: number[] = [];
    for (let i = 1; i < targets.frameCount; i++) {
      change.push(Math.abs(targets.opening[i] - targets.opening[i - 1]));
      energy.push((levels[i] + levels[i - 1]) / 2);
    }
    const correlation = pearson(change, energy);
    console.log(
      `${fps} fps: corr(|Δopening|, energy dB) = ${correlation.toFixed(3)}, mean speech opening = ${(speech.reduce((s, v) => s + v, 0) / speech.length).toFixed(3)}`,
    );
    expect(correlation).toBeGreaterThan(0.5);
  });

  it('moves the mouth the same for the same speech recorded 20 dB quieter', () => {
    const quiet = samples.map((value) => value * 0.1);
    const loud = mouthTargetsFromFeatures(extractFrameAudioFeatures(samples, RATE, { fps: 25 }));
    const soft = mouthTargetsFromFeatures(extractFrameAudioFeatures(quiet, RATE, { fps: 25 }));
    let worst = 0;
    for (let i = 0; i < loud.frameCount; i++) worst = Math.max(worst, Math.abs(loud.opening[i] - soft.opening[i]));
    expect(worst).toBeLessThan(0.02);
  });

  it('gives one Wav2Lip mel window per video frame, louder in speech than in the pauses', () => {
    const mel = wav2lipMel(samples);
    expect(mel.steps).toBe(1 + Math.floor(samples.length / 200));
    const fps = 25;
    const frameCount = Math.ceil((samples.length / RATE) * fps);
    const chunks = melChunksForVideo(mel, fps, frameCount);
    expect(chunks).toHaveLength(frameCount);
    expect(chunks.every((chunk) => chunk.length === 80 * WAV2LIP_MEL_WINDOW)).toBe(true);
    const meanOf = (chunk: Float32Array) => chunk.reduce((sum, value) => sum + value, 0) / chunk.length;
    const speechFrame = Math.round(((spoken[0].startMs + spoken[0].endMs) / 2000) * fps);
    const pauseFrame = Math.round(((spoken[0].endMs + spoken[1].startMs) / 2000) * fps);
    expect(meanOf(chunks[speechFrame])).toBeGreaterThan(meanOf(chunks[pauseFrame]) + 1);
  });
});
