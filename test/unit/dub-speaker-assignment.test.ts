// Speakers on lines: the diarizer's input bounded and laid end to end, its turns mapped back, and lines and words
// given the speaker they overlap most (diarize-input.ts, speaker-overlap.ts).
import { describe, expect, it } from 'vitest';
import { chooseLines, compactRegions, layOut, mapTurnsBack } from '../../src/main/dubbing/diarize-input.js';
import { assignSpeakers, nameSpeakers, speakerByOverlap } from '../../src/main/dubbing/speaker-overlap.js';

describe('what the diarizer hears', () => {
  it('keeps every line within the limits, and only the longest that fit beyond them, in time order', () => {
    const lines = [
      { startMs: 0, endMs: 500 },
      { startMs: 1000, endMs: 4000 },
      { startMs: 5000, endMs: 5200 },
      { startMs: 6000, endMs: 8000 },
    ];
    expect(chooseLines(lines)).toEqual(lines);
    expect(chooseLines(lines, { maxLines: 2, maxSpeechMs: 60_000, gapMs: 300 })).toEqual([lines[1], lines[3]]);
    expect(chooseLines(lines, { maxLines: 10, maxSpeechMs: 3600, gapMs: 300 })).toEqual([lines[0], lines[1]]);
  });

  it('maps turns on the compact track back to the media, cut at the lines and never into the gaps', () => {
    const layout = layOut(
      [
        { startMs: 10_000, endMs: 12_000 },
        { startMs: 30_000, endMs: 31_000 },
      ],
      300,
    );
    expect(compactRegions(layout)).toEqual([
      { startMs: 0, endMs: 2000 },
      { startMs: 2300, endMs: 3300 },
    ]);
    // A neural diarizer's turn may run across the gap: it is cut into the two lines.
    expect(
      mapTurnsBack(
        [
          { startMs: 1500, endMs: 2800, speaker: 'speaker_1' },
          { startMs: 0, endMs: 1500, speaker: 'speaker_0' },
        ],
        layout,
      ),
    ).toEqual([
      { startMs: 10_000, endMs: 11_500, speaker: 'speaker_0' },
      { startMs: 11_500, endMs: 12_000, speaker: 'speaker_1' },
      { startMs: 30_000, endMs: 30_500, speaker: 'speaker_1' },
    ]);
  });
});

describe('speakers on lines', () => {
  const turns = nameSpeakers([
    { startMs: 5000, endMs: 9000, speaker: 'speaker_0' },
    { startMs: 0, endMs: 5000, speaker: 'speaker_1' },
  ]);

  it('names speakers in order of first appearance', () => {
    expect(turns.map((turn) => turn.speaker)).toEqual(['Speaker 1', 'Speaker 2']);
  });

  it('gives a line the speaker it overlaps most, or the nearest one when it overlaps none', () => {
    expect(speakerByOverlap({ startMs: 4000, endMs: 7000 }, turns)).toBe('Speaker 2');
    expect(speakerByOverlap({ startMs: 3000, endMs: 5500 }, turns)).toBe('Speaker 1');
    expect(speakerByOverlap({ startMs: 9500, endMs: 9900 }, turns)).toBe('Speaker 2');
    expect(speakerByOverlap({ startMs: 0, endMs: 100 }, [])).toBeUndefined();
  });

  it('cuts a recognized segment where the speaker changes between its words', () => {
    const words = [
      { text: 'Are', startMs: 4000, endMs: 4300 },
      { text: 'you', startMs: 4350, endMs: 4600 },
      { text: 'sure?', startMs: 4650, endMs: 4950 },
      { text: 'Yes.', startMs: 5100, endMs: 5500 },
    ];
    expect(
      assignSpeakers([{ startMs: 4000, endMs: 5500, text: 'Are you sure? Yes.', words }], turns, 'Speaker 1'),
    ).toEqual([
      { startMs: 4000, endMs: 4950, text: 'Are you sure?', speaker: 'Speaker 1', words: words.slice(0, 3) },
      { startMs: 5100, endMs: 5500, text: 'Yes.', speaker: 'Speaker 2', words: words.slice(3) },
    ]);
    // Without word times the whole segment goes to the speaker it overlaps most; without turns it keeps its own.
    expect(assignSpeakers([{ startMs: 4000, endMs: 8000, text: 'Long line.' }], turns, 'Speaker 1')[0]!.speaker).toBe(
      'Speaker 2',
    );
    expect(
      assignSpeakers([{ startMs: 0, endMs: 1000, text: 'Hi.', speaker: 'Anna' }], [], 'Speaker 1')[0]!.speaker,
    ).toBe('Anna');
  });
});
