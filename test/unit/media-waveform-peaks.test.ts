import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../src/main/media/audio.js';
import { waveformPeaks } from '../../src/main/media/dsp/waveform-peaks.js';
import { makeAudio, makeMediaDir } from '../fixtures/media.js';

const RATE = 16000;

/** `silentSec` of silence, then `toneSec` of a 440 Hz tone at `amplitude`. */
function silenceThenTone(silentSec: number, toneSec: number, amplitude: number): Float32Array {
  const samples = new Float32Array(Math.round((silentSec + toneSec) * RATE));
  const start = Math.round(silentSec * RATE);
  for (let i = start; i < samples.length; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * 440 * (i - start)) / RATE);
  return samples;
}

describe('waveformPeaks', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeMediaDir('dubdesk-peaks-')));
  afterAll(() => cleanup());

  it('shows where the tone is: silent buckets first, then peaks at the tone level', async () => {
    const file = path.join(dir, 'speech.wav');
    await writeFile(file, encodeWav(silenceThenTone(3, 2, 0.6), RATE));
    const { durationSec, peaks } = await waveformPeaks(file, 50);
    expect(durationSec).toBeCloseTo(5, 5);
    expect(peaks).toHaveLength(50);
    // 3 s of 5 s is silent: buckets 0..29.
    expect(peaks.slice(0, 30).every((peak) => peak === 0)).toBe(true);
    for (const peak of peaks.slice(30)) expect(peak).toBeCloseTo(0.6, 2);
  });

  it('reads a file larger than one chunk and clamps the point count', async () => {
    const file = path.join(dir, 'long.wav');
    // 40 s at 16 kHz is 1.28 MB: more than one 1 MiB read.
    await writeFile(file, encodeWav(silenceThenTone(30, 10, 0.25), RATE));
    const many = await waveformPeaks(file, 100000);
    expect(many.peaks).toHaveLength(20000);
    expect(many.durationSec).toBeCloseTo(40, 5);
    expect(Math.max(...many.peaks.slice(0, 15000))).toBe(0);
    expect(Math.min(...many.peaks.slice(15001))).toBeGreaterThan(0.2);
    expect((await waveformPeaks(file, 1)).peaks).toHaveLength(10);
    const rounded = await waveformPeaks(file, 40.4);
    expect(rounded.peaks).toHaveLength(40);
    expect(rounded.peaks.slice(0, 30).every((peak) => peak === 0)).toBe(true);
    expect(rounded.peaks[30]).toBeCloseTo(0.25, 2);
  });

  it('reads a WAV written by ffmpeg (extra chunks before the data)', async () => {
    const file = await makeAudio(dir, { durationSec: 2, sampleRate: RATE, format: 'wav' });
    const { durationSec, peaks } = await waveformPeaks(file, 20);
    expect(durationSec).toBeCloseTo(2, 3);
    // lavfi's sine is 1/8 of full scale.
    for (const peak of peaks) expect(peak).toBeCloseTo(0.125, 2);
  });

  it('refuses what is not a 16-bit PCM WAV without quoting it', async () => {
    const file = path.join(dir, 'notes.wav');
    await writeFile(file, 'secret words, not audio');
    await expect(waveformPeaks(file, 100)).rejects.toMatchObject({
      code: 'media_unreadable',
      message: expect.not.stringContaining('secret'),
    });
    const float = Buffer.from(encodeWav(new Float32Array(100), RATE));
    float.writeUInt16LE(3, 20);
    float.writeUInt16LE(32, 34);
    await writeFile(file, float);
    await expect(waveformPeaks(file, 100)).rejects.toMatchObject({
      code: 'media_unreadable',
      message: expect.stringContaining('32 bits'),
    });
  });
});
