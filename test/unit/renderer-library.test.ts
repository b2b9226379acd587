// Pins the pure logic of the glossaries, subtitle styles and voices pages: glossary drafts and pasted terms, style
// bodies, duplicate names and colours, the preview's geometry against the burn's rules, and the voice filter.
import { describe, expect, it } from 'vitest';
import type { SubtitleStyleRecord, VoiceRecord } from '../../src/renderer/src/api/client.js';
import {
  draftOf,
  glossaryBody,
  parseTermLines,
  withPastedRows,
} from '../../src/renderer/src/features/library/glossary-draft.js';
import {
  cssColour,
  draftOfStyle,
  duplicateName,
  joinColour,
  splitColour,
  styleBody,
} from '../../src/renderer/src/features/library/style-draft.js';
import {
  ASS_HEIGHT_PER_EM,
  cssFont,
  defaultPositionY,
  fontPixels,
  layoutPreview,
  lineBox,
} from '../../src/renderer/src/features/library/style-preview.js';
import { filterVoices, voiceLanguages } from '../../src/renderer/src/features/library/voice-filter.js';
import { BUILTIN_SUBTITLE_STYLES, toSubtitleStyleRecord } from '../../src/shared/schemas/subtitle-styles.js';

describe('glossary drafts', () => {
  it('sends trimmed terms without blank rows', () => {
    const draft = {
      name: ' Products ',
      source_language: 'en',
      target_language: 'de',
      rows: [
        { source: ' DubDesk ', target: 'DubDesk' },
        { source: '', target: '' },
        { source: 'lip-sync', target: 'Lippensynchronisation ' },
      ],
    };
    expect(glossaryBody(draft)).toEqual({
      body: {
        name: 'Products',
        source_language: 'en',
        target_language: 'de',
        entries: [
          { source: 'DubDesk', target: 'DubDesk' },
          { source: 'lip-sync', target: 'Lippensynchronisation' },
        ],
      },
    });
  });

  it('names what to fix: name, languages, a half-filled row and a repeated term (by row)', () => {
    const result = glossaryBody({
      name: '',
      source_language: 'en',
      target_language: 'en',
      rows: [
        { source: 'Cat', target: 'Katze' },
        { source: 'dog', target: '' },
        { source: 'cat', target: 'Kater' },
        { source: '', target: 'x' },
      ],
    });
    expect(result.errors).toEqual({
      name: 'Give the glossary a name.',
      target_language: 'The translations must be in another language than the source terms.',
      'row-1': 'Give the translation of “dog”.',
      'row-2': '“cat” is already in row 1.',
      'row-3': 'Give the source term.',
    });
  });

  it('edits a record with one blank row to type into', () => {
    const draft = draftOf({
      glossary_id: 'g',
      name: 'N',
      source_language: 'en',
      target_language: 'fr',
      entries: [{ source: 'a', target: 'b' }],
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(draft.rows).toEqual([
      { source: 'a', target: 'b' },
      { source: '', target: '' },
    ]);
    expect(draftOf().rows).toHaveLength(1);
  });

  it('reads pasted spreadsheet rows and other separators, keeping commas inside tab-separated terms', () => {
    expect(parseTermLines('Hello, world\tHallo, Welt\r\nfoo = bar\nx;y\nsolo\n\n a , b ')).toEqual([
      { source: 'Hello, world', target: 'Hallo, Welt' },
      { source: 'foo', target: 'bar' },
      { source: 'x', target: 'y' },
      { source: 'solo', target: '' },
      { source: 'a', target: 'b' },
    ]);
    expect(
      withPastedRows(
        [
          { source: 'a', target: 'b' },
          { source: '', target: '' },
        ],
        [{ source: 'c', target: 'd' }],
      ),
    ).toEqual([
      { source: 'a', target: 'b' },
      { source: 'c', target: 'd' },
      { source: '', target: '' },
    ]);
  });
});

describe('subtitle style drafts', () => {
  const boxed = toSubtitleStyleRecord(BUILTIN_SUBTITLE_STYLES[1]) as SubtitleStyleRecord;

  it('duplicates a built-in under a free name, with all its settings', () => {
    const name = duplicateName(boxed.name, ['Copy of Boxed']);
    expect(name).toBe('Copy of Boxed (2)');
    const draft = draftOfStyle(boxed, name);
    expect(styleBody(draft)).toEqual({ body: { ...draft } });
    expect(draft).toMatchObject({ box: true, box_colour: '#000000B3', font_family: 'DejaVu Sans', font_size: 0.05 });
    expect(duplicateName('Mine', [])).toBe('Copy of Mine');
  });

  it('checks what the API checks: size range and a font family an ASS style line can hold', () => {
    const draft = draftOfStyle(boxed, 'x');
    expect(styleBody({ ...draft, font_size: 0.25 }).errors?.font_size).toMatch(/Between 1 % and 20 %/);
    expect(styleBody({ ...draft, font_family: 'Arial, bold' }).errors?.font_family).toMatch(/no commas/);
    expect(styleBody({ ...draft, name: '  ' }).errors?.name).toBe('Give the style a name.');
    expect(styleBody({ ...draft, outline_width: -0.1 }).errors?.outline_width).toBeDefined();
  });

  it('splits #RRGGBBAA for a colour picker and an opacity slider, and joins it back', () => {
    expect(splitColour('#000000B3')).toEqual({ rgb: '#000000', opacity: 0xb3 / 255 });
    expect(splitColour('#FFE14D')).toEqual({ rgb: '#ffe14d', opacity: 1 });
    expect(joinColour('#000000', 0xb3 / 255)).toBe('#000000B3');
    expect(joinColour('#ffe14d', 1)).toBe('#FFE14D');
    expect(cssColour('#FF000080')).toBe('rgba(255, 0, 0, 0.502)');
  });
});

describe('style preview geometry', () => {
  const look = {
    font_family: 'DejaVu Sans',
    font_size: 0.05,
    outline_width: 0.08,
    shadow: 0,
    box: false,
    bold: false,
    italic: false,
    alignment: 'center' as const,
  };
  const frame = { width: 1280, height: 720 };
  const measure = (text: string) => text.length * 10;

  it('sizes text by the shorter side as the burn does, and converts the ASS size to a CSS em', () => {
    expect(fontPixels(0.05, frame)).toBe(36);
    expect(fontPixels(0.05, { width: 720, height: 1280 })).toBe(36);
    expect(cssFont({ font_family: 'DejaVu Sans', bold: true, italic: false }, 36)).toBe(
      `bold ${Math.round((36 / ASS_HEIGHT_PER_EM) * 10) / 10}px "DejaVu Sans", "DejaVu Sans", sans-serif`,
    );
    expect(defaultPositionY({ width: 720, height: 1280 })).toBe(0.75);
  });

  it('stacks lines upwards from the default position, outline included in the margin', () => {
    const layout = layoutPreview(look, frame, ['one', 'two'], measure);
    expect(layout.outlinePx).toBe(2.9);
    // Bottom edge: 720 - (round(0.1 * 720) + ceil(2.9)) = 645; the last baseline sits the descent above it.
    const descent = 36 * (0.236 / 1.164);
    expect(layout.lines[1].baseline).toBeCloseTo(645 - descent, 5);
    expect(layout.lines[0].baseline).toBeCloseTo(645 - 36 - descent, 5);
    expect(layout.lines.map((line) => line.x)).toEqual([640, 640]);
  });

  it('grows with the size, and a box pads each line instead of an outline', () => {
    const bigger = layoutPreview({ ...look, font_size: 0.1 }, frame, ['one'], measure);
    expect(bigger.fontPx).toBe(72);
    const boxedLayout = layoutPreview({ ...look, box: true, alignment: 'left' }, frame, ['hello'], measure);
    expect(boxedLayout.outlinePx).toBe(0);
    expect(boxedLayout.boxPaddingPx).toBe(7);
    const box = lineBox(boxedLayout.lines[0], boxedLayout);
    expect(box.left).toBe(64 - 7);
    expect(box.width).toBe(50 + 14);
    expect(box.height).toBe(36 + 14);
    // The box's bottom edge is the block's bottom edge: 720 - (72 + 7).
    expect(box.top + box.height).toBeCloseTo(720 - 79 + 7, 5);
  });
});

describe('voice filter', () => {
  const voice = (voice_id: string, language: string, gender: VoiceRecord['gender'], name = voice_id): VoiceRecord => ({
    voice_id,
    name,
    language,
    gender,
    engine: 'espeak',
    quality: 'draft',
    sample_url: `/v1/voices/${voice_id}/sample`,
  });
  const voices = [
    voice('espeak:de+f2', 'de', 'female', 'German F2'),
    voice('espeak:de+m3', 'de', 'male', 'German M3'),
    voice('espeak:en+f2', 'en', 'female', 'English F2'),
  ];

  it('narrows by language, gender and a search in name or id', () => {
    expect(filterVoices(voices, { language: 'de', gender: '', query: '' }).map((v) => v.voice_id)).toEqual([
      'espeak:de+f2',
      'espeak:de+m3',
    ]);
    expect(filterVoices(voices, { language: '', gender: 'female', query: 'english' }).map((v) => v.voice_id)).toEqual([
      'espeak:en+f2',
    ]);
    expect(filterVoices(voices, { language: '', gender: '', query: 'M3' })).toHaveLength(1);
  });

  it('offers the languages that have voices, by name, with counts', () => {
    expect(
      voiceLanguages(voices, [
        { code: 'de', iso3: 'deu', name: 'German' },
        { code: 'en', iso3: 'eng', name: 'English' },
      ]),
    ).toEqual([
      { code: 'en', name: 'English', count: 1 },
      { code: 'de', name: 'German', count: 2 },
    ]);
  });
});
