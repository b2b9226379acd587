// Pure: an ASS document (libass's input) from cues, a style and the frame. PlayRes is the frame's own size, so
// every size in the document is a real pixel of the output.
import type { SubtitleLook } from '../../../shared/schemas/subtitle-styles.js';
import type { Orientation } from '../probe.js';
import { columnBudget, SIDE_MARGIN, wrapSubtitle } from './line-breaking.js';

export interface AssCue {
  startMs: number;
  endMs: number;
  /** Speaker names are not drawn: a dubbed voice already tells who speaks. */
  text: string;
  /** Kept in the Dialogue's Name field, which subtitle editors show and renderers never draw. */
  speaker?: string;
}

export interface FrameSize {
  /** The size of the frames the filter draws on: display size, after rotation (and after any scaling). */
  width: number;
  height: number;
}

export interface BuildAssOptions {
  cues: readonly AssCue[];
  style: SubtitleLook;
  frame: FrameSize;
  /** subtitle_position_y: 0 top .. 1 bottom; null or undefined takes defaultPositionY of the frame. */
  positionY?: number | null;
  /** BCP 47 code of the cue text's language (word breaking for scripts without spaces). */
  language?: string;
}

/** The layout frame of an ASS file with no video to match (audio-only jobs): 1080p, which players scale to any size. */
export const AUDIO_ONLY_FRAME: FrameSize = { width: 1920, height: 1080 };

/** The contract's default subtitle_position_y for subtitle_mode=add. */
export function defaultPositionY(orientation: Orientation): number {
  return orientation === 'portrait' ? 0.75 : 0.9;
}

export function orientationOfFrame(frame: FrameSize): Orientation {
  return frame.width === frame.height ? 'square' : frame.width > frame.height ? 'landscape' : 'portrait';
}

/** Font size in pixels: a fraction of the shorter side, so portrait videos get the size landscape ones get. */
export function fontPixels(style: Pick<SubtitleLook, 'fontSize'>, frame: FrameSize): number {
  return Math.max(8, Math.round(style.fontSize * Math.min(frame.width, frame.height)));
}

/** `#RRGGBB[AA]` (AA = opacity, as in CSS) -> `&HAABBGGRR` (AA = transparency, as ASS wants). */
export function assColour(hex: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})?$/i.exec(hex);
  if (!match) throw new Error(`Not a #RRGGBB or #RRGGBBAA colour: ${hex}`);
  const [, red, green, blue, opacity = 'FF'] = match;
  const transparency = (255 - parseInt(opacity, 16)).toString(16).padStart(2, '0');
  return `&H${transparency}${blue}${green}${red}`.toUpperCase();
}

/**
 * Text drawn as written: braces would open override tags (libass reads `\{` `\}` as literal braces) and a
 * backslash before N, n or h would be a line break or hard space, so a word joiner follows every backslash.
 */
export function escapeAssText(text: string): string {
  return text.replace(/\\/g, '\\\u2060').replace(/[{}]/g, (brace) => `\\${brace}`);
}

/** 3723004 ms -> `1:02:03.00` (ASS times are centiseconds). */
export function formatAssTime(ms: number): string {
  const centis = Math.max(0, Math.round(ms / 10));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${Math.floor(centis / 360_000)}:${pad(Math.floor(centis / 6000) % 60)}:${pad(Math.floor(centis / 100) % 60)}.${pad(centis % 100)}`;
}

/** SRT formatting tags and ASS override blocks a source file may carry: dropped, the words are kept. */
export function plainCueText(text: string): string {
  return text.replace(/<\/?[a-z][^>]*>/gi, '').replace(/\{\\[^}]*\}/g, '');
}

interface Placement {
  /** ASS numpad alignment: 1-3 bottom, 4-6 middle, 7-9 top; left, centre, right. */
  alignment: number;
  marginV: number;
}

/**
 * Where the line block sits: below the middle its bottom edge is at positionY (more lines grow upwards, so a
 * one-line and a two-line cue share their bottom line); above the middle its top edge is; at 0.5 it is centred.
 * The edge is the visible one, outline or box included (`borderPx`), and never touches the frame's edge.
 */
export function placement(
  positionY: number,
  style: Pick<SubtitleLook, 'alignment'>,
  frame: FrameSize,
  borderPx: number,
): Placement {
  const y = Math.min(1, Math.max(0, positionY));
  const column = style.alignment === 'left' ? 1 : style.alignment === 'right' ? 3 : 2;
  const border = Math.ceil(borderPx);
  const minimum = border + 2;
  if (y > 0.5) return { alignment: column, marginV: Math.max(minimum, Math.round((1 - y) * frame.height) + border) };
  if (y < 0.5) return { alignment: column + 6, marginV: Math.max(minimum, Math.round(y * frame.height) + border) };
  return { alignment: column + 3, marginV: 0 };
}

export function buildAssDocument(options: BuildAssOptions): string {
  const { style, frame } = options;
  const fontPx = fontPixels(style, frame);
  const boxPadding = Math.max(2, Math.round(fontPx * 0.2));
  const outline = style.box ? boxPadding : round1(style.outlineWidth * fontPx);
  const shadow = round1(style.shadow * fontPx);
  const positionY = options.positionY ?? defaultPositionY(orientationOfFrame(frame));
  const { alignment, marginV } = placement(positionY, style, frame, outline + shadow);
  const marginH = Math.round(frame.width * SIDE_MARGIN);

  const styleFields = [
    'Default',
    style.fontFamily,
    fontPx,
    assColour(style.primaryColour),
    assColour(style.primaryColour),
    // BorderStyle 3 (opaque box) paints the box in the outline colour; libass 0.14 has no BorderStyle 4.
    assColour(style.box ? style.boxColour : style.outlineColour),
    assColour('#00000080'),
    style.bold ? -1 : 0,
    style.italic ? -1 : 0,
    0,
    0,
    100,
    100,
    0,
    0,
    style.box ? 3 : 1,
    outline,
    shadow,
    alignment,
    marginH,
    marginH,
    marginV,
    1,
  ];
  const events = options.cues
    // A cue shorter than the format's centisecond would start and end at once.
    .filter((cue) => Math.round(cue.endMs / 10) > Math.round(cue.startMs / 10))
    .map((cue) => dialogue(cue, fontPx, frame, options.language))
    .filter((line): line is string => line !== undefined);

  // Smart wrapping stays as a safety net: our own breaks normally leave libass nothing to wrap.
  return assDocument({ comment: 'Written by DubDesk', frame, wrapStyle: 0, style: styleFields.join(','), events });
}

export interface AssDocumentParts {
  comment: string;
  /** PlayResX/Y: positions and sizes in the events are pixels of this frame. */
  frame: FrameSize;
  /** 0: libass wraps smartly; 2: never (every break is the writer's). */
  wrapStyle: 0 | 2;
  /** The Default style's fields, in the Format line's order. */
  style: string;
  /** Dialogue lines. */
  events: readonly string[];
}

/** An ASS document of one Default style and the given events. */
export function assDocument(parts: AssDocumentParts): string {
  return [
    '[Script Info]',
    `; ${parts.comment}`,
    'ScriptType: v4.00+',
    `PlayResX: ${parts.frame.width}`,
    `PlayResY: ${parts.frame.height}`,
    `WrapStyle: ${parts.wrapStyle}`,
    'ScaledBorderAndShadow: yes',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, ' +
      'BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, ' +
      'BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    `Style: ${parts.style}`,
    '',
    '[Events]',
    'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
    ...parts.events,
    '',
  ].join('\n');
}

function dialogue(cue: AssCue, fontPx: number, frame: FrameSize, language: string | undefined): string | undefined {
  const text = plainCueText(cue.text);
  const wrapped = wrapSubtitle(text, { maxColumns: columnBudget(frame, fontPx, text), language });
  if (wrapped.lines.length === 0) return undefined;
  const size = wrapped.scale < 1 ? `{\\fs${Math.round(fontPx * wrapped.scale)}}` : '';
  // Fields before Text are comma-separated, so a comma in a name would shift them.
  const name = (cue.speaker ?? '').replace(/[,\s]+/g, ' ').trim();
  return (
    `Dialogue: ` +
    `0,${formatAssTime(cue.startMs)},${formatAssTime(cue.endMs)},Default,${name},0,0,0,,${size}${wrapped.lines.map(escapeAssText).join('\\N')}`
  );
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A horizontal band of the frame, as fractions of its height (0 top). */
export interface Band {
  top: number;
  bottom: number;
}

/** The band a block of `height` covers at positionY, with placement()'s anchoring. */
export function blockBand(positionY: number, height: number): Band {
  if (positionY > 0.5) return { top: positionY - height, bottom: positionY };
  if (positionY < 0.5) return { top: positionY, bottom: positionY + height };
  return { top: 0.5 - height / 2, bottom: 0.5 + height / 2 };
}

/** Height of a two-line block for the style on this frame, as a fraction of the frame height. */
export function twoLineBlockHeight(style: Pick<SubtitleLook, 'fontSize'>, frame: FrameSize): number {
  return (2 * 1.25 * fontPixels(style, frame)) / frame.height;
}

/**
 * The position nearest to `preferred` at which a block of `height` overlaps none of the `occupied` bands (text
 * burned into the source, e.g. the original subtitles from ocr_text_box): just above or just below one of them.
 * When no such place exists the preferred position stays.
 */
export function positionAvoiding(preferred: number, height: number, occupied: readonly Band[], gap = 0.02): number {
  const epsilon = 1e-9;
  const overlaps = (y: number) => {
    const block = blockBand(y, height);
    return (
      block.top < -epsilon ||
      block.bottom > 1 + epsilon ||
      occupied.some((band) => block.top < band.bottom + gap - epsilon && block.bottom > band.top - gap + epsilon)
    );
  };
  if (!overlaps(preferred)) return preferred;
  const candidates = occupied.flatMap((band) => {
    const above = band.top - gap;
    const below = band.bottom + gap;
    return [above, above - height, below, below + height];
  });
  const free = candidates.filter((y) => y >= 0 && y <= 1 && !overlaps(y));
  if (free.length === 0) return preferred;
  return free.reduce((best, y) => (Math.abs(y - preferred) < Math.abs(best - preferred) ? y : best));
}
