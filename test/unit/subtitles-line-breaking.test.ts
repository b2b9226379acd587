import { describe, expect, it } from 'vitest';
import {
  columnBudget,
  displayWidth,
  MAX_COLUMNS_CJK,
  MAX_COLUMNS_DEFAULT,
  scriptColumnCap,
  wrapSubtitle,
} from '../../src/main/media/subtitles/line-breaking.js';

const KINSOKU_NO_START = /^[、。，．！？）」』】〕〉》ー…っゃゅょァィゥェォッャュョ,.!?:;)\]}»]/u;
const KINSOKU_NO_END = /[（「『【〔〈《([{«¿¡]$/u;

describe('displayWidth', () => {
  it('counts CJK and full-width characters as two columns and combining marks as none', () => {
    expect(displayWidth('Hello')).toBe(5);
    expect(displayWidth('你好。')).toBe(6);
    expect(displayWidth('カタカナー')).toBe(10);
    expect(displayWidth('한국어')).toBe(6);
    expect(displayWidth('ที่')).toBe(1);
    expect(displayWidth('e\u0301')).toBe(1);
  });
});

describe('line length per script and frame', () => {
  it('caps Latin at 42 columns and CJK at 16 full-width characters', () => {
    expect(scriptColumnCap('A perfectly ordinary English sentence.')).toBe(MAX_COLUMNS_DEFAULT);
    expect(scriptColumnCap('Обычное русское предложение.')).toBe(MAX_COLUMNS_DEFAULT);
    expect(scriptColumnCap('这是一个普通的中文句子。')).toBe(MAX_COLUMNS_CJK);
    expect(scriptColumnCap('これは普通の日本語の文です。')).toBe(MAX_COLUMNS_CJK);
  });

  it('gives portrait frames shorter lines than landscape frames at the same font size', () => {
    const text = 'An ordinary sentence';
    const landscape = columnBudget({ width: 1920, height: 1080 }, 54, text);
    const portrait = columnBudget({ width: 1080, height: 1920 }, 54, text);
    expect(landscape).toBe(42);
    expect(portrait).toBeLessThan(landscape);
    expect(portrait).toBeGreaterThanOrEqual(28);
    expect(columnBudget({ width: 1080, height: 1920 }, 54, '这是一个普通的中文句子。')).toBe(24);
  });

  it('gives fewer columns when a big font would not fit the cap between the side margins', () => {
    expect(columnBudget({ width: 1920, height: 1080 }, 120, 'An ordinary sentence')).toBe(28);
  });
});

describe('wrapSubtitle: Latin scripts', () => {
  it('keeps a short cue on one line', () => {
    expect(wrapSubtitle('Where are you going?', { maxColumns: 42 })).toEqual({
      lines: ['Where are you going?'],
      scale: 1,
    });
  });

  it('reflows the source line breaks of a cue', () => {
    expect(wrapSubtitle('Where are\nyou going?', { maxColumns: 42 }).lines).toEqual(['Where are you going?']);
  });

  it('splits a long cue into two balanced lines, the bottom one not shorter, words kept whole', () => {
    const text = 'This is a fairly long sentence that should be split into two lines nicely';
    const { lines, scale } = wrapSubtitle(text, { maxColumns: 42 });
    expect(scale).toBe(1);
    expect(lines).toEqual(['This is a fairly long sentence that', 'should be split into two lines nicely']);
    expect(lines.join(' ')).toBe(text);
  });

  it('prefers a break after a comma over a perfectly even break', () => {
    const { lines } = wrapSubtitle('I told you not to open the door, but you never listen to me.', { maxColumns: 42 });
    expect(lines).toEqual(['I told you not to open the door,', 'but you never listen to me.']);
  });

  it('never starts a line with the spaced punctuation of French, nor ends one with an opening guillemet', () => {
    const text = 'Tu sais très bien ce que je pense de tout ça ! Je te l’ai dit : « jamais » !';
    for (const maxColumns of [20, 24, 28, 32, 36, 42]) {
      const { lines } = wrapSubtitle(text, { maxColumns, language: 'fr' });
      for (const line of lines) {
        expect(line).not.toMatch(/^[!?:;»]/u);
        expect(line).not.toMatch(/«$/u);
      }
      expect(lines.join(' ')).toBe(text);
    }
  });

  it('keeps each speaker of a dialogue cue on a line of their own', () => {
    expect(wrapSubtitle('- Where are you going?\n- Home.', { maxColumns: 42 }).lines).toEqual([
      '- Where are you going?',
      '- Home.',
    ]);
  });

  it('shrinks the font a little rather than use a third line when that is enough', () => {
    const text = 'We should leave right now before the storm arrives and all the mountain roads are closed';
    const { lines, scale } = wrapSubtitle(text, { maxColumns: 42 });
    expect(lines).toHaveLength(2);
    expect(scale).toBeLessThan(1);
    expect(scale).toBeGreaterThanOrEqual(0.85);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(Math.floor(42 / scale));
  });

  it('uses three lines at the smallest font only when two cannot hold the cue, and drops no word', () => {
    const text =
      'This cue is so incredibly long that it can not possibly fit on two lines of subtitles even when shrunk a little bit, so it takes three.';
    const { lines, scale } = wrapSubtitle(text, { maxColumns: 42 });
    expect(scale).toBe(0.85);
    expect(lines).toHaveLength(3);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(49);
  });

  it('cuts a word longer than any line rather than overflow the frame', () => {
    const url = 'https://example.com/' + 'a'.repeat(80);
    const { lines } = wrapSubtitle(`See ${url}`, { maxColumns: 42 });
    for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(49);
    expect(lines.join('').replace(/\s/g, '')).toBe(`See${url}`);
  });
});

describe('wrapSubtitle: scripts without spaces', () => {
  const japanese = 'これは日本語の字幕のテストです。とても長い文章なので、二行に分けなければなりません。';
  const chinese = '我们今天下午去北京大学看看「图书馆」吧！然后再去吃饭，好不好？';

  it('breaks Chinese between words, within 16 characters a line, with kinsoku rules', () => {
    const { lines } = wrapSubtitle(chinese, { maxColumns: 32, language: 'zh' });
    expect(lines.length).toBe(2);
    expect(lines.join('')).toBe(chinese);
    for (const line of lines) {
      expect(displayWidth(line)).toBeLessThanOrEqual(32);
      expect(line).not.toMatch(KINSOKU_NO_START);
      expect(line).not.toMatch(KINSOKU_NO_END);
    }
  });

  it('never starts a Japanese line with a closing mark or small kana, whatever the line length', () => {
    for (const maxColumns of [12, 14, 16, 18, 20, 24, 28, 32]) {
      const { lines } = wrapSubtitle(japanese, { maxColumns, language: 'ja' });
      expect(lines.join('')).toBe(japanese);
      for (const line of lines.slice(1)) expect(line).not.toMatch(KINSOKU_NO_START);
      for (const line of lines.slice(0, -1)) expect(line).not.toMatch(KINSOKU_NO_END);
    }
  });

  it('does not leave an opening bracket at the end of a line', () => {
    const text = '彼は「明日また来ます」と言って帰りました';
    for (const maxColumns of [8, 10, 12, 14, 16, 20, 24]) {
      const { lines } = wrapSubtitle(text, { maxColumns, language: 'ja' });
      for (const line of lines.slice(0, -1)) expect(line).not.toMatch(/「$/u);
      for (const line of lines.slice(1)) expect(line).not.toMatch(/^」/u);
    }
  });

  it('breaks Thai at word boundaries, not inside a word, and keeps its spaces as breaks', () => {
    const text = 'สวัสดีครับ วันนี้อากาศดีมาก เราจะไปเที่ยวทะเลกันไหม ถ้าว่างก็ไปด้วยกันนะครับ';
    const { lines } = wrapSubtitle(text, { maxColumns: 35, language: 'th' });
    expect(lines).toHaveLength(2);
    const words = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(text)]
      .filter((s) => s.isWordLike)
      .map((s) => s.segment);
    for (const line of lines) {
      expect(displayWidth(line)).toBeLessThanOrEqual(35);
      const first = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(line)].find(
        (s) => s.isWordLike,
      )!.segment;
      expect(words).toContain(first);
    }
  });

  it('lets mixed Latin words inside Chinese text stay whole', () => {
    const text = '我昨天在商店里买了一部新的iPhone手机，但是它的电池不太好用。';
    const { lines } = wrapSubtitle(text, { maxColumns: 24, language: 'zh' });
    expect(lines.some((line) => line.includes('iPhone'))).toBe(true);
  });
});
