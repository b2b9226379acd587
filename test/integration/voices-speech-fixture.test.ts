import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { parseSrt } from '../../src/main/media/srt.js';
import { guessGender, medianF0 } from '../../src/main/engines/voice-analysis/pitch.js';
import { makeMediaDir } from '../fixtures/media.js';
import { makeSpokenAudio, makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';

const RATE = 16_000;
const rms = (samples: Float32Array) =>
  Math.sqrt(samples.reduce((sum, value) => sum + value * value, 0) / Math.max(1, samples.length));
const window = (samples: Float32Array, startMs: number, endMs: number) =>
  samples.subarray(Math.round((startMs / 1000) * RATE), Math.round((endMs / 1000) * RATE));

describe('spoken media fixtures', () => {
  let dir: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-speech-'));
  });

  afterAll(async () => {
    await cleanup();
  });

  const cues: SpokenCue[] = [
    { startMs: 500, endMs: 3000, text: 'Guten Morgen, ich heiße Anna.', voice: 'espeak:de+f2', speaker: 'Anna' },
    { startMs: 4000, endMs: 6500, text: 'Und ich bin Bernd, freut mich.', voice: 'espeak:de+m8', speaker: 'Bernd' },
  ];

  it('makes a video whose audio speaks each cue at its time, female and male voices apart, with the matching SRT', async () => {
    const { videoPath, srtPath, spoken } = await makeSpokenVideo(dir, {
      cues,
      width: 320,
      height: 240,
      durationSec: 7.5,
      language: 'de',
    });
    const info = await probeMedia(videoPath);
    expect(info.video).toMatchObject({ width: 320, height: 240 });
    expect(info.audio).toBeDefined();
    expect(info.durationSec).toBeGreaterThan(7.2);
    expect(info.durationSec).toBeLessThan(7.8);

    expect(parseSrt(await fs.readFile(srtPath, 'utf8'))).toEqual([
      { index: 1, startMs: 500, endMs: 3000, text: 'Guten Morgen, ich heiße Anna.', speaker: 'Anna' },
      { index: 2, startMs: 4000, endMs: 6500, text: 'Und ich bin Bernd, freut mich.', speaker: 'Bernd' },
    ]);

    const audio = await decodeAudioPcm(videoPath, { sampleRate: RATE });
    const quiet = rms(window(audio, 3200, 3800));
    const speech = rms(window(audio, spoken[0].startMs, spoken[0].endMs));
    expect(speech).toBeGreaterThan(0.03);
    expect(quiet).toBeLessThan(speech / 10);
    expect(quiet).toBeGreaterThan(0); // the music bed is there, just quiet
    expect(spoken[0].endMs).toBeLessThanOrEqual(3000 + 50);
    expect(guessGender(medianF0(window(audio, cues[0].startMs, cues[0].endMs), RATE))).toBe('female');
    expect(guessGender(medianF0(window(audio, cues[1].startMs, cues[1].endMs), RATE))).toBe('male');
  });

  it('speeds a cue up to fit its slot instead of letting it run into the next one', async () => {
    const long = 'This sentence is far too long to be spoken at a normal speed in the very short time its cue allows.';
    const { audioPath, spoken } = await makeSpokenAudio(dir, {
      cues: [{ startMs: 0, endMs: 3500, text: long }],
      name: 'fast',
      background: 'silence',
    });
    expect(spoken[0].endMs).toBeLessThan(3700);
    const audio = await decodeAudioPcm(audioPath, { sampleRate: RATE });
    expect(audio.length / RATE).toBeCloseTo(4, 1);
    expect(rms(window(audio, 3700, 4000))).toBe(0);
  });
});
