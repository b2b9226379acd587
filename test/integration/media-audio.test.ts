import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { decodeAudioPcm, encodeWav } from '../../src/main/media/audio.js';
import { makeAudio, makeMediaDir, makeVideo, NASTY_MEDIA } from '../fixtures/media.js';

/** Rising zero crossings per second: the frequency of a pure tone. */
function toneFrequency(samples: Float32Array, sampleRate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1] < 0 && samples[i] >= 0) crossings++;
  return crossings / (samples.length / sampleRate);
}

async function failure(promise: Promise<unknown>): Promise<DubDeskError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DubDeskError);
    return error as DubDeskError;
  }
  throw new Error('expected a DubDeskError');
}

describe('decodeAudioPcm', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeMediaDir()));
  afterAll(() => cleanup());

  it('decodes a 2 s WAV to duration x rate mono samples of the original tone', async () => {
    const wav = await makeAudio(dir, { format: 'wav', durationSec: 2, frequency: 440 });
    const samples = await decodeAudioPcm(wav, { sampleRate: 16000 });
    expect(samples).toBeInstanceOf(Float32Array);
    expect(samples.length).toBeGreaterThanOrEqual(31_900);
    expect(samples.length).toBeLessThanOrEqual(32_100);
    expect(toneFrequency(samples, 16000)).toBeCloseTo(440, -1);
    expect(Math.max(...samples)).toBeLessThanOrEqual(1);
  });

  it('decodes the audio track of an mp3 and of a video to about duration x rate', async () => {
    for (const file of [
      await makeAudio(dir, { format: 'mp3', durationSec: 2 }),
      await makeVideo(dir, { durationSec: 2 }),
    ]) {
      const samples = await decodeAudioPcm(file, { sampleRate: 22050 });
      expect(Math.abs(samples.length - 2 * 22050)).toBeLessThan(0.05 * 2 * 22050);
      expect(toneFrequency(samples, 22050)).toBeCloseTo(440, -1);
    }
  });

  it('round-trips samples through encodeWav and ffmpeg', async () => {
    const original = Float32Array.from({ length: 8000 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 300 * i) / 8000));
    const file = `${dir}/synth.wav`;
    await fs.writeFile(file, encodeWav(original, 8000));
    const decoded = await decodeAudioPcm(file, { sampleRate: 8000 });
    expect(decoded.length).toBe(original.length);
    const worst = decoded.reduce((max, value, i) => Math.max(max, Math.abs(value - original[i])), 0);
    expect(worst).toBeLessThan(1 / 16000);
  });

  it('says no_audio for a video without sound and media_unreadable for a broken file', async () => {
    const silent = await failure(decodeAudioPcm(await NASTY_MEDIA.noAudio.make(dir), { sampleRate: 16000 }));
    expect(silent.code).toBe('no_audio');
    expect(silent.message).toBe('no-audio.mp4 has no audio track.');
    const broken = await failure(decodeAudioPcm(await NASTY_MEDIA.truncated.make(dir), { sampleRate: 16000 }));
    expect(broken.code).toBe('media_unreadable');
    expect(broken.message).toMatch(/^The audio of truncated\.mp4 could not be decoded/);
  });

  it('rejects with an AbortError when cancelled', async () => {
    const wav = await makeAudio(dir, { format: 'wav', durationSec: 1 });
    await expect(decodeAudioPcm(wav, { sampleRate: 16000, signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
