// Sentence segmentation of recognized speech into subtitle cues (segment-cues.ts).
import { describe, expect, it } from 'vitest';
import type { RecognizedWord } from '../../src/main/engines/asr/types.js';
import {
  CUE_LIMITS,
  fitsLines,
  HARD_PAUSE_MS,
  segmentCues,
  type SpeakerSegment,
} from '../../src/main/dubbing/segment-cues.js';

/** Words at a steady pace from `startMs` (each `wordMs` long, `gapMs` apart), with extra pauses before given indices. */
function timedWords(
  text: string,
  startMs: number,
  options: { wordMs?: number; gapMs?: number; pauses?: Record<number, number> } = {},
): RecognizedWord[] {
  const { wordMs = 300, gapMs = 50, pauses = {} } = options;
  let at = startMs;
  return text.split(' ').map((word, index) => {
    at += pauses[index] ?? 0;
    const timed = { text: word, startMs: at, endMs: at + wordMs };
    at += wordMs + gapMs;
    return timed;
  });
}

function segment(
  text: string,
  startMs: number,
  speaker = 'Speaker 1',
  options?: Parameters<typeof timedWords>[2],
): SpeakerSegment {
  const words = timedWords(text, startMs, options);
  return { startMs, endMs: words.at(-1)!.endMs, text, speaker, words };
}

function expectWithinLimits(cues: { startMs: number; endMs: number; text: string }[], noSpaces = false): void {
  for (const cue of cues) {
    expect(cue.endMs - cue.startMs, cue.text).toBeLessThanOrEqual(CUE_LIMITS.maxDurationMs);
    expect(fitsLines(cue.text, noSpaces ? { maxLineChars: 16, maxLines: 2 } : CUE_LIMITS, noSpaces), cue.text).toBe(
      true,
    );
  }
}

describe('segmentCues', () => {
  it('cuts a long segment at its sentence ends, not inside the sentences', () => {
    const text =
      'We left the harbour early in the morning. The sea was calm and the wind was kind. By noon we saw the island.';
    const cues = segmentCues([segment(text, 1000)], { language: 'en' });
    expect(cues.map((cue) => cue.text)).toEqual([
      'We left the harbour early in the morning.',
      'The sea was calm and the wind was kind.',
      'By noon we saw the island.',
    ]);
    // Each cue spans exactly its words.
    const words = timedWords(text, 1000);
    expect(cues[0]).toMatchObject({ startMs: words[0]!.startMs, endMs: words[7]!.endMs });
    expect(cues[1]!.startMs).toBe(words[8]!.startMs);
    expectWithinLimits(cues);
  });

  it('joins a sentence recognized as several segments into one cue', () => {
    const cues = segmentCues([segment('When the rain stopped', 0), segment('we walked home together.', 1500)], {
      language: 'en',
    });
    expect(cues.map((cue) => cue.text)).toEqual(['When the rain stopped we walked home together.']);
  });

  it('cuts an unpunctuated stream at its pauses, the longest first', () => {
    // PocketSphinx writes no punctuation: 23 words (9 s), a 700 ms pause before "and then", a breath before "how".
    const text = 'so this is the story of how we built the boat and then we sailed it across the lake to the old town';
    const cues = segmentCues([segment(text, 0, 'Speaker 1', { pauses: { 6: 320, 11: 700 } })], { language: 'en' });
    expect(cues.map((cue) => cue.text)).toEqual([
      'so this is the story of how we built the boat',
      'and then we sailed it across the lake to the old town',
    ]);
    expectWithinLimits(cues);
  });

  it('falls back to commas when a sentence has no pause, and to the middle when it has neither', () => {
    const comma = 'Before we start the meeting today, I would like to thank everyone who travelled here from far away.';
    const cues = segmentCues([segment(comma, 0)], { language: 'en' });
    expect(cues.map((cue) => cue.text)).toEqual([
      'Before we start the meeting today,',
      'I would like to thank everyone who travelled here from far away.',
    ]);

    const plain = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
    const split = segmentCues([segment(plain, 0)], { language: 'en' });
    expectWithinLimits(split);
    expect(split.map((cue) => cue.text).join(' ')).toBe(plain);
  });

  it('never puts two speakers in one cue, even mid-sentence and without a pause', () => {
    const cues = segmentCues(
      [
        segment('Did you see', 0, 'Speaker 1'),
        segment('it?', 1100, 'Speaker 2'),
        segment('Yes I did.', 1500, 'Speaker 2'),
      ],
      { language: 'en' },
    );
    expect(cues.map((cue) => [cue.speaker, cue.text])).toEqual([
      ['Speaker 1', 'Did you see'],
      ['Speaker 2', 'it? Yes I did.'],
    ]);
  });

  it('never spreads a cue over a long silence', () => {
    const cues = segmentCues([segment('Hello', 0), segment('there.', 300 + HARD_PAUSE_MS + 100)], { language: 'en' });
    expect(cues).toHaveLength(2);
  });

  it('joins a too-short sentence to its neighbour, and holds a lone one on screen into the silence', () => {
    const joined = segmentCues(
      [segment('Yes.', 0, 'Speaker 1', { wordMs: 300 }), segment('I think we should go now.', 500)],
      { language: 'en' },
    );
    expect(joined.map((cue) => cue.text)).toEqual(['Yes. I think we should go now.']);

    const lone = segmentCues([segment('No.', 5000), segment('Well then.', 5000 + 3000, 'Speaker 2')], {
      language: 'en',
      endLimitMs: 9000,
    });
    expect(lone[0]).toMatchObject({ text: 'No.', startMs: 5000, endMs: 6000 });
    // Held to the minimum, but not past the media's end.
    expect(lone[1]!.endMs).toBe(9000);
  });

  it('counts characters without spaces for Chinese, and breaks at its full stops', () => {
    const sentence1 = '今天我们讨论一下这个项目的进展情况。';
    const sentence2 = '首先请大家看一下屏幕上的图表和数据，然后我们再决定下一步的计划和时间安排以及每个人的具体任务。';
    const text = sentence1 + sentence2;
    const cues = segmentCues([{ startMs: 0, endMs: 12_000, text, speaker: 'Speaker 1' }], { language: 'zh' });
    expect(cues[0]!.text).toBe(sentence1);
    expect(cues.map((cue) => cue.text).join('')).toBe(text);
    // No spaces are put between Chinese characters, and every cue fits two lines of 16 characters.
    for (const cue of cues) expect(cue.text).not.toMatch(/\s/);
    expectWithinLimits(cues, true);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    // The long second sentence breaks at its comma.
    expect(cues[1]!.text.endsWith('，')).toBe(true);
  });

  it('cuts a Chinese sentence the recognizer timed as one word (its tokens carry no spaces) within the limits', () => {
    // Whisper starts a word at a token with a leading space: Chinese tokens have none, so a sentence is one "word".
    const text = '首先请大家看一下屏幕上的图表和数据然后我们再决定下一步的计划和时间安排以及每个人的具体任务';
    const cues = segmentCues(
      [{ startMs: 0, endMs: 20_000, text, speaker: 'Speaker 1', words: [{ text, startMs: 0, endMs: 20_000 }] }],
      { language: 'zh' },
    );
    expect(cues.map((cue) => cue.text).join('')).toBe(text);
    expect(cues.length).toBeGreaterThanOrEqual(3);
    expectWithinLimits(cues, true);
  });

  it('keeps a full stop the engine gives as a word of its own with the word before it', () => {
    const words: RecognizedWord[] = [
      { text: ' Thank', startMs: 0, endMs: 300 },
      { text: ' you', startMs: 350, endMs: 700 },
      { text: '.', startMs: 700, endMs: 710 },
      { text: ' Next', startMs: 900, endMs: 1200 },
      { text: ' question', startMs: 1250, endMs: 1800 },
      { text: '?', startMs: 1800, endMs: 1810 },
    ];
    const cues = segmentCues(
      [{ startMs: 0, endMs: 1810, text: 'Thank you. Next question?', speaker: 'Speaker 1', words }],
      { language: 'en', limits: { minDurationMs: 500 } },
    );
    expect(cues.map((cue) => cue.text)).toEqual(['Thank you.', 'Next question?']);
  });

  it('keeps every cue of an hour-long monologue within the limits', () => {
    const sentence =
      'this part of the talk goes on and on without any punctuation at all because the recognizer wrote none';
    const segments = Array.from({ length: 200 }, (_, i) => segment(sentence, i * 8000));
    const cues = segmentCues(segments, { language: 'en' });
    expectWithinLimits(cues);
    for (let i = 1; i < cues.length; i++) expect(cues[i]!.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.endMs);
    expect(cues.map((cue) => cue.text).join(' ')).toBe(segments.map((s) => s.text).join(' '));
  });
});
