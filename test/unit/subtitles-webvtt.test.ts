import { describe, expect, it } from 'vitest';
import {
  escapeWebVttText,
  formatWebVttTime,
  serializeWebVtt,
  webVttCueText,
} from '../../src/main/media/subtitles/webvtt.js';

describe('WebVTT times', () => {
  it('writes HH:MM:SS.mmm with hours always present, past an hour too', () => {
    expect(formatWebVttTime(0)).toBe('00:00:00.000');
    expect(formatWebVttTime(5_004)).toBe('00:00:05.004');
    expect(formatWebVttTime(3_723_004)).toBe('01:02:03.004');
    expect(formatWebVttTime(7_199_999)).toBe('01:59:59.999');
    expect(formatWebVttTime(-20)).toBe('00:00:00.000');
  });
});

describe('WebVTT cue text', () => {
  it('escapes &, < and >, so `-->` in a line cannot end the cue', () => {
    expect(escapeWebVttText('Tom & Jerry <3 a > b --> c')).toBe('Tom &amp; Jerry &lt;3 a &gt; b --&gt; c');
    expect(webVttCueText('R&D --> soon')).toBe('R&amp;D --&gt; soon');
  });

  it('keeps <i>, <b>, <u> as WebVTT tags and drops <font> and ASS overrides', () => {
    expect(webVttCueText('{\\an8}<i>Hello</i> <font color="#ff0000">red</font> <B>bold</B>')).toBe(
      '<i>Hello</i> red <b>bold</b>',
    );
  });
});

describe('WebVTT documents', () => {
  it('starts with the WEBVTT header and writes one numbered block per cue, speakers as voice tags', () => {
    const text = serializeWebVtt([
      { startMs: 500, endMs: 2_600, text: 'Guten Morgen.', speaker: 'Anna' },
      { startMs: 3_400, endMs: 5_600, text: 'Danke & hallo.', speaker: 'Ben' },
      { startMs: 3_723_004, endMs: 3_725_000, text: 'Ohne Sprecher.' },
    ]);
    expect(text).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:00.500 --> 00:00:02.600',
        '<v Anna>Guten Morgen.',
        '',
        '2',
        '00:00:03.400 --> 00:00:05.600',
        '<v Ben>Danke &amp; hallo.',
        '',
        '3',
        '01:02:03.004 --> 01:02:05.000',
        'Ohne Sprecher.',
        '',
      ].join('\n'),
    );
  });

  it('keeps a multi-line cue together under one voice tag, without blank lines that would end it', () => {
    const text = serializeWebVtt([
      { startMs: 0, endMs: 1_000, text: 'First line\n\nsecond line\r\nthird', speaker: 'Anna' },
    ]);
    expect(text).toBe('WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.000\n<v Anna>First line\nsecond line\nthird\n');
  });

  it('escapes a speaker name so its voice tag stays one well-formed tag', () => {
    const text = serializeWebVtt([{ startMs: 0, endMs: 1_000, text: 'Hi', speaker: 'Dr. <Who> & Co\nLtd' }]);
    expect(text).toContain('<v Dr. &lt;Who&gt; &amp; Co Ltd>Hi');
  });

  it('writes only the header for no cues', () => {
    expect(serializeWebVtt([])).toBe('WEBVTT\n');
  });
});
