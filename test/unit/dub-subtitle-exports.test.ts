import { describe, expect, it } from 'vitest';
import { assColour } from '../../src/main/media/subtitles/ass.js';
import { subtitleExports } from '../../src/main/dubbing/subtitle-exports.js';
import { BUILTIN_SUBTITLE_STYLES, type SubtitleStyle } from '../../src/shared/schemas/subtitle-styles.js';

const defaultStyle = BUILTIN_SUBTITLE_STYLES.find((style) => style.id === 'builtin:default')!;
const customStyle: SubtitleStyle = {
  ...defaultStyle,
  id: 'style-1',
  name: 'Yellow italic',
  builtin: false,
  fontFamily: 'Liberation Serif',
  fontSize: 0.08,
  primaryColour: '#FFE14D',
  outlineColour: '#102030',
  bold: true,
  italic: true,
  alignment: 'left',
};
const cues = [
  { index: 1, startMs: 500, endMs: 2_600, text: 'Guten Morgen.', speaker: 'Anna' },
  { index: 2, startMs: 3_400, endMs: 5_600, text: 'Danke, schön hier zu sein.', speaker: 'Ben, Jr.' },
];
const video = { hasVideo: true, displayWidth: 640, displayHeight: 360 };

function styleFields(document: string): Record<string, string> {
  const format = /^Format: (Name, Fontname.*)$/m.exec(document)![1]!.split(', ');
  const values = /^Style: (.*)$/m.exec(document)![1]!.split(',');
  return Object.fromEntries(format.map((name, i) => [name, values[i]!]));
}

describe('the ASS export of the dubbed track', () => {
  it('carries the chosen style: font, size, colours, bold/italic and a left, top placement at subtitle_position_y', () => {
    const { ass } = subtitleExports({ cues, style: customStyle, media: video, positionY: 0.2, targetLanguage: 'de' });
    const style = styleFields(ass);
    expect(style.Fontname).toBe('Liberation Serif');
    expect(style.Fontsize).toBe(String(Math.round(0.08 * 360)));
    expect(style.PrimaryColour).toBe(assColour('#FFE14D'));
    expect(style.OutlineColour).toBe(assColour('#102030'));
    expect(style.Bold).toBe('-1');
    expect(style.Italic).toBe('-1');
    // 7 = top left (numpad), its top edge 0.2 of the height down.
    expect(style.Alignment).toBe('7');
    expect(Number(style.MarginV)).toBeGreaterThanOrEqual(72);
  });

  it('uses the default style at the default height when none is named, laid out on the video frame', () => {
    const { ass } = subtitleExports({ cues, style: defaultStyle, media: video, targetLanguage: 'de' });
    expect(ass).toMatch(/^PlayResX: 640$/m);
    expect(ass).toMatch(/^PlayResY: 360$/m);
    const style = styleFields(ass);
    expect(style.Fontname).toBe(defaultStyle.fontFamily);
    expect(style.PrimaryColour).toBe('&H00FFFFFF');
    expect(style.Alignment).toBe('2');
    expect(style.MarginV).toBe(String(Math.round(0.1 * 360) + Math.ceil(Number(style.Outline))));
  });

  it('lays an audio-only dub out on a 1920x1080 frame', () => {
    const { ass } = subtitleExports({ cues, style: defaultStyle, media: { hasVideo: false }, targetLanguage: 'de' });
    expect(ass).toMatch(/^PlayResX: 1920$/m);
    expect(ass).toMatch(/^PlayResY: 1080$/m);
    expect(styleFields(ass).Fontsize).toBe('54');
  });

  it("keeps each cue's speaker in the Dialogue Name field, commas replaced so the fields stay in place", () => {
    const { ass } = subtitleExports({ cues, style: defaultStyle, media: video, targetLanguage: 'de' });
    expect(ass.split('\n').filter((line) => line.startsWith('Dialogue: '))).toEqual([
      'Dialogue: 0,0:00:00.50,0:00:02.60,Default,Anna,0,0,0,,Guten Morgen.',
      'Dialogue: 0,0:00:03.40,0:00:05.60,Default,Ben Jr.,0,0,0,,Danke, schön hier zu sein.',
    ]);
  });
});

describe('the WebVTT export of the dubbed track', () => {
  it('voices each cue with its speaker', () => {
    const { vtt } = subtitleExports({ cues, style: defaultStyle, media: video, targetLanguage: 'de' });
    expect(vtt.startsWith('WEBVTT\n\n')).toBe(true);
    expect(vtt).toContain('00:00:00.500 --> 00:00:02.600\n<v Anna>Guten Morgen.');
    expect(vtt).toContain('00:00:03.400 --> 00:00:05.600\n<v Ben, Jr.>Danke, schön hier zu sein.');
  });
});
