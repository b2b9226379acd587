import { describe, expect, it } from 'vitest';
import { parseSrt } from '../../src/main/media/srt.js';
import { projectSrt, textsFromSrt } from '../../src/main/projects/subtitle-tracks.js';
import { thrown } from '../fixtures/thrown.js';

const lines = [
  { startMs: 1000, endMs: 2500, sourceText: 'Hello there.', targetText: 'Hola.' },
  { startMs: 3000, endMs: 4000, sourceText: 'OK', targetText: 'OK' },
  { startMs: 4200, endMs: 6000, sourceText: 'See you.', targetText: 'Hasta luego.' },
];

describe('projectSrt', () => {
  it('writes one cue per line with the chosen track', () => {
    const target = projectSrt(lines, 'target');
    expect(target).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\nHola.\n\n2\n00:00:03,000 --> 00:00:04,000\nOK\n\n3\n00:00:04,200 --> 00:00:06,000\nHasta luego.\n',
    );
    expect(parseSrt(projectSrt(lines, 'source')).map((cue) => cue.text)).toEqual(['Hello there.', 'OK', 'See you.']);
  });

  it('puts the original above the translation in a bilingual cue (once when they are equal)', () => {
    const cues = parseSrt(projectSrt(lines, 'bilingual'));
    expect(cues.map((cue) => cue.text)).toEqual(['Hello there.\nHola.', 'OK', 'See you.\nHasta luego.']);
    expect(cues.map((cue) => [cue.startMs, cue.endMs])).toEqual([
      [1000, 2500],
      [3000, 4000],
      [4200, 6000],
    ]);
  });
});

describe('textsFromSrt', () => {
  it('reads the cue texts of a CRLF, BOM-prefixed, Windows-1252 or UTF-8 file', () => {
    const crlf =
      '\uFEFF1\r\n00:00:01,000 --> 00:00:02,000\r\nCafé\r\n\r\n2\r\n00:00:03,000 --> 00:00:04,000\r\nDeux\r\nlignes\r\n';
    expect(textsFromSrt(Buffer.from(crlf, 'utf8'), 2)).toEqual(['Café', 'Deux\nlignes']);
    const latin1 = Buffer.from(
      '1\n00:00:01,000 --> 00:00:02,000\nCaf\xe9 cr\xe8me\n\n2\n00:00:03,000 --> 00:00:04,000\nD\xe9j\xe0\n',
      'latin1',
    );
    expect(textsFromSrt(latin1, 2)).toEqual(['Café crème', 'Déjà']);
  });

  it('round-trips an exported track', () => {
    expect(textsFromSrt(Buffer.from(projectSrt(lines, 'target')), 3)).toEqual(['Hola.', 'OK', 'Hasta luego.']);
  });

  it('names both counts when the cue count differs', () => {
    const error = thrown(() => textsFromSrt(Buffer.from(projectSrt(lines.slice(0, 2), 'target')), 3));
    expect(error.code).toBe('invalid_subtitle');
    expect(error.message).toMatch(/^The SRT has 2 cues; the project has 3 lines\./);
  });

  it('refuses a file that is not SRT without quoting it', () => {
    const secret = 'root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon\n';
    const error = thrown(() => textsFromSrt(Buffer.from(secret), 2));
    expect(error.code).toBe('invalid_subtitle');
    expect(error.message).not.toContain('root');
    expect(error.message).not.toContain('daemon');
    expect(thrown(() => textsFromSrt(Buffer.alloc(0), 1)).code).toBe('invalid_subtitle');
  });
});
