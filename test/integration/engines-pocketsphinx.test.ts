// PocketSphinx (Debian pocketsphinx + pocketsphinx-en-us) on recorded human speech: the LibriVox clips of
// pocketsphinx-testdata joined with pauses, as a film's dialogue would come.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPocketsphinxRecognizer, findPocketsphinx } from '../../src/main/engines/asr/pocketsphinx.js';
import type { Transcript } from '../../src/main/engines/asr/types.js';
import { wordErrorRate } from '../../src/main/engines/asr/word-error-rate.js';
import { encodeWav } from '../../src/main/media/audio.js';
import { makeMediaDir } from '../fixtures/media.js';
import {
  joinLibrivoxClips,
  librivoxPresent,
  systemEngineMissing,
  type JoinedSpeech,
} from '../fixtures/system-engines.js';

/** Measured 0.35 on the joined clips here (cases like "mister" heard as "mr" count); a broken parse or a wrong model is far above. */
const WER_BOUND = 0.45;

const missing = systemEngineMissing(
  'PocketSphinx (pocketsphinx, pocketsphinx-en-us, pocketsphinx-testdata)',
  findPocketsphinx() !== undefined && librivoxPresent(),
);

describe.skipIf(missing)('PocketSphinx on recorded English speech', () => {
  const recognizer = createPocketsphinxRecognizer();
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let speech: JoinedSpeech;
  let transcript: Transcript;
  const progress: number[] = [];

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-pocketsphinx-');
    speech = await joinLibrivoxClips(media.dir);
    transcript = await recognizer.transcribe(speech.wavFile, {
      language: 'en',
      signal: new AbortController().signal,
      onProgress: (fraction) => progress.push(fraction),
    });
  });

  afterAll(async () => {
    await media?.cleanup();
  });

  it('is the English draft engine, available, and claims English only', () => {
    expect(recognizer).toMatchObject({ id: 'pocketsphinx', title: 'PocketSphinx (English, draft)', quality: 'draft' });
    expect(recognizer.isAvailable?.()).toBe(true);
    expect(recognizer.supports('en')).toBe(true);
    expect(recognizer.supports('en-GB')).toBe(true);
    expect(recognizer.supports('de')).toBe(false);
    expect(recognizer.supports('auto')).toBe(false);
  });

  it('writes what was said, with a word error rate under the bound', () => {
    const reference = speech.clips.map((clip) => clip.transcript).join(' ');
    const hypothesis = transcript.segments.map((segment) => segment.text).join(' ');
    const wer = wordErrorRate(reference, hypothesis);
    console.log(
      `PocketSphinx WER on ${speech.clips.length} LibriVox clips: ${(wer * 100).toFixed(1)} %\n  heard: ${hypothesis}`,
    );
    expect(transcript.language).toBe('en');
    expect(wer).toBeLessThan(WER_BOUND);
    expect(hypothesis.toLowerCase()).toContain('consider how much there might be');
  });

  it('gives one segment or more per clip, never one across a pause, and no silence or noise tokens', () => {
    expect(transcript.segments.length).toBeGreaterThanOrEqual(speech.clips.length);
    for (const segment of transcript.segments) {
      const inside = speech.clips.filter(
        (clip) => segment.startMs >= clip.startMs - 200 && segment.endMs <= clip.endMs + 200,
      );
      expect(inside, `segment "${segment.text}" ${segment.startMs}-${segment.endMs} ms`).toHaveLength(1);
      expect(segment.text).toBe(segment.words!.map((word) => word.text).join(' '));
      expect(segment.text).not.toMatch(/<|>|\[|\]|\(\d\)/);
    }
    for (const clip of speech.clips)
      expect(
        transcript.segments.some(
          (segment) => segment.startMs >= clip.startMs - 200 && segment.endMs <= clip.endMs + 200,
        ),
      ).toBe(true);
  });

  it('times words in order, inside the audio, with confidences from 0 to 1', () => {
    const words = transcript.segments.flatMap((segment) => segment.words!);
    expect(words.length).toBeGreaterThan(50);
    let previousEnd = 0;
    for (const word of words) {
      expect(word.startMs).toBeGreaterThanOrEqual(previousEnd);
      expect(word.endMs).toBeGreaterThan(word.startMs);
      expect(word.confidence).toBeGreaterThanOrEqual(0);
      expect(word.confidence).toBeLessThanOrEqual(1);
      previousEnd = word.endMs;
    }
    expect(previousEnd).toBeLessThanOrEqual(speech.durationMs);
    // "consider" is spoken about 2.9-3.4 s into the first clip.
    const consider = words.find((word) => word.text.toLowerCase() === 'consider')!;
    expect(consider.startMs).toBeGreaterThan(2500);
    expect(consider.endMs).toBeLessThan(4000);
  });

  it('reports progress that rises to 1', () => {
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
  });

  it('hears nothing in silence', async () => {
    const silence = path.join(media.dir, 'silence.wav');
    writeFileSync(silence, encodeWav(new Float32Array(16_000 * 2), 16_000));
    const quiet = await recognizer.transcribe(silence, { language: 'en', signal: new AbortController().signal });
    expect(quiet.segments).toEqual([]);
  });

  it('fails with the reason on a file that is not 16-bit audio, or is not there', async () => {
    const junk = path.join(media.dir, 'junk.wav');
    writeFileSync(junk, Buffer.alloc(200, 7));
    await expect(
      recognizer.transcribe(junk, { language: 'en', signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringMatching(/^PocketSphinx could not transcribe the speech: .*bits per sample/),
    });
    await expect(
      recognizer.transcribe(path.join(media.dir, 'gone.wav'), { language: 'en', signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringMatching(/Failed to open file .*gone\.wav/),
    });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = recognizer.transcribe(speech.wavFile, { language: 'en', signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('PocketSphinx without its packages', () => {
  it('is unavailable and says what to install', async () => {
    const recognizer = createPocketsphinxRecognizer({ binary: '/nonexistent/pocketsphinx_continuous' });
    expect(recognizer.isAvailable?.()).toBe(false);
    await expect(
      recognizer.transcribe('/tmp/x.wav', { language: 'en', signal: new AbortController().signal }),
    ).rejects.toMatchObject({
      code: 'model_not_installed',
      message: expect.stringMatching(/apt-get install pocketsphinx pocketsphinx-en-us/),
    });
  });
});
