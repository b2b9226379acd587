// text_remains from what the erase left in a box: the reading of the original, or its strokes' contrast alone.
import { describe, expect, it } from 'vitest';
import { frameTranslateQuality } from '../../src/main/pipelines/frame-translate/review-items.js';
import { STROKES_LEFT_LIMIT } from '../../src/main/quality/frame-translate/stroke-contrast.js';
import type { TextBlock } from '../../src/main/pipelines/frame-translate/types.js';

const box = { x: 0, y: 0, width: 100, height: 20 };
const block = (id: number, source: string, target: string): TextBlock => ({
  id,
  startMs: 1000 * id,
  endMs: 1000 * id + 900,
  box,
  sourceText: source,
  targetText: target,
  lines: [{ startMs: 1000 * id, endMs: 1000 * id + 900, box, text: source, confidence: 0.95 }],
});
const erased = (of: TextBlock, read: string, strokesLeft: number | undefined) => ({
  block: of,
  line: of.lines[0]!,
  read,
  strokesLeft,
});

describe('frameTranslateQuality: text left under the drawn translation', () => {
  const blocks = [
    block(1, 'Open every morning', 'Abierto cada mañana'),
    block(2, 'The house is big', 'La casa es grande'),
  ];

  it('names a box whose strokes stay although nothing reads there, with the original as found', () => {
    const quality = frameTranslateQuality(
      blocks,
      [erased(blocks[0]!, '', STROKES_LEFT_LIMIT + 0.2), erased(blocks[1]!, '', 0.02)],
      [],
    );
    expect(quality.residual_text).toBe(0.5);
    expect(quality.review).toEqual([
      {
        start: 1,
        end: 1.9,
        line: 1,
        reasons: ['text_remains'],
        text: 'Open every morning',
        detail:
          "The original 'Open every morning' keeps 40 % of its stroke contrast (above 20 %) where it was erased, under the 'Abierto cada mañana' drawn over it.",
      },
    ]);
  });

  it('names a box where the original reads again, whatever its strokes, with both measures when both tell', () => {
    const quality = frameTranslateQuality(
      blocks,
      [erased(blocks[0]!, 'Open every morning', undefined), erased(blocks[1]!, 'The house is big', 0.9)],
      [],
    );
    expect(quality.residual_text).toBe(1);
    expect(quality.review.map((item) => item.detail)).toEqual([
      "The original 'Open every morning' still reads ('Open every morning') where it was erased, under the 'Abierto cada mañana' drawn over it.",
      "The original 'The house is big' still reads ('The house is big') and keeps 90 % of its stroke contrast (above 20 %) where it was erased, under the 'La casa es grande' drawn over it.",
    ]);
  });

  it('stays silent on clean erases: stray marks read, strokes at the limit or not measurable', () => {
    const quality = frameTranslateQuality(
      blocks,
      [erased(blocks[0]!, '= ay,', STROKES_LEFT_LIMIT), erased(blocks[1]!, '', undefined)],
      [],
    );
    expect(quality).toEqual({ review: [], texts: 2, texts_unchanged: 0, residual_text: 0 });
  });
});
