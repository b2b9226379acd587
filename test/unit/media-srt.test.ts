import { describe, expect, it } from 'vitest';
import {
  formatSrtTime,
  looksLikeSrt,
  parseSrt,
  serializeSrt,
  validateSrt,
  type SrtCue,
} from '../../src/main/media/srt.js';
import { thrown } from '../fixtures/thrown.js';

const SAMPLE = [
  '1',
  '00:00:01,000 --> 00:00:02,500',
  'Hello there.',
  '',
  '2',
  '00:00:03,000 --> 00:00:04,000',
  'Two',
  'lines.',
  '',
].join('\n');

function cue(index: number, start: string, end: string, text = 'x'): SrtCue {
  const ms = (t: string): number => {
    const [h, m, rest] = t.split(':');
    const [s, f] = rest.split(',');
    return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f);
  };
  return { index, startMs: ms(start), endMs: ms(end), text };
}

describe('parseSrt', () => {
  it('reads cue numbers, times in ms and multi-line text', () => {
    expect(parseSrt(SAMPLE)).toEqual([
      { index: 1, startMs: 1000, endMs: 2500, text: 'Hello there.' },
      { index: 2, startMs: 3000, endMs: 4000, text: 'Two\nlines.' },
    ]);
  });

  it('gives the same cues for CRLF, lone CR and a UTF-8 BOM', () => {
    const expected = parseSrt(SAMPLE);
    expect(parseSrt(SAMPLE.replace(/\n/g, '\r\n'))).toEqual(expected);
    expect(parseSrt(SAMPLE.replace(/\n/g, '\r'))).toEqual(expected);
    expect(parseSrt(`\uFEFF${SAMPLE}`)).toEqual(expected);
    const bytesWithBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(SAMPLE.replace(/\n/g, '\r\n'))]);
    expect(parseSrt(bytesWithBom)).toEqual(expected);
  });

  it('tolerates extra blank lines, leading blank lines and a missing blank line between cues', () => {
    const messy = [
      '',
      '',
      '1',
      '00:00:01,000 --> 00:00:02,500',
      'Hello there.',
      '',
      '',
      '',
      '2',
      '00:00:03,000 --> 00:00:04,000',
      'Two',
      'lines.',
    ].join('\n');
    expect(parseSrt(messy)).toEqual(parseSrt(SAMPLE));
    const squashed = [
      '1',
      '00:00:01,000 --> 00:00:02,000',
      'first',
      '2',
      '00:00:02,000 --> 00:00:03,000',
      'second',
    ].join('\n');
    expect(parseSrt(squashed).map((c) => c.text)).toEqual(['first', 'second']);
  });

  it('keeps a text line that is only a number as text', () => {
    const cues = parseSrt(
      ['1', '00:00:01,000 --> 00:00:02,000', '42', '', '2', '00:00:03,000 --> 00:00:04,000', 'x'].join('\n'),
    );
    expect(cues[0].text).toBe('42');
    expect(cues).toHaveLength(2);
  });

  it('accepts a dot before the milliseconds and ignores position hints after the end time', () => {
    const [only] = parseSrt('7\n01:02:03.004 --> 01:02:04.500 X1:10 X2:100 Y1:10 Y2:50\nhi\n');
    expect(only).toEqual({ index: 1, startMs: 3_723_004, endMs: 3_724_500, text: 'hi', name: 'cue 7' });
  });

  it('renumbers cues in file order and keeps the number as written for messages, even when numbering skips', () => {
    const cues = parseSrt('5\n00:00:01,000 --> 00:00:02,000\na\n\n9\n00:00:03,000 --> 00:00:04,000\nb\n');
    expect(cues.map((c) => c.index)).toEqual([1, 2]);
    expect(cues.map((c) => c.name)).toEqual(['cue 5', 'cue 9']);
  });

  it('takes the speaker from a closed or unclosed voice tag and keeps other tags in the text', () => {
    const cues = parseSrt(
      [
        '1',
        '00:00:01,000 --> 00:00:02,000',
        '<v Ana María>Hola, <i>amigo</i>.</v>',
        '',
        '2',
        '00:00:03,000 --> 00:00:04,000',
        '<v Bob>Hi',
        '',
        '3',
        '00:00:05,000 --> 00:00:06,000',
        '<b>No speaker</b>',
        '',
        '4',
        '00:00:07,000 --> 00:00:08,000',
        '<v Ana>Hi</v>',
        '<v Bob>Hello</v>',
        '',
      ].join('\n'),
    );
    expect(cues[0]).toMatchObject({ speaker: 'Ana María', text: 'Hola, <i>amigo</i>.' });
    expect(cues[1]).toMatchObject({ speaker: 'Bob', text: 'Hi' });
    expect(cues[2]).toEqual({ index: 3, startMs: 5000, endMs: 6000, text: '<b>No speaker</b>' });
    // Two voices in one cue cannot be one speaker: the tags stay so nothing is lost.
    expect(cues[3].speaker).toBeUndefined();
    expect(cues[3].text).toBe('<v Ana>Hi</v>\n<v Bob>Hello</v>');
  });

  it('reports unparsable input as invalid_subtitle with the line number and what it should hold, never quoting the file', () => {
    const missingTiming = thrown(() => parseSrt('1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\nnot a timing line\n'));
    expect(missingTiming.code).toBe('invalid_subtitle');
    expect(missingTiming.message).toBe(
      'The subtitle file is not valid SRT: line 6 should hold the timing of cue 2 (like 00:00:01,000 --> 00:00:02,500), but it holds other text.',
    );
    expect(missingTiming.message).not.toContain('not a timing line');

    const noNumber = thrown(() => parseSrt('\n\nHello world\n00:00:01,000 --> 00:00:02,000\n'));
    expect(noNumber.message).toBe(
      'The subtitle file is not valid SRT: line 3 should hold a cue number or a timing line (like 00:00:01,000 --> 00:00:02,500), but it holds other text.',
    );
    expect(noNumber.message).not.toContain('Hello');

    const strayTextAfterCue = thrown(() => parseSrt('4\n00:00:01,000 --> 00:00:02,000\nok\n\nsecret: hunter2\n'));
    expect(strayTextAfterCue.message).toContain('line 5 (after cue 4) should hold a cue number');
    expect(strayTextAfterCue.message).not.toContain('hunter2');

    const endsEarly = thrown(() => parseSrt('1\n'));
    expect(endsEarly.message).toContain('line 2');
    expect(endsEarly.message).toContain('the file ends there');
    expect(thrown(() => parseSrt('3\n\nhello\n')).message).toContain(
      'line 2 should hold the timing of cue 3 (like 00:00:01,000 --> 00:00:02,500), but it is blank',
    );

    const badMinutes = thrown(() => parseSrt('1\n00:61:00,000 --> 00:62:00,000 X1:secret\nhi\n'));
    expect(badMinutes.message).toBe(
      'The subtitle file is not valid SRT: line 2 has an impossible time 00:61:00,000 (minutes and seconds go up to 59).',
    );
  });

  it('never quotes a file that is not SRT at all, such as /etc/passwd', () => {
    const passwd = 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n';
    const error = thrown(() => parseSrt(passwd));
    expect(error.message).toBe(
      'The subtitle file is not valid SRT: line 1 should hold a cue number or a timing line (like 00:00:01,000 --> 00:00:02,500), but it holds other text.',
    );
    for (const fragment of ['root', '/bin/bash', 'x:0:0']) expect(error.message).not.toContain(fragment);
  });

  it('rejects an empty file', () => {
    expect(thrown(() => parseSrt('\uFEFF\r\n\r\n')).message).toContain('no cues');
  });
});

describe('serializeSrt', () => {
  it('round-trips times and multi-line text, keeping SRT styling tags', () => {
    const cues: SrtCue[] = [
      { index: 1, startMs: 0, endMs: 1234, text: 'Plain <i>styled</i>' },
      { index: 2, startMs: 3_600_000, endMs: 3_723_004, text: 'Two\nlines' },
    ];
    const text = serializeSrt(cues);
    expect(text).toBe(
      '1\n00:00:00,000 --> 00:00:01,234\nPlain <i>styled</i>\n\n2\n01:00:00,000 --> 01:02:03,004\nTwo\nlines\n',
    );
    expect(parseSrt(text)).toEqual(cues);
    expect(parseSrt(serializeSrt(cues, { lineEnding: '\r\n' }))).toEqual(cues);
  });

  it('writes plain text: no WebVTT voice tags for a speaker, nor left in the text', () => {
    const text = serializeSrt([
      { index: 1, startMs: 0, endMs: 1000, text: 'Hola, <i>amigo</i>.', speaker: 'Ana María' },
      { index: 2, startMs: 1000, endMs: 2000, text: '<v Ana>Hi</v>\n<v.loud Bob>Hello</v>' },
    ]);
    expect(text).toBe(
      '1\n00:00:00,000 --> 00:00:01,000\nHola, <i>amigo</i>.\n\n2\n00:00:01,000 --> 00:00:02,000\nHi\nHello\n',
    );
    expect(text).not.toContain('<v');
  });

  it('drops blank lines inside a cue so they cannot split it', () => {
    const text = serializeSrt([{ index: 1, startMs: 0, endMs: 1000, text: 'a\n\nb' }]);
    expect(parseSrt(text)).toEqual([{ index: 1, startMs: 0, endMs: 1000, text: 'a\nb' }]);
  });

  it('formats times as HH:MM:SS,mmm', () => {
    expect(formatSrtTime(0)).toBe('00:00:00,000');
    expect(formatSrtTime(7_200_000)).toBe('02:00:00,000');
    expect(formatSrtTime(100 * 3_600_000 + 5)).toBe('100:00:00,005');
  });
});

describe('validateSrt', () => {
  it('accepts ordered, touching cues within the media and the limit', () => {
    expect(() =>
      validateSrt(
        [
          cue(1, '00:00:00,000', '00:00:01,000'),
          cue(2, '00:00:01,000', '00:00:02,000'),
          cue(3, '00:00:02,000', '00:00:02,000'),
        ],
        {
          mediaDurationSec: 2,
        },
      ),
    ).not.toThrow();
  });

  it('names the cue that starts after it ends', () => {
    const error = thrown(() =>
      validateSrt([cue(6, '00:00:01,000', '00:00:02,000'), cue(7, '00:01:02,000', '00:01:01,500')]),
    );
    expect(error.code).toBe('invalid_subtitle');
    expect(error.message).toBe('Cue 7 (00:01:02,000 --> 00:01:01,500) starts after it ends.');
  });

  it('names the cue that overlaps the one before it', () => {
    const error = thrown(() =>
      validateSrt([cue(11, '00:00:01,000', '00:00:03,000'), cue(12, '00:00:02,999', '00:00:04,000')]),
    );
    expect(error.code).toBe('invalid_subtitle');
    expect(error.message).toBe(
      'Cue 12 (00:00:02,999 --> 00:00:04,000) starts before cue 11 ends (00:00:03,000); cues may not overlap.',
    );
  });

  it('names the cue that ends after the media', () => {
    const error = thrown(() =>
      validateSrt([cue(1, '00:00:00,000', '00:00:01,000'), cue(2, '00:00:09,000', '00:00:10,001')], {
        mediaDurationSec: 10,
      }),
    );
    expect(error.message).toBe(
      'Cue 2 (00:00:09,000 --> 00:00:10,001) ends after the media, which is 00:00:10,000 long.',
    );
  });

  it('names the cue that reaches past the 2-hour total', () => {
    const error = thrown(() =>
      validateSrt([cue(1, '00:00:00,000', '00:00:01,000'), cue(1500, '01:59:59,000', '02:00:00,500')]),
    );
    expect(error.message).toBe(
      'Cue 1500 (01:59:59,000 --> 02:00:00,500) ends after 02:00:00,000, the longest subtitle span accepted.',
    );
    expect(() => validateSrt([cue(1, '01:59:59,000', '02:00:00,000')])).not.toThrow();
    expect(thrown(() => validateSrt([cue(3, '00:00:10,000', '00:00:20,000')], { maxTotalSec: 15 })).message).toContain(
      'Cue 3 ',
    );
  });

  it('checks the file as parsed, quoting the number written in the file', () => {
    const cues = parseSrt('10\n00:00:01,000 --> 00:00:05,000\na\n\n20\n00:00:04,000 --> 00:00:06,000\nb\n');
    expect(thrown(() => validateSrt(cues)).message).toMatch(
      /^Cue 20 \(00:00:04,000 --> 00:00:06,000\) starts before cue 10 ends/,
    );
  });
});

describe('looksLikeSrt', () => {
  it('recognises SRT text with a BOM and CRLF, not other text or binary', () => {
    expect(looksLikeSrt(Buffer.from(`\uFEFF\r\n${SAMPLE.replace(/\n/g, '\r\n')}`))).toBe(true);
    expect(looksLikeSrt(Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhi\n'))).toBe(false);
    expect(looksLikeSrt(Buffer.from('1\nnot a time\n'))).toBe(false);
    expect(looksLikeSrt(Buffer.from([0x31, 0x0a, 0x00, 0x30]))).toBe(false);
  });
});
