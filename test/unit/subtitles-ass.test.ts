import { describe, expect, it } from 'vitest';
import {
  assColour,
  blockBand,
  buildAssDocument,
  defaultPositionY,
  escapeAssText,
  fontPixels,
  formatAssTime,
  placement,
  plainCueText,
  positionAvoiding,
  twoLineBlockHeight,
} from '../../src/main/media/subtitles/ass.js';
import { BUILTIN_SUBTITLE_STYLES } from '../../src/shared/schemas/subtitle-styles.js';

const defaultStyle = BUILTIN_SUBTITLE_STYLES.find((style) => style.id === 'builtin:default')!;
const boxedStyle = BUILTIN_SUBTITLE_STYLES.find((style) => style.id === 'builtin:boxed')!;

function styleFields(document: string): Record<string, string> {
  const format = /^Format: (Name, Fontname.*)$/m.exec(document)![1]!.split(', ');
  const values = /^Style: (.*)$/m.exec(document)![1]!.split(',');
  return Object.fromEntries(format.map((name, i) => [name, values[i]!]));
}

function dialogues(document: string): string[] {
  return document.split('\n').filter((line) => line.startsWith('Dialogue: '));
}

describe('ASS values', () => {
  it('turns #RRGGBB and #RRGGBBAA (AA = opacity) into &HAABBGGRR (AA = transparency)', () => {
    expect(assColour('#FFFFFF')).toBe('&H00FFFFFF');
    expect(assColour('#FF8000')).toBe('&H000080FF');
    expect(assColour('#12345680')).toBe('&H7F563412');
    expect(assColour('#00000000')).toBe('&HFF000000');
    expect(assColour('#ffe14d')).toBe('&H004DE1FF');
    expect(() => assColour('red')).toThrow(/colour/);
  });

  it('escapes braces and keeps backslashes from forming \\N, \\n or \\h', () => {
    expect(escapeAssText('a {b} c')).toBe('a \\{b\\} c');
    expect(escapeAssText('C:\\New\\hello')).toBe('C:\\\u2060New\\\u2060hello');
    expect(escapeAssText('{\\an8}')).toBe('\\{\\\u2060an8\\}');
  });

  it('writes times in centiseconds with a one-digit hour', () => {
    expect(formatAssTime(0)).toBe('0:00:00.00');
    expect(formatAssTime(3_723_004)).toBe('1:02:03.00');
    expect(formatAssTime(61_999)).toBe('0:01:02.00');
    expect(formatAssTime(1_234)).toBe('0:00:01.23');
  });

  it('drops SRT formatting tags and override blocks but keeps the words', () => {
    expect(plainCueText('<i>Hello</i> <font color="red">there</font>{\\an8}!')).toBe('Hello there!');
    expect(plainCueText('1 < 2 and a {brace}')).toBe('1 < 2 and a {brace}');
  });
});

describe('subtitle position', () => {
  it('defaults to 0.9 for landscape and square frames and 0.75 for portrait ones (the contract)', () => {
    expect(defaultPositionY('landscape')).toBe(0.9);
    expect(defaultPositionY('square')).toBe(0.9);
    expect(defaultPositionY('portrait')).toBe(0.75);
  });

  it('anchors the visible block (outline included) by its bottom below the middle, by its top above it, centred at 0.5', () => {
    const frame = { width: 1920, height: 1080 };
    expect(placement(0.9, defaultStyle, frame, 4)).toEqual({ alignment: 2, marginV: 112 });
    expect(placement(0.1, defaultStyle, frame, 4)).toEqual({ alignment: 8, marginV: 112 });
    expect(placement(0.5, defaultStyle, frame, 4)).toEqual({ alignment: 5, marginV: 0 });
  });

  it('keeps the block off the frame edge at positions 0 and 1', () => {
    const frame = { width: 1920, height: 1080 };
    expect(placement(1, { alignment: 'left' }, frame, 5.5)).toEqual({ alignment: 1, marginV: 8 });
    expect(placement(0, { alignment: 'right' }, frame, 5.5)).toEqual({ alignment: 9, marginV: 8 });
  });

  it('sizes the font by the shorter side, so portrait text is not twice as big as landscape text', () => {
    expect(fontPixels(defaultStyle, { width: 1920, height: 1080 })).toBe(54);
    expect(fontPixels(defaultStyle, { width: 1080, height: 1920 })).toBe(54);
    expect(fontPixels(defaultStyle, { width: 640, height: 360 })).toBe(18);
  });
});

describe('buildAssDocument', () => {
  const cues = [
    { startMs: 500, endMs: 2000, text: 'Hello {world}' },
    { startMs: 2500, endMs: 4000, text: 'This sentence is long enough that it needs to be broken into two lines' },
  ];

  it('uses the frame as PlayRes and the style in real pixels', () => {
    const document = buildAssDocument({ cues, style: defaultStyle, frame: { width: 1280, height: 720 } });
    expect(document).toMatch(/^PlayResX: 1280$/m);
    expect(document).toMatch(/^PlayResY: 720$/m);
    expect(document).toMatch(/^ScaledBorderAndShadow: yes$/m);
    const style = styleFields(document);
    expect(style.Fontname).toBe('DejaVu Sans');
    expect(style.Fontsize).toBe('36');
    expect(style.PrimaryColour).toBe('&H00FFFFFF');
    expect(style.OutlineColour).toBe('&H00000000');
    expect(style.BorderStyle).toBe('1');
    expect(Number(style.Outline)).toBeCloseTo(36 * 0.08, 1);
    expect(style.Alignment).toBe('2');
    expect(style.MarginV).toBe('75');
    expect(style.MarginL).toBe('64');
  });

  it('writes one escaped, line-broken dialogue per cue at the cue times', () => {
    const lines = dialogues(buildAssDocument({ cues, style: defaultStyle, frame: { width: 1280, height: 720 } }));
    expect(lines).toEqual([
      'Dialogue: 0,0:00:00.50,0:00:02.00,Default,,0,0,0,,Hello \\{world\\}',
      'Dialogue: 0,0:00:02.50,0:00:04.00,Default,,0,0,0,,This sentence is long enough that\\Nit needs to be broken into two lines',
    ]);
  });

  it('places portrait subtitles at 0.75 by default and honours an explicit position', () => {
    expect(
      styleFields(buildAssDocument({ cues, style: defaultStyle, frame: { width: 720, height: 1280 } })).MarginV,
    ).toBe('323');
    const top = styleFields(
      buildAssDocument({ cues, style: defaultStyle, frame: { width: 1280, height: 720 }, positionY: 0.2 }),
    );
    expect(top.Alignment).toBe('8');
    expect(top.MarginV).toBe('147');
  });

  it('draws the boxed style as an opaque box (BorderStyle 3) in the box colour', () => {
    const style = styleFields(buildAssDocument({ cues, style: boxedStyle, frame: { width: 1280, height: 720 } }));
    expect(style.BorderStyle).toBe('3');
    expect(style.OutlineColour).toBe(assColour(boxedStyle.boxColour));
    expect(Number(style.Outline)).toBeGreaterThan(0);
  });

  it('shrinks the font of a cue too long for two lines with an \\fs override', () => {
    const long = {
      startMs: 0,
      endMs: 3000,
      text: 'We should leave right now before the storm arrives and all the mountain roads are closed',
    };
    const [line] = dialogues(
      buildAssDocument({ cues: [long], style: defaultStyle, frame: { width: 1920, height: 1080 } }),
    );
    const size = Number(/\{\\fs(\d+)\}/.exec(line!)![1]);
    expect(size).toBeLessThan(54);
    expect(size).toBeGreaterThanOrEqual(Math.floor(54 * 0.85));
    expect(line!.split('\\N')).toHaveLength(2);
  });

  it('breaks a Chinese cue without spaces into lines of at most 16 characters', () => {
    const chinese = { startMs: 0, endMs: 3000, text: '我们今天下午去北京大学看看图书馆，然后再去吃饭好不好？' };
    const [line] = dialogues(
      buildAssDocument({ cues: [chinese], style: defaultStyle, frame: { width: 1920, height: 1080 }, language: 'zh' }),
    );
    const text = line!.slice(line!.lastIndexOf(',,') + 2);
    const lines = text.split('\\N');
    expect(lines).toHaveLength(2);
    for (const part of lines) expect([...part].length).toBeLessThanOrEqual(16);
    expect(lines.join('')).toBe(chinese.text);
  });

  it('skips cues that are empty or shorter than a centisecond', () => {
    const lines = dialogues(
      buildAssDocument({
        cues: [
          { startMs: 0, endMs: 1000, text: '  ' },
          { startMs: 1000, endMs: 1004, text: 'blink' },
          { startMs: 2000, endMs: 3000, text: 'kept' },
        ],
        style: defaultStyle,
        frame: { width: 640, height: 360 },
      }),
    );
    expect(lines).toEqual(['Dialogue: 0,0:00:02.00,0:00:03.00,Default,,0,0,0,,kept']);
  });
});

describe('positionAvoiding: subtitles that do not cover text burned into the picture', () => {
  const height = 0.1;

  it('keeps the preferred position when nothing is in the way', () => {
    expect(positionAvoiding(0.9, height, [{ top: 0.05, bottom: 0.12 }])).toBe(0.9);
  });

  it('moves the block just above original subtitles burned in at the bottom', () => {
    const y = positionAvoiding(0.9, height, [{ top: 0.82, bottom: 0.92 }]);
    expect(y).toBeCloseTo(0.8, 5);
    const block = blockBand(y, height);
    expect(block.bottom).toBeLessThanOrEqual(0.82);
  });

  it('moves below a band when that is nearer, and stays inside the frame', () => {
    const y = positionAvoiding(0.8, height, [{ top: 0.62, bottom: 0.8 }]);
    const block = blockBand(y, height);
    expect(block.top).toBeGreaterThanOrEqual(0.8);
    expect(block.bottom).toBeLessThanOrEqual(1);
    expect(y).toBeCloseTo(0.92, 5);
  });

  it('keeps the preferred position when the bands leave no room anywhere', () => {
    expect(
      positionAvoiding(0.9, height, [
        { top: 0, bottom: 0.5 },
        { top: 0.45, bottom: 1 },
      ]),
    ).toBe(0.9);
  });

  it('estimates a two-line block from the style and frame', () => {
    expect(twoLineBlockHeight(defaultStyle, { width: 1920, height: 1080 })).toBeCloseTo(0.125, 3);
  });
});
