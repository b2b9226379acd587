// Which reads visual translate keeps as text, and the quality report's reasons, each shown firing and staying silent.
import { describe, expect, it } from 'vitest';
import type { RecognizedLine } from '../../src/main/engines/ocr/types.js';
import { isRedrawn, isUnchanged } from '../../src/main/pipelines/frame-translate/redrawn-blocks.js';
import { frameTranslateQuality } from '../../src/main/pipelines/frame-translate/review-items.js';
import { showsOriginal, tellingWords } from '../../src/main/quality/frame-translate/shows-original.js';
import {
  judgeRead,
  MIN_DETECTOR_SCORE,
  REVIEW_CONFIDENCE,
  KEEP_CONFIDENCE,
} from '../../src/main/engines/ocr/video-text/text-acceptance.js';
import type { TextBlock } from '../../src/main/pipelines/frame-translate/types.js';

const box = { x: 0, y: 0, width: 100, height: 20 };
const line = (text: string, words: [string, number][]): RecognizedLine => ({
  text,
  box,
  confidence: words.reduce((sum, [, c]) => sum + c, 0) / words.length,
  words: words.map(([word, confidence]) => ({ text: word, confidence })),
});

describe('judgeRead: only confident text that looks like text is kept', () => {
  const subtitle = [
    line('Hello my friend', [
      ['Hello', 0.96],
      ['my', 0.96],
      ['friend', 0.96],
    ]),
  ];

  it('keeps a subtitle read with confidence in a high-contrast box', () => {
    expect(judgeRead(subtitle, 0.85)).toEqual({ text: 'Hello my friend', confidence: expect.closeTo(0.96, 6) });
  });

  it('drops the same read where the detector saw texture (low edge contrast)', () => {
    expect(judgeRead(subtitle, MIN_DETECTOR_SCORE - 0.01).rejected).toBe('low_detector_score');
  });

  it('drops one shape read as a character (a stray mark), even with high contrast', () => {
    expect(judgeRead([line('4', [['4', 0.72]])], 0.9).rejected).toBe('stray_mark');
    expect(
      judgeRead(
        [
          line('— 4 =', [
            ['—', 0.7],
            ['4', 0.69],
            ['=', 0.7],
          ]),
        ],
        0.9,
      ).rejected,
    ).toBe('stray_mark');
  });

  it('drops reads without letters or digits, and reads below the keep confidence', () => {
    expect(
      judgeRead(
        [
          line('~ -', [
            ['~', 0.9],
            ['-', 0.9],
          ]),
        ],
        0.9,
      ).rejected,
    ).toBe('no_letters');
    expect(
      judgeRead(
        [
          line('re oo', [
            ['re', KEEP_CONFIDENCE - 0.1],
            ['oo', KEEP_CONFIDENCE - 0.1],
          ]),
        ],
        0.9,
      ).rejected,
    ).toBe('low_confidence');
  });

  it('keeps a line read unsure but for one confident word (white letters over bright grain)', () => {
    const verdict = judgeRead(
      [
        line('The tad car', [
          ['The', 0.9],
          ['tad', 0.3],
          ['car', 0.3],
        ]),
      ],
      0.79,
    );
    expect(verdict.rejected).toBeUndefined();
    expect(verdict.confidence).toBeLessThan(REVIEW_CONFIDENCE);
  });

  it('reads a line without words (RapidOCR) as one word', () => {
    expect(judgeRead([{ text: '欢迎来到北京', box, confidence: 0.9 }], 0.85).rejected).toBeUndefined();
  });
});

describe('texts left as they were', () => {
  it('a translation equal to its source, spacing aside, is unchanged and not redrawn', () => {
    expect(isUnchanged({ sourceText: '2024', targetText: ' 2024 ' })).toBe(true);
    expect(isRedrawn({ sourceText: '2024', targetText: '2024' })).toBe(false);
    expect(isRedrawn({ sourceText: 'The house', targetText: '' })).toBe(false);
    expect(isRedrawn({ sourceText: 'The house', targetText: 'La casa' })).toBe(true);
  });
});

describe('showsOriginal: the original words read again where they were erased', () => {
  it('fires on the original, silent on its translation or a clean background', () => {
    expect(tellingWords('Hello my friend', 'Hola mi amigo')).toEqual(['hello', 'friend']);
    expect(showsOriginal('Hello my fricnd', 'Hello my friend', 'Hola mi amigo')).toBe(true);
    expect(showsOriginal('Hola Mi amigo', 'Hello my friend', 'Hola mi amigo')).toBe(false);
    expect(showsOriginal('', 'Hello my friend', 'Hola mi amigo')).toBe(false);
  });
});

describe('frameTranslateQuality', () => {
  const event = (text: string, confidence: number, startMs = 0, endMs = 2000) => ({
    startMs,
    endMs,
    box,
    text,
    confidence,
  });
  const block = (id: number, source: string, target: string, confidence = 0.95): TextBlock => ({
    id,
    startMs: 1000 * id,
    endMs: 1000 * id + 900,
    box,
    lines: [event(source, confidence, 1000 * id, 1000 * id + 900)],
    sourceText: source,
    targetText: target,
  });

  it('is clean on a clean result', () => {
    const blocks = [block(1, 'Hello my friend', 'Hola mi amigo')];
    expect(
      frameTranslateQuality(
        blocks,
        [{ block: blocks[0]!, line: blocks[0]!.lines[0]!, read: 'Hola mi amigo' }],
        [{ source: 'friend', target: 'amigo' }],
      ),
    ).toEqual({ review: [], texts: 1, texts_unchanged: 0, residual_text: 0 });
  });

  it('lists text left on screen with its span and what was read', () => {
    const blocks = [block(1, 'Hello my friend', 'Hola mi amigo'), block(2, 'The house is big', 'La casa es grande')];
    const quality = frameTranslateQuality(
      blocks,
      [
        { block: blocks[0]!, line: blocks[0]!.lines[0]!, read: 'Hello my friend' },
        { block: blocks[1]!, line: blocks[1]!.lines[0]!, read: 'La casa es grande' },
      ],
      [],
    );
    expect(quality.residual_text).toBe(0.5);
    expect(quality.review).toEqual([
      expect.objectContaining({ start: 1, end: 1.9, reasons: ['text_remains'], text: 'Hello my friend', line: 1 }),
    ]);
  });

  it('counts and lists a number left untouched', () => {
    const quality = frameTranslateQuality([block(1, '2024', '2024')], [], []);
    expect(quality).toMatchObject({ texts: 1, texts_unchanged: 1, residual_text: 0 });
    expect(quality.review).toEqual([expect.objectContaining({ reasons: ['not_translated'], text: '2024' })]);
  });

  it('lists a text kept and translated though read below the review confidence, and no other', () => {
    const quality = frameTranslateQuality(
      [block(1, 'The tad car', 'El coche', REVIEW_CONFIDENCE - 0.2), block(2, 'Good morning', 'Buenos días')],
      [],
      [],
    );
    expect(quality.review).toEqual([expect.objectContaining({ reasons: ['low_ocr_confidence'], text: 'The tad car' })]);
  });

  it('lists a translation missing a glossary term, silent where the term is there', () => {
    const glossary = [{ source: 'house', target: 'hogar' }];
    expect(frameTranslateQuality([block(1, 'The house is big', 'La casa es grande')], [], glossary).review).toEqual([
      expect.objectContaining({ reasons: ['glossary_missed'], text: 'La casa es grande' }),
    ]);
    expect(frameTranslateQuality([block(1, 'The house is big', 'El hogar es grande')], [], glossary).review).toEqual(
      [],
    );
  });
});
