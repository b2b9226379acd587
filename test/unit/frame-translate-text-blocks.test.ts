// Lines read on screen grouped into blocks: a two-line subtitle is one block (translated as one sentence, drawn in
// one box); a title shown at the same time elsewhere, or the next subtitle in the same place, is another.
import { describe, expect, it } from 'vitest';
import type { ReadTextEvent } from '../../src/main/engines/ocr/video-text/read-events.js';
import { unionBox } from '../../src/main/media/image/pixel-box.js';
import { groupTextLines } from '../../src/main/pipelines/frame-translate/text-blocks.js';

const line = (
  text: string,
  startMs: number,
  endMs: number,
  x: number,
  y: number,
  width = 300,
  height = 30,
): ReadTextEvent => ({ text, startMs, endMs, box: { x, y, width, height }, confidence: 0.9 });

describe('groupTextLines', () => {
  it('joins the two lines of one subtitle, top line first, into their union box', () => {
    const groups = groupTextLines([
      line('she said it was', 1000, 3000, 180, 300, 280),
      line('Yesterday', 1040, 2960, 200, 260, 240),
    ]);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.lines.map((entry) => entry.text)).toEqual(['Yesterday', 'she said it was']);
    expect(groups[0]).toMatchObject({ startMs: 1000, endMs: 3000, box: { x: 180, y: 260, width: 280, height: 70 } });
  });

  it('keeps apart a title shown at the same time, the next subtitle in the same place, and lines not overlapping sideways', () => {
    const groups = groupTextLines([
      line('Hello my friend', 1000, 3000, 170, 300),
      line('CITY NEWS', 1000, 3000, 20, 20),
      line('The house is big', 3500, 6000, 170, 300),
      line('left caption', 1000, 3000, 10, 262, 100),
      line('right caption', 1000, 3000, 520, 262, 100),
    ]);
    const texts = groups.map((group) => group.lines.map((entry) => entry.text).join(' / ')).sort();
    expect(texts).toEqual(['CITY NEWS', 'Hello my friend', 'The house is big', 'left caption', 'right caption']);
  });

  it('does not join lines more than a line height apart', () => {
    expect(groupTextLines([line('top', 0, 2000, 100, 100), line('far below', 0, 2000, 100, 170)])).toHaveLength(2);
  });
});

describe('unionBox', () => {
  it('covers every box', () => {
    expect(
      unionBox([
        { x: 10, y: 20, width: 5, height: 5 },
        { x: 0, y: 30, width: 4, height: 10 },
      ]),
    ).toEqual({ x: 0, y: 20, width: 15, height: 20 });
  });
});
