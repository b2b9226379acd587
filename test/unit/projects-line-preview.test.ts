import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { writeLinePreview } from '../../src/main/projects/line-preview.js';
import { makeAudio, makeMediaDir, makeVideo } from '../fixtures/media.js';

const CLIP_RATE = 24000;
const ffmpeg = resolveMediaTools().ffmpeg;

/** A 1.2 s 1 kHz "line" at -6 dBFS. */
function lineClip(): Float32Array {
  return Float32Array.from(
    { length: Math.round(1.2 * CLIP_RATE) },
    (_, i) => 0.5 * Math.sin((2 * Math.PI * 1000 * i) / CLIP_RATE),
  );
}

/** RMS of `samples` (at `rate`) between two times, in seconds. */
function rms(samples: Float32Array, rate: number, fromSec: number, toSec: number): number {
  const from = Math.round(fromSec * rate);
  const to = Math.min(samples.length, Math.round(toSec * rate));
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

/** Energy near one frequency (Goertzel) as an amplitude, so the line and the original are told apart in the mix. */
function toneAmplitude(samples: Float32Array, rate: number, frequency: number, fromSec: number, toSec: number): number {
  const from = Math.round(fromSec * rate);
  const n = Math.min(samples.length, Math.round(toSec * rate)) - from;
  let re = 0;
  let im = 0;
  for (let i = 0; i < n; i++) {
    const phase = (2 * Math.PI * frequency * i) / rate;
    re += samples[from + i]! * Math.cos(phase);
    im -= samples[from + i]! * Math.sin(phase);
  }
  return (2 * Math.hypot(re, im)) / n;
}

function wavInfo(bytes: Buffer): { channels: number; sampleRate: number; bits: number; seconds: number } {
  const channels = bytes.readUInt16LE(22);
  const sampleRate = bytes.readUInt32LE(24);
  const bits = bytes.readUInt16LE(34);
  return { channels, sampleRate, bits, seconds: (bytes.length - 44) / (channels * (bits / 8) * sampleRate) };
}

describe('writeLinePreview', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let original: string;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-line-preview-'));
    // The "original": a 6 s 300 Hz tone at full sine amplitude (lavfi sine is 1/8 scale).
    original = await makeAudio(dir, { durationSec: 6, frequency: 300, format: 'm4a' });
  });
  afterAll(() => cleanup());

  it('writes the fitted line alone and over the ducked original of its span', async () => {
    const aloneFile = path.join(dir, 'alone.wav');
    const withOriginalFile = path.join(dir, 'mixed.wav');
    const result = await writeLinePreview({
      ffmpeg,
      clip: { samples: lineClip(), sampleRate: CLIP_RATE },
      fit: { rate: 1.1, stretch: 1.2 },
      original: { path: original, startMs: 2000, endMs: 3500 },
      aloneFile,
      withOriginalFile,
    });
    expect(result.mixed).toBe(true);

    const alone = await readFile(aloneFile);
    expect(wavInfo(alone)).toMatchObject({ channels: 1, sampleRate: CLIP_RATE, bits: 16 });
    // 1.2 s stretched 1.2x faster: 1.0 s.
    expect(wavInfo(alone).seconds).toBeCloseTo(1.0, 2);
    expect(result.durationMs).toBeCloseTo(1000, 0);

    const mixedInfo = wavInfo(await readFile(withOriginalFile));
    expect(mixedInfo).toMatchObject({ sampleRate: 48000, bits: 16, channels: 2 });
    // The span (1.5 s, longer than the line) plus the 0.3 s tail.
    expect(mixedInfo.seconds).toBeCloseTo(1.8, 2);

    const mix = await decodeAudioPcm(withOriginalFile, { sampleRate: 16000, ffmpeg });
    const source = await decodeAudioPcm(original, { sampleRate: 16000, ffmpeg });
    const originalLevel = toneAmplitude(source, 16000, 300, 2.2, 3.2);
    // While the line plays: the line at full level, the original about 14 dB down (x0.2).
    expect(toneAmplitude(mix, 16000, 1000, 0.2, 0.8)).toBeGreaterThan(0.4);
    expect(toneAmplitude(mix, 16000, 300, 0.2, 0.8) / originalLevel).toBeGreaterThan(0.15);
    expect(toneAmplitude(mix, 16000, 300, 0.2, 0.8) / originalLevel).toBeLessThan(0.26);
    // After the line: only the ducked original.
    expect(toneAmplitude(mix, 16000, 1000, 1.2, 1.7)).toBeLessThan(0.01);
    expect(rms(mix, 16000, 1.2, 1.7)).toBeGreaterThan(0.1 * (originalLevel / Math.SQRT2));
    expect(rms(mix, 16000, 1.2, 1.7)).toBeLessThan(0.3 * (originalLevel / Math.SQRT2));
  });

  it('runs as long as the line when the line outlasts its span', async () => {
    const withOriginalFile = path.join(dir, 'long-mixed.wav');
    await writeLinePreview({
      ffmpeg,
      clip: { samples: lineClip(), sampleRate: CLIP_RATE },
      fit: { rate: 1, stretch: 1 },
      original: { path: original, startMs: 5000, endMs: 5500 },
      aloneFile: path.join(dir, 'long-alone.wav'),
      withOriginalFile,
    });
    // 1.2 s of line + 0.3 s tail, though the original ends 1 s after the start.
    expect(wavInfo(await readFile(withOriginalFile)).seconds).toBeCloseTo(1.5, 2);
    const mix = await decodeAudioPcm(withOriginalFile, { sampleRate: 16000, ffmpeg });
    expect(toneAmplitude(mix, 16000, 1000, 0.9, 1.15)).toBeGreaterThan(0.4);
  });

  it('gives the line alone as the mix when the media has no audio or none is given', async () => {
    const silentVideo = await makeVideo(dir, { durationSec: 2, withAudio: false });
    for (const [name, originalOption] of [
      ['silent', { path: silentVideo, startMs: 0, endMs: 1000 }],
      ['none', undefined],
    ] as const) {
      const aloneFile = path.join(dir, `${name}-alone.wav`);
      const withOriginalFile = path.join(dir, `${name}-mixed.wav`);
      const result = await writeLinePreview({
        ffmpeg,
        clip: { samples: lineClip(), sampleRate: CLIP_RATE },
        fit: { rate: 1, stretch: 1 },
        ...(originalOption ? { original: originalOption } : {}),
        aloneFile,
        withOriginalFile,
      });
      expect(result.mixed).toBe(false);
      expect(await readFile(withOriginalFile)).toEqual(await readFile(aloneFile));
    }
  });

  it('fails as media_unreadable, leaving no mix, when the original cannot be decoded', async () => {
    const broken = path.join(dir, 'broken.mp4');
    await import('node:fs/promises').then((fs) => fs.writeFile(broken, Buffer.from('not a video at all')));
    const withOriginalFile = path.join(dir, 'broken-mixed.wav');
    await expect(
      writeLinePreview({
        ffmpeg,
        clip: { samples: lineClip(), sampleRate: CLIP_RATE },
        fit: { rate: 1, stretch: 1 },
        original: { path: broken, startMs: 0, endMs: 1000 },
        aloneFile: path.join(dir, 'b-alone.wav'),
        withOriginalFile,
      }),
    ).rejects.toMatchObject({ code: 'media_unreadable' });
    await expect(readFile(withOriginalFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
