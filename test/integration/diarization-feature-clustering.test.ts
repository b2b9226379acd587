import { beforeAll, describe, expect, it } from 'vitest';
import { createFeatureClusteringDiarizer } from '../../src/main/engines/diarization/feature-clustering.js';
import { renderSpokenTrack, type SpokenCue } from '../fixtures/speech.js';

const LINES = [
  'The weather was cold and grey all morning.',
  'We should leave before the train arrives.',
  'Nobody knew where the old key had gone.',
  'Please bring the blue folder to my office.',
  'It took three hours to drive home last night.',
  'Yes, of course.',
  'She laughed and closed the window quietly.',
];

/** Lines 3.5 s apart, spoken by the given voices in turn. */
function cuesOf(voices: readonly string[]): SpokenCue[] {
  return LINES.map((text, i) => ({ startMs: i * 3500, endMs: i * 3500 + 3000, text, voice: voices[i] }));
}

describe('built-in speaker clustering (MFCC and pitch)', () => {
  const diarizer = createFeatureClusteringDiarizer();
  const signal = new AbortController().signal;
  // A man and a woman in an irregular order, so alternation alone cannot explain a right answer.
  const male = 'espeak:en-us';
  const female = 'espeak:en-us+f2';
  const twoVoices = [male, male, female, male, female, female, male];
  let two: Awaited<ReturnType<typeof renderSpokenTrack>>;
  let one: Awaited<ReturnType<typeof renderSpokenTrack>>;

  beforeAll(async () => {
    [two, one] = await Promise.all([
      renderSpokenTrack({ cues: cuesOf(twoVoices) }),
      renderSpokenTrack({ cues: cuesOf(LINES.map(() => 'espeak:en-us+m3')) }),
    ]);
  });

  it('is a draft engine that needs no model', () => {
    expect(diarizer).toMatchObject({ title: 'Built-in speaker clustering (MFCC and pitch)', quality: 'draft' });
    expect(diarizer.isAvailable?.() ?? true).toBe(true);
  });

  it('tells two clearly different voices apart and labels each line with its speaker, in order of first appearance', async () => {
    const segments = await diarizer.diarize(two.samples, two.sampleRate, {
      regions: two.spoken,
      speakers: { min: 1, max: 4 },
      signal,
    });
    expect(segments.map(({ startMs, endMs }) => ({ startMs, endMs }))).toEqual(two.spoken);
    expect(segments.map((segment) => segment.speaker)).toEqual(
      twoVoices.map((voice) => (voice === male ? 'speaker_0' : 'speaker_1')),
    );
  });

  it('keeps to the number of speakers asked for', async () => {
    const segments = await diarizer.diarize(two.samples, two.sampleRate, {
      regions: two.spoken,
      speakers: { min: 1, max: 1 },
      signal,
    });
    expect(new Set(segments.map((segment) => segment.speaker))).toEqual(new Set(['speaker_0']));
    expect(segments).toHaveLength(LINES.length);
  });

  it('does not split one voice into several speakers', async () => {
    const segments = await diarizer.diarize(one.samples, one.sampleRate, {
      regions: one.spoken,
      speakers: { min: 1, max: 4 },
      signal,
    });
    expect(segments.map((segment) => segment.speaker)).toEqual(LINES.map(() => 'speaker_0'));
  });

  it('stops with cancelled when the job is cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      diarizer.diarize(two.samples, two.sampleRate, { regions: two.spoken, signal: controller.signal }),
    ).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('without the lines, labels two-second pieces of speech and joins runs of one speaker', async () => {
    const segments = await diarizer.diarize(two.samples, two.sampleRate, { signal });
    const speakerAt = (ms: number) => segments.find((segment) => segment.startMs <= ms && ms < segment.endMs)?.speaker;
    // The middle of each line (lines start on 3.5 s steps; pieces are 2 s, so a piece may straddle two lines).
    const heard = two.spoken.map((line) => speakerAt((line.startMs + line.endMs) / 2));
    const expected = twoVoices.map((voice) => (voice === male ? 'speaker_0' : 'speaker_1'));
    expect(heard.filter((speaker, i) => speaker === expected[i]).length).toBeGreaterThanOrEqual(LINES.length - 1);
    expect(new Set(segments.map((segment) => segment.speaker)).size).toBe(2);
  });
});
