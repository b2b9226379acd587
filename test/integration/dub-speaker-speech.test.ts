// Speaker analysis reads only the analysed lines' spans of the speech track (memory bounded by the analysed minute
// per speaker, not the media's length), sample for sample what decoding the whole track gives.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { measureSpeakers, readAnalysisSpeech } from '../../src/main/dubbing/speaker-pitch.js';
import type { DubCue } from '../../src/main/pipelines/translate/types.js';
import { makeAudio, makeMediaDir } from '../fixtures/media.js';

let media: Awaited<ReturnType<typeof makeMediaDir>>;
let wav: string;

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-speaker-speech-');
  // ffmpeg's WAV carries a LIST chunk before the data, as prepare-media's speech track does.
  wav = await makeAudio(media.dir, { durationSec: 90, sampleRate: 16000, frequency: 180, name: 'speech-16k.wav' });
});
afterAll(async () => {
  await media?.cleanup();
});

const line = (index: number, startMs: number, endMs: number, speaker: string): DubCue => ({
  index,
  startMs,
  endMs,
  text: 'x',
  speaker,
});

describe('readAnalysisSpeech', () => {
  it('returns exactly the decoded samples of each analysed line, rebased end to end, and the same median F0', async () => {
    // Ana speaks 70 s (only her first minute is analysed); Ben appears late.
    const cues = [
      line(1, 0, 30_000, 'Ana'),
      line(2, 30_500, 60_500, 'Ana'),
      line(3, 61_000, 71_000, 'Ana'),
      line(4, 80_000, 85_250, 'Ben'),
    ];
    const whole = await decodeAudioPcm(wav, { sampleRate: 16000 });
    const { cues: rebased, speech } = await readAnalysisSpeech(wav, cues, 16000);
    expect(rebased.map((cue) => cue.index)).toEqual([1, 2, 4]);
    expect(speech.length).toBe((30 + 30 + 5.25) * 16000);
    expect(Array.from(speech.subarray(0, 30 * 16000))).toEqual(Array.from(whole.subarray(0, 30 * 16000)));
    expect(Array.from(speech.subarray(60 * 16000))).toEqual(Array.from(whole.subarray(80 * 16000, 85.25 * 16000)));
    expect(rebased[2]).toMatchObject({ startMs: 60_000, endMs: 65_250, speaker: 'Ben' });
    const fromSpans = measureSpeakers(rebased, speech, 16000);
    const fromWhole = measureSpeakers(cues, whole, 16000);
    expect(fromSpans.map((speaker) => speaker.medianF0)).toEqual(fromWhole.map((speaker) => speaker.medianF0));
    expect(fromSpans[0].medianF0).toBeCloseTo(180, -1);
  });

  it('refuses a file that is not a 16 kHz mono PCM WAV', async () => {
    const other = await makeAudio(media.dir, { durationSec: 1, sampleRate: 44100, name: 'cd-rate.wav' });
    await expect(readAnalysisSpeech(other, [line(1, 0, 500, 'Ana')], 16000)).rejects.toThrow(/not 16000 Hz mono PCM/);
    await expect(readAnalysisSpeech(path.join(media.dir, 'missing.wav'), [], 16000)).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });
});
