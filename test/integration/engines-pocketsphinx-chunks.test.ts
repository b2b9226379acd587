// PocketSphinx on a minute of recorded speech cut at the pauses into two chunks decoded side by side: the words come
// back as accurate as from one decoder, at their times in the whole recording, and a cancel stops both decoders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPocketsphinxRecognizer, findPocketsphinx } from '../../src/main/engines/asr/pocketsphinx.js';
import { chunkAtPauses } from '../../src/main/engines/asr/pocketsphinx-chunks.js';
import type { Transcript } from '../../src/main/engines/asr/types.js';
import { wordErrorRate } from '../../src/main/engines/asr/word-error-rate.js';
import { makeMediaDir } from '../fixtures/media.js';
import {
  joinLibrivoxClips,
  librivoxClips,
  librivoxPresent,
  systemEngineMissing,
  type JoinedSpeech,
} from '../fixtures/system-engines.js';

/** As engines-pocketsphinx.test.ts (0.35 measured on one decoder); a chunk shifted or lost is far above. */
const WER_BOUND = 0.45;

const missing = systemEngineMissing(
  'PocketSphinx (pocketsphinx, pocketsphinx-en-us, pocketsphinx-testdata)',
  findPocketsphinx() !== undefined && librivoxPresent(),
);

describe.skipIf(missing)('PocketSphinx with two decoders on one recording', () => {
  const recognizer = createPocketsphinxRecognizer({ decoders: 2 });
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let speech: JoinedSpeech;
  let regions: { startMs: number; endMs: number }[];
  let transcript: Transcript;
  const progress: number[] = [];

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-pocketsphinx-chunks-');
    speech = await joinLibrivoxClips(media.dir, { clips: [...librivoxClips(), ...librivoxClips()] });
    // The clips are where the speech is, as the VAD would find it.
    regions = speech.clips.map(({ startMs, endMs }) => ({ startMs, endMs }));
    transcript = await recognizer.transcribe(speech.wavFile, {
      language: 'en',
      regions,
      signal: new AbortController().signal,
      onProgress: (fraction) => progress.push(fraction),
    });
  });

  afterAll(async () => {
    await media?.cleanup();
  });

  it('cuts this recording in two', () => {
    expect(chunkAtPauses(speech.durationMs, regions, 2)).toHaveLength(2);
  });

  it('writes what was said in both halves, with a word error rate under the bound', () => {
    const reference = speech.clips.map((clip) => clip.transcript).join(' ');
    const hypothesis = transcript.segments.map((segment) => segment.text).join(' ');
    expect(wordErrorRate(reference, hypothesis)).toBeLessThan(WER_BOUND);
    // A clip's words, heard once per half.
    expect(hypothesis.toLowerCase().split('rather cold hearted and rather selfish')).toHaveLength(3);
  });

  it('places every segment inside its clip, in time order, the second half shifted to where it lies', () => {
    let previousEnd = 0;
    for (const segment of transcript.segments) {
      const inside = speech.clips.filter(
        (clip) => segment.startMs >= clip.startMs - 200 && segment.endMs <= clip.endMs + 200,
      );
      expect(inside, `segment "${segment.text}" ${segment.startMs}-${segment.endMs} ms`).toHaveLength(1);
      expect(segment.startMs).toBeGreaterThanOrEqual(previousEnd);
      previousEnd = segment.endMs;
    }
    for (const clip of speech.clips)
      expect(
        transcript.segments.some(
          (segment) => segment.startMs >= clip.startMs - 200 && segment.endMs <= clip.endMs + 200,
        ),
      ).toBe(true);
    const second = speech.clips[librivoxClips().length]!;
    const consider = transcript.segments
      .flatMap((segment) => segment.words!)
      .filter((word) => word.text.toLowerCase() === 'consider');
    expect(consider.length).toBeGreaterThanOrEqual(2);
    // "consider" is spoken about 2.9-3.4 s into the first clip, in each half.
    expect(consider.at(-1)!.startMs - second.startMs).toBeGreaterThan(2500);
    expect(consider.at(-1)!.endMs - second.startMs).toBeLessThan(4000);
  });

  it('reports progress over both halves that rises to 1', () => {
    expect(progress.at(-1)).toBe(1);
    expect(progress.some((fraction) => fraction > 0.5 && fraction < 1)).toBe(true);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
  });

  it('stops both decoders when cancelled', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const run = recognizer.transcribe(speech.wavFile, { language: 'en', regions, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
