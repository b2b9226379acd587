// Pure: where and how big a style's subtitles are drawn on a frame, approximating the burn (media/subtitles/ass.ts,
// rendered by libass): the same pixel sizes, margins and placement, measured on the frame's own pixels.
import type { SubtitleStyleBody } from '../../api/client.js';

export interface FrameSize {
  width: number;
  height: number;
}

/** libass sizes a font by its full height (ascent + descent), about 1.164 em for DejaVu Sans; CSS sizes by the em. */
export const ASS_HEIGHT_PER_EM = 1.164;
/** DejaVu Sans' descent as a share of that full height (0.236 em of 1.164). */
const DESCENT_SHARE = 0.236 / 1.164;
/** Side margins as the burn uses (line-breaking.ts SIDE_MARGIN). */
const SIDE_MARGIN = 0.05;
/** The shadow colour the burn writes (BackColour). */
export const SHADOW_COLOUR = '#00000080';

export interface PreviewLine {
  text: string;
  /** Anchor of the line: its left edge, centre or right edge (see `align`), and its baseline. */
  x: number;
  baseline: number;
  width: number;
}

export interface PreviewLayout {
  /** The ASS font size (full line height) in frame pixels. */
  fontPx: number;
  /** The CSS font shorthand for canvas, with the em scaled from the ASS size. */
  font: string;
  align: 'left' | 'center' | 'right';
  outlinePx: number;
  shadowPx: number;
  /** With a box: its padding around each line (the burn's box border). */
  boxPaddingPx: number;
  lines: PreviewLine[];
}

/** The contract's default subtitle_position_y: 0.9, or 0.75 on portrait frames. */
export function defaultPositionY(frame: FrameSize): number {
  return frame.height > frame.width ? 0.75 : 0.9;
}

type Look = Required<
  Pick<
    SubtitleStyleBody,
    'font_family' | 'font_size' | 'outline_width' | 'shadow' | 'box' | 'bold' | 'italic' | 'alignment'
  >
>;

export function fontPixels(fontSize: number, frame: FrameSize): number {
  return Math.max(8, Math.round(fontSize * Math.min(frame.width, frame.height)));
}

export function cssFont(look: Pick<Look, 'font_family' | 'bold' | 'italic'>, fontPx: number): string {
  const family = look.font_family.replace(/["\\]/g, '');
  return (
    `${look.italic ? 'italic ' : ''}${look.bold ? 'bold ' : ''}${Math.round((fontPx / ASS_HEIGHT_PER_EM) * 10) / 10}px ` +
    `"${family}", "DejaVu Sans", sans-serif`
  );
}

/**
 * The lines laid out bottom-up from the subtitle position (below the middle the block's bottom edge, outline and
 * shadow included, sits at positionY, as the burn places it). `measure` gives a line's advance width in pixels.
 */
export function layoutPreview(
  look: Look,
  frame: FrameSize,
  lines: readonly string[],
  measure: (text: string, font: string) => number,
  positionY = defaultPositionY(frame),
): PreviewLayout {
  const fontPx = fontPixels(look.font_size, frame);
  const font = cssFont(look, fontPx);
  const boxPaddingPx = look.box ? Math.max(2, Math.round(fontPx * 0.2)) : 0;
  const outlinePx = look.box ? 0 : Math.round(look.outline_width * fontPx * 10) / 10;
  const shadowPx = Math.round(look.shadow * fontPx * 10) / 10;
  const border = Math.ceil((look.box ? boxPaddingPx : outlinePx) + shadowPx);
  const y = Math.min(1, Math.max(0, positionY));
  const marginH = Math.round(frame.width * SIDE_MARGIN);
  const x = look.alignment === 'left' ? marginH : look.alignment === 'right' ? frame.width - marginH : frame.width / 2;
  const descent = fontPx * DESCENT_SHARE;
  const count = lines.length;
  let bottom: number;
  if (y > 0.5) bottom = frame.height - Math.max(border + 2, Math.round((1 - y) * frame.height) + border);
  else if (y < 0.5) bottom = Math.max(border + 2, Math.round(y * frame.height) + border) + count * fontPx;
  else bottom = (frame.height + count * fontPx) / 2;
  return {
    fontPx,
    font,
    align: look.alignment,
    outlinePx,
    shadowPx,
    boxPaddingPx,
    lines: lines.map((text, index) => ({
      text,
      x,
      baseline: bottom - (count - 1 - index) * fontPx - descent,
      width: measure(text, font),
    })),
  };
}

/** A line's box (with `box: true`): the text's advance and full line height, plus the padding all round. */
export function lineBox(
  line: PreviewLine,
  layout: PreviewLayout,
): { left: number; top: number; width: number; height: number } {
  const left =
    layout.align === 'left' ? line.x : layout.align === 'right' ? line.x - line.width : line.x - line.width / 2;
  const top = line.baseline + layout.fontPx * DESCENT_SHARE - layout.fontPx;
  return {
    left: left - layout.boxPaddingPx,
    top: top - layout.boxPaddingPx,
    width: line.width + 2 * layout.boxPaddingPx,
    height: layout.fontPx + 2 * layout.boxPaddingPx,
  };
}
