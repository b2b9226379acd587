import { describe, expect, it } from 'vitest';
import {
  joinTexts,
  mergeSegments,
  splitSegment,
  splitText,
  type EditableSegment,
} from '../../src/main/projects/segment-edits.js';
import { thrown } from '../fixtures/thrown.js';

const line = (over: Partial<EditableSegment> = {}): EditableSegment => ({
  startMs: 1000,
  endMs: 5000,
  sourceText: 'one two three four',
  targetText: 'uno dos tres cuatro',
  speaker: 'SPEAKER_01',
  voiceId: 'es-voice',
  ...over,
});

describe('splitSegment', () => {
  it('cuts both texts at the word boundary nearest to the same time fraction and keeps the voice', () => {
    const [a, b] = splitSegment(line(), 3000);
    expect(a).toMatchObject({
      startMs: 1000,
      endMs: 3000,
      sourceText: 'one two',
      targetText: 'uno dos',
      speaker: 'SPEAKER_01',
      voiceId: 'es-voice',
    });
    expect(b).toMatchObject({
      startMs: 3000,
      endMs: 5000,
      sourceText: 'three four',
      targetText: 'tres cuatro',
      speaker: 'SPEAKER_01',
      voiceId: 'es-voice',
    });
  });

  it('follows the fraction: a split at a quarter leaves a short first half', () => {
    const [a, b] = splitSegment(line({ sourceText: 'a b c d e f g h', targetText: 'alpha beta gamma delta' }), 2000);
    expect(a.sourceText).toBe('a b');
    expect(b.sourceText).toBe('c d e f g h');
    expect(a.targetText).toBe('alpha');
    expect(b.targetText).toBe('beta gamma delta');
  });

  it('cuts CJK text with no spaces between characters, never before punctuation', () => {
    const [a, b] = splitSegment(line({ sourceText: 'hello world', targetText: '今天天气很好。我们去公园吧' }), 3000);
    expect(a.targetText + b.targetText).toBe('今天天气很好。我们去公园吧');
    expect(Array.from(a.targetText).length).toBeGreaterThanOrEqual(5);
    expect(Array.from(a.targetText).length).toBeLessThanOrEqual(8);
    expect(b.targetText.startsWith('。')).toBe(false);
    expect(splitText('今天很好。', 0.8)).toEqual(['今天很', '好。']);
  });

  it('keeps a one-word text whole on the first half', () => {
    const [a, b] = splitSegment(line({ sourceText: 'Hello', targetText: '  Hola  ' }), 4000);
    expect([a.sourceText, b.sourceText]).toEqual(['Hello', '']);
    expect([a.targetText, b.targetText]).toEqual(['Hola', '']);
  });

  it('keeps the box and the block on both halves', () => {
    const box = { x: 0.1, y: 0.2, width: 0.3, height: 0.1 };
    const [a, b] = splitSegment(line({ box, blockId: 7 }), 3000);
    expect(a.box).toEqual(box);
    expect(b.box).toEqual(box);
    expect([a.blockId, b.blockId]).toEqual([7, 7]);
  });

  it('refuses a split outside the line or closer than 200 ms to an edge, naming the times', () => {
    for (const at of [500, 1000, 1199, 4801, 5000, 9000, Number.NaN]) {
      const error = thrown(() => splitSegment(line(), at));
      expect(error.code).toBe('invalid_request');
      expect(error.message).toContain('1.000 s-5.000 s');
    }
    expect(thrown(() => splitSegment(line(), 1100)).message).toContain('at 1.100 s');
    expect(splitSegment(line(), 1200)[0].endMs).toBe(1200);
    expect(splitSegment(line(), 4800)[1].startMs).toBe(4800);
  });
});

describe('mergeSegments', () => {
  it('spans first start to last end, joins texts with a space, keeps the first speaker and voice', () => {
    const merged = mergeSegments([
      line({ startMs: 0, endMs: 1000, sourceText: 'Good', targetText: 'Buenos' }),
      line({
        startMs: 1200,
        endMs: 2000,
        sourceText: ' morning ',
        targetText: 'días',
        speaker: 'SPEAKER_02',
        voiceId: 'other',
      }),
      line({
        startMs: 2100,
        endMs: 3500,
        sourceText: 'everyone.',
        targetText: 'a todos.',
        speaker: 'SPEAKER_03',
        voiceId: null,
      }),
    ]);
    expect(merged).toMatchObject({
      startMs: 0,
      endMs: 3500,
      sourceText: 'Good morning everyone.',
      targetText: 'Buenos días a todos.',
      speaker: 'SPEAKER_01',
      voiceId: 'es-voice',
    });
  });

  it('joins CJK without a space and skips empty texts', () => {
    const merged = mergeSegments([
      line({ targetText: '今天' }),
      line({ targetText: '' }),
      line({ targetText: '很好。' }),
    ]);
    expect(merged.targetText).toBe('今天很好。');
    expect(joinTexts(['日本語', 'English'])).toBe('日本語 English');
  });

  it('gives the union of the boxes and the first block', () => {
    const merged = mergeSegments([
      line({ box: { x: 0.1, y: 0.5, width: 0.2, height: 0.1 }, blockId: 3 }),
      line({}),
      line({ box: { x: 0.25, y: 0.4, width: 0.5, height: 0.05 }, blockId: 4 }),
    ]);
    expect(merged.blockId).toBe(3);
    expect(merged.box!.x).toBeCloseTo(0.1);
    expect(merged.box!.y).toBeCloseTo(0.4);
    expect(merged.box!.width).toBeCloseTo(0.65);
    expect(merged.box!.height).toBeCloseTo(0.2);
    expect(mergeSegments([line(), line()]).box).toBeUndefined();
  });

  it('undoes a split', () => {
    const original = line();
    expect(mergeSegments(splitSegment(original, 2500))).toEqual(original);
  });

  it('refuses an empty list', () => {
    expect(thrown(() => mergeSegments([])).code).toBe('invalid_request');
  });
});
