import { Type, type Static } from 'typebox';
import { StrictObject, StringEnum } from './common.js';

// Subtitle styles (/v1/subtitle_styles): how burned-in subtitles look. Sizes are fractions so that one
// style reads the same on a 360p phone clip and a 4K master. Position is not part of a style: the contract
// says subtitle_position_y, when omitted, never comes from subtitle_style_id.

export const SUBTITLE_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type SubtitleAlignment = (typeof SUBTITLE_ALIGNMENTS)[number];

/** `#RRGGBB` or `#RRGGBBAA`, where AA is the opacity as in CSS (FF opaque, 00 invisible). */
const Colour = (description: string) => Type.String({ pattern: '^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$', description });

/** The settings of a style, as a request body names them; every one but `name` has a default. */
export const SubtitleStyleBody = StrictObject(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    // Commas end a field of an ASS Style line, and braces or backslashes would start override tags.
    font_family: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        pattern: '^[^,{}\\\\\\u0000-\\u001f]+$',
        description: 'Font family name, e.g. DejaVu Sans. Missing glyphs fall back to the bundled fonts.',
      }),
    ),
    font_size: Type.Optional(
      Type.Number({
        minimum: 0.01,
        maximum: 0.2,
        description: "Font size as a fraction of the frame's shorter side (the height of landscape and square videos).",
      }),
    ),
    primary_colour: Type.Optional(Colour('Text colour.')),
    outline_colour: Type.Optional(Colour('Outline colour around the letters.')),
    outline_width: Type.Optional(
      Type.Number({ minimum: 0, maximum: 0.5, description: 'Outline thickness as a fraction of the font size.' }),
    ),
    shadow: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 0.5,
        description: 'Drop shadow offset as a fraction of the font size; 0 for none.',
      }),
    ),
    box: Type.Optional(Type.Boolean({ description: 'Draw an opaque box behind each line instead of an outline.' })),
    box_colour: Type.Optional(Colour('Box colour (with box: true); its alpha makes the box translucent.')),
    bold: Type.Optional(Type.Boolean()),
    italic: Type.Optional(Type.Boolean()),
    alignment: Type.Optional(StringEnum(SUBTITLE_ALIGNMENTS, { description: 'Horizontal alignment of the lines.' })),
  },
  { $id: 'SubtitleStyleBody' },
);
export type SubtitleStyleBody = Static<typeof SubtitleStyleBody>;

export const SubtitleStyleRecord = Type.Object(
  {
    subtitle_style_id: Type.String(),
    name: Type.String(),
    builtin: Type.Boolean({ description: 'Built-in styles are read-only.' }),
    font_family: Type.String(),
    font_size: Type.Number(),
    primary_colour: Type.String(),
    outline_colour: Type.String(),
    outline_width: Type.Number(),
    shadow: Type.Number(),
    box: Type.Boolean(),
    box_colour: Type.String(),
    bold: Type.Boolean(),
    italic: Type.Boolean(),
    alignment: StringEnum(SUBTITLE_ALIGNMENTS),
    created_at: Type.Optional(Type.String()),
    updated_at: Type.Optional(Type.String()),
  },
  { $id: 'SubtitleStyleRecord' },
);
export type SubtitleStyleRecord = Static<typeof SubtitleStyleRecord>;

export const SubtitleStyleList = Type.Object(
  { subtitle_styles: Type.Array(SubtitleStyleRecord) },
  { $id: 'SubtitleStyleList' },
);

export const SubtitleStyleIdParams = Type.Object({ subtitle_style_id: Type.String({ minLength: 1, maxLength: 64 }) });
export type SubtitleStyleIdParams = Static<typeof SubtitleStyleIdParams>;

/** What a style looks like, in the units of SubtitleStyleBody. */
export interface SubtitleLook {
  fontFamily: string;
  fontSize: number;
  primaryColour: string;
  outlineColour: string;
  outlineWidth: number;
  shadow: number;
  box: boolean;
  boxColour: string;
  bold: boolean;
  italic: boolean;
  alignment: SubtitleAlignment;
}

export interface SubtitleStyle extends SubtitleLook {
  id: string;
  name: string;
  builtin: boolean;
  createdAt?: number;
  updatedAt?: number;
}

export const DEFAULT_SUBTITLE_STYLE_ID = 'builtin:default';

/** DejaVu Sans ships with DubDesk (Latin, Greek, Cyrillic, Arabic, Hebrew); other scripts fall back per glyph. */
export const DEFAULT_FONT_FAMILY = 'DejaVu Sans';

const DEFAULT_LOOK: SubtitleLook = {
  fontFamily: DEFAULT_FONT_FAMILY,
  fontSize: 0.05,
  primaryColour: '#FFFFFF',
  outlineColour: '#000000',
  outlineWidth: 0.08,
  shadow: 0,
  box: false,
  boxColour: '#000000B3',
  bold: false,
  italic: false,
  alignment: 'center',
};

/** Read-only styles every install has; `builtin:default` is used when a request names none. */
export const BUILTIN_SUBTITLE_STYLES: readonly SubtitleStyle[] = [
  { id: DEFAULT_SUBTITLE_STYLE_ID, name: 'Default: white with black outline', builtin: true, ...DEFAULT_LOOK },
  {
    id: 'builtin:boxed',
    name: 'Boxed: white on a translucent black box',
    builtin: true,
    ...DEFAULT_LOOK,
    outlineWidth: 0,
    box: true,
  },
  {
    id: 'builtin:large',
    name: 'Large: bigger bold text for phones',
    builtin: true,
    ...DEFAULT_LOOK,
    fontSize: 0.065,
    bold: true,
    outlineWidth: 0.1,
  },
  {
    id: 'builtin:yellow',
    name: 'Yellow with black outline and shadow',
    builtin: true,
    ...DEFAULT_LOOK,
    primaryColour: '#FFE14D',
    shadow: 0.06,
  },
];

/** A body's settings over the defaults: a field left out takes builtin:default's value. */
export function lookFromBody(body: SubtitleStyleBody): SubtitleLook {
  return {
    fontFamily: body.font_family ?? DEFAULT_LOOK.fontFamily,
    fontSize: body.font_size ?? DEFAULT_LOOK.fontSize,
    primaryColour: (body.primary_colour ?? DEFAULT_LOOK.primaryColour).toUpperCase(),
    outlineColour: (body.outline_colour ?? DEFAULT_LOOK.outlineColour).toUpperCase(),
    outlineWidth: body.outline_width ?? DEFAULT_LOOK.outlineWidth,
    shadow: body.shadow ?? DEFAULT_LOOK.shadow,
    box: body.box ?? DEFAULT_LOOK.box,
    boxColour: (body.box_colour ?? DEFAULT_LOOK.boxColour).toUpperCase(),
    bold: body.bold ?? DEFAULT_LOOK.bold,
    italic: body.italic ?? DEFAULT_LOOK.italic,
    alignment: body.alignment ?? DEFAULT_LOOK.alignment,
  };
}

/** Stored settings (possibly written by an older build) completed with today's defaults. */
export function completeLook(stored: Partial<SubtitleLook>): SubtitleLook {
  return { ...DEFAULT_LOOK, ...stored };
}

export function toSubtitleStyleRecord(style: SubtitleStyle): SubtitleStyleRecord {
  return {
    subtitle_style_id: style.id,
    name: style.name,
    builtin: style.builtin,
    font_family: style.fontFamily,
    font_size: style.fontSize,
    primary_colour: style.primaryColour,
    outline_colour: style.outlineColour,
    outline_width: style.outlineWidth,
    shadow: style.shadow,
    box: style.box,
    box_colour: style.boxColour,
    bold: style.bold,
    italic: style.italic,
    alignment: style.alignment,
    ...(style.createdAt !== undefined ? { created_at: new Date(style.createdAt).toISOString() } : {}),
    ...(style.updatedAt !== undefined ? { updated_at: new Date(style.updatedAt).toISOString() } : {}),
  };
}
