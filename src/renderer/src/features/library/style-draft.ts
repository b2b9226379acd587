// Pure: a subtitle style being edited, its request body, names for duplicates, and colours split for pickers.
import type { SubtitleStyleBody, SubtitleStyleRecord } from '../../api/client.js';

export type StyleDraft = Required<SubtitleStyleBody>;

export type StyleErrors = Partial<Record<keyof StyleDraft, string>>;

/** The API's limits (shared/schemas/subtitle-styles.ts). */
export const FONT_SIZE_RANGE = { min: 0.01, max: 0.2 } as const;
export const OUTLINE_RANGE = { min: 0, max: 0.5 } as const;
export const SHADOW_RANGE = { min: 0, max: 0.5 } as const;
const FONT_FAMILY = /^[^,{}\\\u0000-\u001f]+$/;

export function draftOfStyle(record: SubtitleStyleRecord, name = record.name): StyleDraft {
  return {
    name,
    font_family: record.font_family,
    font_size: record.font_size,
    primary_colour: record.primary_colour,
    outline_colour: record.outline_colour,
    outline_width: record.outline_width,
    shadow: record.shadow,
    box: record.box,
    box_colour: record.box_colour,
    bold: record.bold,
    italic: record.italic,
    alignment: record.alignment,
  };
}

/** "Copy of Boxed", then "Copy of Boxed (2)"...: a name no style has yet. */
export function duplicateName(name: string, taken: readonly string[]): string {
  const base = `Copy of ${name.replace(/:.*$/, '')}`.slice(0, 190);
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} (${n})`)) return `${base} (${n})`;
}

const inRange = (value: number, range: { min: number; max: number }) =>
  Number.isFinite(value) && value >= range.min && value <= range.max;

/** The body to send, or what to fix first (the same rules the API checks). */
export function styleBody(
  draft: StyleDraft,
): { body: SubtitleStyleBody; errors?: undefined } | { body?: undefined; errors: StyleErrors } {
  const errors: StyleErrors = {};
  const name = draft.name.trim();
  const fontFamily = draft.font_family.trim();
  if (!name) errors.name = 'Give the style a name.';
  else if (name.length > 200) errors.name = 'At most 200 characters.';
  if (!fontFamily) errors.font_family = 'Name a font family, e.g. DejaVu Sans.';
  else if (!FONT_FAMILY.test(fontFamily) || fontFamily.length > 100)
    errors.font_family = 'A font family name has no commas, braces or backslashes (at most 100 characters).';
  if (!inRange(draft.font_size, FONT_SIZE_RANGE))
    errors.font_size = `Between ${FONT_SIZE_RANGE.min * 100} % and ${FONT_SIZE_RANGE.max * 100} % of the frame.`;
  if (!inRange(draft.outline_width, OUTLINE_RANGE))
    errors.outline_width = `Between 0 and ${OUTLINE_RANGE.max * 100} % of the font size.`;
  if (!inRange(draft.shadow, SHADOW_RANGE))
    errors.shadow = `Between 0 and ${SHADOW_RANGE.max * 100} % of the font size.`;
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { ...draft, name, font_family: fontFamily } };
}

/** `#RRGGBB[AA]` (AA = opacity as in CSS) -> a colour picker's `#rrggbb` and an opacity 0..1. */
export function splitColour(hex: string): { rgb: string; opacity: number } {
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex);
  if (!match) return { rgb: '#000000', opacity: 1 };
  return { rgb: `#${match[1].toLowerCase()}`, opacity: match[2] ? parseInt(match[2], 16) / 255 : 1 };
}

/** The inverse: an opaque colour stays `#RRGGBB`, a translucent one gains its AA. */
export function joinColour(rgb: string, opacity: number): string {
  const base = rgb.toUpperCase();
  const alpha = Math.round(Math.min(1, Math.max(0, opacity)) * 255);
  return alpha === 255 ? base : `${base}${alpha.toString(16).padStart(2, '0').toUpperCase()}`;
}

/** A style colour as CSS `rgba()`. */
export function cssColour(hex: string): string {
  const { rgb, opacity } = splitColour(hex);
  const value = parseInt(rgb.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${Math.round(opacity * 1000) / 1000})`;
}
