// The ASS document that draws translations into the boxes of the original text: where each text is anchored,
// its colours, its line breaks and how it is sized to its box (measured with the real DejaVu and Noto fonts).
import { describe, expect, it } from 'vitest';
import type { Rgb } from '../../src/main/engines/inpaint/glyph-mask.js';
import type { PixelBox } from '../../src/main/media/image/rgb-image.js';
import { resolveSubtitleFonts } from '../../src/main/media/subtitles/fonts.js';
import { lineMeasurer } from '../../src/main/media/text-drawing/font-metrics.js';
import {
  textAlignment,
  translatedTextAss,
  type TextToDraw,
} from '../../src/main/media/text-drawing/translated-text-ass.js';

const frame = { width: 640, height: 360 };
const fonts = resolveSubtitleFonts({ includeSystemFonts: false });
const measure = lineMeasurer(fonts);
const white: Rgb = [255, 255, 255];

function text(box: PixelBox, words: string, more: Partial<TextToDraw> = {}): TextToDraw {
  return { startMs: 1000, endMs: 2500, box, text: words, fillRgb: white, align: 'left', lines: 1, ...more };
}

interface DrawnText {
  start: string;
  end: string;
  anchor: number;
  x: number;
  y: number;
  size: number;
  border: number;
  tags: string;
  lines: string[];
}

/** The Dialogue lines of a document, read back into what libass will draw. */
function drawn(texts: TextToDraw[], language = 'en'): DrawnText[] {
  const document = translatedTextAss(texts, { frame, language, fonts });
  return document
    .split('\n')
    .filter((line) => line.startsWith('Dialogue:'))
    .map((line) => {
      const fields = line.slice('Dialogue: '.length).split(',');
      const body = fields.slice(9).join(',');
      const tags = /^\{([^}]*)\}/.exec(body)![1]!;
      const position = /\\pos\(([\d.]+),([\d.]+)\)/.exec(tags)!;
      return {
        start: fields[1]!,
        end: fields[2]!,
        anchor: Number(/\\an(\d)/.exec(tags)![1]),
        x: Number(position[1]),
        y: Number(position[2]),
        size: Number(/\\fs([\d.]+)/.exec(tags)![1]),
        border: Number(/\\bord([\d.]+)/.exec(tags)![1]),
        tags,
        lines: body.slice(tags.length + 2).split('\\N'),
      };
    });
}

const widest = (item: DrawnText) => Math.max(...item.lines.map((line) => measure(line, item.size).width));

/** Rows libass inks for a drawn text: lines one size apart, glyphs around each line's baseline, outline around them. */
function inkRows(item: DrawnText): { top: number; bottom: number } {
  const metrics = item.lines.map((line) => measure(line, item.size));
  return {
    top: item.y + Math.min(...metrics.map((line, i) => i * item.size + line.baseline - line.inkAbove)) - item.border,
    bottom: item.y + Math.max(...metrics.map((line, i) => i * item.size + line.baseline + line.inkBelow)) + item.border,
  };
}

describe('translatedTextAss', () => {
  it("lays the document out in the frame's own pixels and leaves no wrapping to libass", () => {
    const document = translatedTextAss([text({ x: 40, y: 40, width: 240, height: 40 }, 'Open')], {
      frame,
      language: 'en',
      fonts,
    });
    expect(document).toMatch(/^PlayResX: 640$/m);
    expect(document).toMatch(/^PlayResY: 360$/m);
    expect(document).toMatch(/^WrapStyle: 2$/m);
    expect(document).toMatch(/^Style: Default,DejaVu Sans,/m);
    const [open] = drawn([text({ x: 40, y: 40, width: 240, height: 40 }, 'Open')]);
    expect(open!.tags).toContain('\\q2');
    expect([open!.start, open!.end]).toEqual(['0:00:01.00', '0:00:02.50']);
  });

  it("anchors left, centred and right texts at the box's left edge, centre and right edge, at its top", () => {
    const box = { x: 100, y: 60, width: 300, height: 40 };
    const [left, centre, right] = drawn([
      text(box, 'Exit', { align: 'left' }),
      text(box, 'Exit', { align: 'center' }),
      text(box, 'Exit', { align: 'right' }),
    ]);
    expect(left!.anchor).toBe(7);
    expect(left!.x).toBeGreaterThanOrEqual(box.x);
    expect(left!.x).toBeLessThanOrEqual(box.x + 3);
    expect(centre!.anchor).toBe(8);
    expect(centre!.x).toBeCloseTo(box.x + box.width / 2, 0);
    expect(right!.anchor).toBe(9);
    expect(right!.x).toBeLessThanOrEqual(box.x + box.width);
    expect(right!.x).toBeGreaterThanOrEqual(box.x + box.width - 3);
    // Capitals as tall as the box: larger than a font size of the box's height, whose capitals would fill 60 % of it.
    for (const item of [left!, centre!, right!]) {
      const ink = inkRows(item);
      expect(ink.top).toBeGreaterThanOrEqual(box.y - 0.5);
      expect(ink.bottom).toBeLessThanOrEqual(box.y + box.height + 0.5);
      expect(ink.bottom - ink.top).toBeGreaterThan(box.height - 2);
      expect(item.size).toBeGreaterThan(55);
    }
  });

  it("draws in the original's fill and outline colours, a hairline of the contrasting colour when it had no outline", () => {
    const box = { x: 40, y: 40, width: 300, height: 40 };
    const [outlined, light, dark] = drawn([
      text(box, 'Sale', { fillRgb: [255, 200, 0], outlineRgb: [0, 0, 255] }),
      text(box, 'Sale', { fillRgb: [250, 250, 240] }),
      text(box, 'Sale', { fillRgb: [20, 30, 40] }),
    ]);
    expect(outlined!.tags).toContain('\\c&H00C8FF&');
    expect(outlined!.tags).toContain('\\3c&HFF0000&');
    expect(outlined!.tags).toContain('\\3a&H00&');
    expect(outlined!.border).toBeGreaterThanOrEqual(1.5);
    expect(light!.tags).toContain('\\c&HF0FAFA&');
    expect(light!.tags).toContain('\\3c&H000000&');
    expect(light!.tags).toContain('\\3a&H80&');
    expect(dark!.tags).toContain('\\3c&HFFFFFF&');
    expect(light!.border).toBeLessThan(outlined!.border);
  });

  it("keeps the original's line breaks and breaks a longer translation into lines that fit the box", () => {
    const twoLineBox = { x: 170, y: 280, width: 300, height: 64 };
    const [kept, broken] = drawn([
      text(twoLineBox, 'First line\nSecond', { lines: 2, align: 'center' }),
      text(twoLineBox, 'Please keep your ticket until the end of the trip', { lines: 2, align: 'center' }),
    ]);
    expect(kept!.lines).toEqual(['First line', 'Second']);
    expect(kept!.lines.length * kept!.size).toBeGreaterThan(twoLineBox.height * 0.9);
    expect(broken!.lines.length).toBe(2);
    expect(broken!.lines.join(' ')).toBe('Please keep your ticket until the end of the trip');
    expect(widest(broken!) + 2 * broken!.border).toBeLessThanOrEqual(twoLineBox.width * 1.1);
    expect(inkRows(broken!).bottom - inkRows(broken!).top).toBeLessThanOrEqual(twoLineBox.height + 0.5);
  });

  it('shrinks a text too long for its box, but not below 60 % of the original size', () => {
    const box = { x: 40, y: 100, width: 220, height: 40 };
    const [short, long] = drawn([
      // The same tallest and deepest letters (k, y), so the same starting size.
      text(box, 'Buy kit'),
      text(box, 'Buy tickets here'),
    ]);
    expect(long!.size).toBeLessThan(short!.size * 0.85);
    expect(long!.size).toBeGreaterThanOrEqual(short!.size * 0.6 - 0.1);
    expect(inkRows(long!).bottom - inkRows(long!).top).toBeLessThanOrEqual(box.height + 0.5);
    // Growing 10 % to the right of a left-aligned box is allowed, no more.
    expect(long!.x + widest(long!) + long!.border).toBeLessThanOrEqual(box.x + box.width * 1.1 + 1);
  });

  it('lets a text too long even at the smallest size run wider than its box, centred on it and inside the frame', () => {
    const box = { x: 520, y: 200, width: 80, height: 20 };
    const [overflowing] = drawn([
      text(box, 'An extremely long sentence put into a very small label box near the edge', { align: 'right' }),
    ]);
    expect(overflowing!.size).toBeLessThan(box.height);
    expect(overflowing!.size).toBeGreaterThan(8);
    const width = widest(overflowing!);
    const right = overflowing!.x;
    expect(right - width - overflowing!.border).toBeGreaterThanOrEqual(0);
    expect(right + overflowing!.border).toBeLessThanOrEqual(frame.width);
    expect(width).toBeGreaterThan(box.width);
  });

  it('breaks Chinese, written without spaces, between characters to fit the box', () => {
    const box = { x: 400, y: 120, width: 180, height: 72 };
    const sentence = '这是一个很长的中文句子需要换行显示';
    const [chinese] = drawn([text(box, sentence, { lines: 2, align: 'right' })], 'zh');
    expect(chinese!.lines.length).toBeGreaterThanOrEqual(2);
    expect(chinese!.lines.join('')).toBe(sentence);
    expect(widest(chinese!) + 2 * chinese!.border).toBeLessThanOrEqual(box.width * 1.1);
    // A Han character is one em of Noto Sans SC: 1000 of its 1448 units of font size.
    expect(measure('中', 100).width).toBeCloseTo(69.1, 0);
  });

  it('escapes braces and backslashes and skips texts with nothing to draw', () => {
    const box = { x: 40, y: 40, width: 400, height: 40 };
    const items = drawn([
      text(box, 'Use {curly} \\N here'),
      text(box, '   '),
      text(box, 'Too short', { startMs: 1000, endMs: 1002 }),
    ]);
    expect(items).toHaveLength(1);
    expect(items[0]!.lines).toEqual(['Use \\{curly\\} \\\u2060N here']);
  });
});

describe('textAlignment', () => {
  it("centres a box near the frame's middle and keeps others to the side they sit on", () => {
    expect(textAlignment({ x: 170, y: 300, width: 300, height: 40 }, frame)).toBe('center');
    expect(textAlignment({ x: 30, y: 40, width: 200, height: 30 }, frame)).toBe('left');
    expect(textAlignment({ x: 420, y: 40, width: 200, height: 30 }, frame)).toBe('right');
  });

  it('draws bold originals in the bold face, measured with its wider metrics', () => {
    const box: PixelBox = { x: 40, y: 300, width: 200, height: 30 };
    const [regular] = drawn([text(box, 'The house is big')]);
    const [bold] = drawn([text(box, 'The house is big', { bold: true })]);
    expect(regular!.tags).toContain('\\b0');
    expect(bold!.tags).toContain('\\b1');
    expect(lineMeasurer(fonts, true)('The house is big', 30).width).toBeGreaterThan(
      measure('The house is big', 30).width * 1.05,
    );
    // The same box holds the wider bold line at a size no larger than the regular one.
    expect(bold!.size).toBeLessThanOrEqual(regular!.size);
  });
});
