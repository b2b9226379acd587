// Pins reading subtitle files as people have them: a corpus made by code (the same cues in every encoding players
// decode, and each loose shape players accept), while timing stays strict and non-subtitles stay refused unquoted.
import { describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { decodeSubtitleText } from '../../src/shared/subtitles/decode-text.js';
import {
  describeEncoding,
  looksLikeSrt,
  readSrt,
  serializeSrt,
  speakableText,
  validateSrt,
} from '../../src/shared/subtitles/srt.js';
import { encodeLegacy, encodeUnicodeWithBom } from '../fixtures/legacy-encodings.js';

const srt = (texts: readonly string[], eol = '\r\n'): string =>
  texts.map((text, i) => `${i + 1}${eol}00:00:0${i + 1},000 --> 00:00:0${i + 1},900${eol}${text}${eol}`).join(eol);

const WESTERN = [
  "L'été dernier, nous étions à la plage.",
  "C'était très agréable, n'est-ce pas ?",
  '<i>Oui, et la mer était chaude.</i>',
];
const CENTRAL = ['Zażółć gęślą jaźń', 'Příliš žluťoučký kůň úpěl ďábelské ódy', 'Árvíztűrő tükörfúrógép'];
const JAPANESE = ['こんにちは、世界', '日本語の字幕です', '{\\an8}東京タワー'];

function thrown(fn: () => unknown): DubDeskError {
  try {
    fn();
  } catch (error) {
    return error as DubDeskError;
  }
  throw new Error('expected a throw');
}

describe('decodeSubtitleText', () => {
  const text = srt(JAPANESE.concat(WESTERN));
  it.each([
    ['UTF-8 without BOM', new TextEncoder().encode(text), 'UTF-8'],
    ['UTF-8 with BOM', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]), 'UTF-8'],
    ['UTF-16LE with BOM', encodeUnicodeWithBom(text, 'utf-16le'), 'UTF-16LE'],
    ['UTF-16BE with BOM', encodeUnicodeWithBom(text, 'utf-16be'), 'UTF-16BE'],
    ['UTF-32LE with BOM', encodeUnicodeWithBom(text, 'utf-32le'), 'UTF-32LE'],
    ['UTF-32BE with BOM', encodeUnicodeWithBom(text, 'utf-32be'), 'UTF-32BE'],
  ] as const)('decodes %s by its BOM, without the BOM in the text', (_name, bytes, encoding) => {
    expect(decodeSubtitleText(bytes)).toEqual({ text, encoding, confident: true });
  });

  it.each([
    ['windows-1252', WESTERN, 'Windows-1252'],
    ['iso-8859-2', CENTRAL, 'ISO-8859-2'],
    ['shift_jis', JAPANESE, 'Shift_JIS'],
  ] as const)('detects %s without a BOM and decodes every character', (encoding, texts, name) => {
    const text = srt(texts);
    const decoded = decodeSubtitleText(encodeLegacy(text, encoding));
    expect(decoded.encoding).toBe(name);
    expect(decoded.text).toBe(text);
  });

  it('says when a legacy encoding was only guessed, and names the one used', () => {
    // French prose in Windows-1252 stands clear of the next candidate; this short ISO-8859-2 file scores no better than windows-1257.
    expect(decodeSubtitleText(encodeLegacy(srt(WESTERN), 'windows-1252')).confident).toBe(true);
    const unsure = decodeSubtitleText(encodeLegacy(srt(CENTRAL), 'iso-8859-2'));
    expect(unsure.confident).toBe(false);
    expect(describeEncoding(unsure)).toBe('ISO-8859-2 (guessed: unsure)');
    expect(describeEncoding({ encoding: 'Windows-1252', confident: true })).toBe('Windows-1252 (detected)');
    // One short Polish line: chardet's best guess (windows-1257) scores too low to be called detected.
    expect(
      decodeSubtitleText(encodeLegacy('1\n00:00:01,000 --> 00:00:02,000\nZażółć gęślą jaźń\n', 'iso-8859-2')).confident,
    ).toBe(false);
  });
});

describe('readSrt: the shapes players accept', () => {
  const expected = [
    { index: 1, startMs: 1000, endMs: 1900, text: 'Café crème à la française' },
    { index: 2, startMs: 2000, endMs: 2900, text: 'Größe über alles, señor' },
  ];
  const body = (n: string, i: number): string =>
    `${n}00:00:0${i + 1}${i === 0 ? ',' : '.'}000 --> 00:00:0${i + 1},900\n${expected[i].text}\n`;

  it('reads cues without numbers, naming them by position in messages', () => {
    const { cues } = readSrt(`${body('', 0)}\n${body('', 1)}`);
    expect(cues.map(({ name, ...cue }) => cue)).toEqual(expected);
    expect(cues[1].name).toBe('cue 2 (the 2nd in the file)');
  });

  it.each([
    ['duplicated', ['1\n', '1\n'], ['cue 1', 'cue 1 (the 2nd in the file)']],
    ['zero-based', ['0\n', '1\n'], ['cue 0', 'cue 1']],
    ['out of order', ['7\n', '3\n'], ['cue 7', 'cue 3']],
  ] as const)(
    'renumbers %s cue numbers in file order, naming cues as the file numbers them',
    (_name, numbers, names) => {
      const { cues } = readSrt(`${body(numbers[0], 0)}\n${body(numbers[1], 1)}`);
      expect(cues.map((cue) => cue.index)).toEqual([1, 2]);
      expect(cues.map((cue) => cue.name ?? `cue ${cue.index}`)).toEqual(names);
      expect(cues.map((cue) => cue.text)).toEqual(expected.map((cue) => cue.text));
    },
  );

  it.each([
    ['CR', '\r'],
    ['LF', '\n'],
    ['CRLF', '\r\n'],
  ])('reads %s line ends with extra blank lines', (_name, eol) => {
    const text = `${eol}${eol}${body('1\n', 0)}\n\n\n${body('2\n', 1)}\n\n`.replace(/\n/g, eol);
    expect(readSrt(text).cues).toEqual(expected);
  });

  it('keeps position and HTML-style tags in the text, and speaks none of them', () => {
    const { cues } = readSrt(
      '1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="#ffff00"><b>Top</b> line</font>\n<i>second</i>\n',
    );
    expect(cues[0].text).toBe('{\\an8}<font color="#ffff00"><b>Top</b> line</font>\n<i>second</i>');
    expect(speakableText(cues[0].text)).toBe('Top line\nsecond');
    expect(speakableText('{\\an8}{\\pos(10,20)}')).toBe('');
    expect(speakableText('1 < 2 and 3 > 2')).toBe('1 < 2 and 3 > 2');
  });

  it('drops a cue with no text and no duration, and reports it by name and time', () => {
    const file = readSrt('1\n00:00:01,000 --> 00:00:01,000\n\n2\n00:00:02,000 --> 00:00:03,000\nkept\n');
    expect(file.cues).toEqual([{ index: 1, startMs: 2000, endMs: 3000, text: 'kept', name: 'cue 2' }]);
    expect(file.dropped).toEqual([
      'Cue 1 (00:00:01,000 --> 00:00:01,000) was dropped: it has no text and no duration.',
    ]);
  });

  it('stays strict on timing, naming the cue as the file numbers it or by its position', () => {
    const numbered = readSrt('4\n00:00:01,000 --> 00:00:03,000\na\n\n9\n00:00:02,000 --> 00:00:04,000\nb\n');
    expect(thrown(() => validateSrt(numbered.cues)).message).toBe(
      'Cue 9 (00:00:02,000 --> 00:00:04,000) starts before cue 4 ends (00:00:03,000); cues may not overlap.',
    );
    const unnumbered = readSrt('00:00:01,000 --> 00:00:02,000\na\n\n00:00:05,000 --> 00:00:04,000\nb\n');
    expect(thrown(() => validateSrt(unnumbered.cues)).message).toBe(
      'Cue 2 (the 2nd in the file) (00:00:05,000 --> 00:00:04,000) starts after it ends.',
    );
  });

  it('refuses a file that is not subtitles without quoting it, in any encoding', () => {
    const secret = 'password=hunter2\nAPI_KEY=sk-secret\n';
    for (const bytes of [
      new TextEncoder().encode(secret),
      encodeUnicodeWithBom(secret, 'utf-16le'),
      encodeLegacy('Schlüssel=geheim\n', 'windows-1252'),
    ]) {
      const error = thrown(() => readSrt(bytes));
      expect(error.code).toBe('invalid_subtitle');
      for (const fragment of ['hunter2', 'sk-secret', 'geheim', 'password'])
        expect(error.message).not.toContain(fragment);
    }
  });

  it('sniffs UTF-16 and legacy SRT files as subtitles, and binary as not', () => {
    expect(looksLikeSrt(encodeUnicodeWithBom(srt(WESTERN), 'utf-16be'))).toBe(true);
    expect(looksLikeSrt(encodeLegacy(srt(WESTERN), 'windows-1252'))).toBe(true);
    expect(looksLikeSrt(new Uint8Array([0x00, 0x01, 0x02, 0x31, 0x0a]))).toBe(false);
  });
});

describe('reading round trip', () => {
  it.each([
    ['Windows-1252', encodeLegacy(srt(WESTERN), 'windows-1252')],
    ['Shift_JIS', encodeLegacy(srt(JAPANESE), 'shift_jis')],
    ['UTF-32BE', encodeUnicodeWithBom(srt(CENTRAL), 'utf-32be')],
  ] as const)('parse then serialize gives the same text and times (%s)', (_name, bytes) => {
    const first = readSrt(bytes).cues;
    const again = readSrt(serializeSrt(first)).cues;
    expect(again).toEqual(first);
    expect(serializeSrt(again)).toBe(serializeSrt(first));
  });
});
