import { describe, expect, it } from 'vitest';
import { chooseReferences, describeReference } from '../../src/main/dubbing/clone-references.js';
import type { DubCue } from '../../src/main/pipelines/translate/types.js';

let index = 0;
const line = (speaker: string, startMs: number, endMs: number, text: string): DubCue => ({
  index: ++index,
  startMs,
  endMs,
  text,
  speaker,
});

describe('chooseReferences', () => {
  it("takes a speaker's longest stretch alone, never one overlapping another speaker, joining lines with short pauses", () => {
    const references = chooseReferences([
      line('A', 0, 2000, 'One two.'),
      line('A', 2400, 5000, 'Three <i>four</i> five.'),
      // A's longest line, but B speaks over it.
      line('A', 6000, 14_000, 'A long line said over the other speaker.'),
      line('B', 9000, 11_000, 'Interrupting.'),
      line('B', 15_000, 19_000, 'My own four seconds.'),
    ]);
    expect(references.get('A')).toMatchObject({
      startMs: 0,
      endMs: 5000,
      text: 'One two. Three four five.',
      overlapped: false,
      cut: false,
    });
    expect(references.get('B')).toMatchObject({ startMs: 15_000, endMs: 19_000, text: 'My own four seconds.' });
  });

  it('cuts a line longer than 10 s to its first 10 s with its words in proportion, when nothing of 3-10 s exists', () => {
    const reference = chooseReferences([
      line('A', 1000, 21_000, 'one two three four five six seven eight nine ten'),
      line('A', 30_000, 31_000, 'short'),
    ]).get('A')!;
    expect(reference).toMatchObject({ startMs: 1000, endMs: 11_000, text: 'one two three four five', cut: true });
    expect(describeReference(reference, 'original speech')).toBe(
      'A: cloned from 10.0 s of their speech at 00:00:01 (original speech; a longer line cut to its first 10 s)',
    );
  });

  it('cuts the transcript of a long Chinese line (no spaces) by characters, in proportion to the 10 s kept', () => {
    // ZipVoice reads the reference's pace from its transcript: the whole 20 s line's text for 10 s of audio is wrong.
    const text = '今天我们讨论一下这个项目的进展情况';
    const reference = chooseReferences([line('A', 0, 20_000, text)]).get('A')!;
    expect(reference).toMatchObject({ startMs: 0, endMs: 10_000, cut: true, text: text.slice(0, 8) });
  });

  it('falls back to the longest short line, and to overlapping lines when the speaker never speaks alone', () => {
    const references = chooseReferences([
      line('A', 0, 1500, 'Hi.'),
      line('A', 5000, 7000, 'Hello there.'),
      line('B', 6000, 8000, 'Overlap.'),
    ]);
    expect(references.get('A')).toMatchObject({ startMs: 0, endMs: 1500 });
    expect(references.get('B')).toMatchObject({ startMs: 6000, endMs: 8000, overlapped: true });
    expect(describeReference(references.get('B')!, 'original speech')).toContain('overlaps another speaker');
  });
});
