// Pure: the font size, line breaks and place that put a translation into the box its original text filled.
// Sizes are libass font sizes, which are also the pitch of its lines. The box is the original's ink (what the text
// detector saw), so the translation's ink is what must fit it: measured glyph by glyph, outline included.
import type { PixelBox } from '../image/rgb-image.js';
import { displayWidth, wrapSubtitle } from '../subtitles/line-breaking.js';
import type { MeasureLine } from './font-metrics.js';

export type TextAlign = 'left' | 'center' | 'right';

export interface FitRequest {
  text: string;
  box: PixelBox;
  align: TextAlign;
  /** Lines the original showed in the box: box.height / lines is the ink height of one original line. */
  lines: number;
  frame: { width: number; height: number };
  language: string;
  measure: MeasureLine;
  /** Outline width in pixels at a font size: the outline is drawn outside the glyphs, so it must fit in the box too. */
  borderAt: (sizePx: number) => number;
}

export interface FittedText {
  sizePx: number;
  border: number;
  /** The lines to draw, broken by us (libass must not rewrap them). */
  lines: string[];
  /** The point \pos anchors: the block's left edge, centre or right edge (by align) and its top, in frame pixels. */
  x: number;
  y: number;
  /** What is drawn: the lines' advances and ink, outline included. */
  block: PixelBox;
}

/** Sideways growth a box may take before the text shrinks further. */
export const BOX_GROWTH = 0.1;
/** Text shrinks at most to this fraction of the original size; longer text then runs wider than its box. */
export const MIN_SIZE_FRACTION = 0.6;
/** The first size tried is at most this many times the original's line height (a text of x-height letters only). */
const MAX_START_FACTOR = 1.5;
/** Above this fraction of the original size, keeping to the box's own width beats growing it. */
const GROW_BELOW_FRACTION = 0.85;
/** Each try is this much smaller than the last. */
const SIZE_STEP = 0.025;
/** Smallest font drawn at all, in pixels. */
const MIN_SIZE_PX = 8;
/** Pixels kept free between the text and the frame's edge. */
const FRAME_MARGIN = 2;

export function fitTextToBox(request: FitRequest): FittedText | undefined {
  const paragraphs = request.text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (paragraphs.length === 0) return undefined;
  const { box, frame } = request;
  const original = Math.max(MIN_SIZE_PX, startingSize(request, paragraphs));
  const floor = round1(Math.max(MIN_SIZE_PX, original * MIN_SIZE_FRACTION));
  const sizes: number[] = [];
  for (let size = original; size >= floor - 1e-9; size = original * (1 - SIZE_STEP * sizes.length))
    sizes.push(round1(size));
  if (sizes.at(-1)! > floor) sizes.push(floor);

  const tryWidth = (width: number): Layout | undefined => {
    for (const size of sizes) {
      const layout = layoutAt(request, paragraphs, size, width);
      if (layout.inkHeight <= box.height) return layout;
    }
    return undefined;
  };
  const inBox = tryWidth(box.width);
  if (inBox && inBox.size >= original * GROW_BELOW_FRACTION) return place(request, inBox, 'box');
  const grown = tryWidth(grownWidth(box, request.align, frame));
  if (grown && (!inBox || grown.size > inBox.size)) return place(request, grown, 'box');
  if (inBox) return place(request, inBox, 'box');
  return place(request, overflowLayout(request, paragraphs, floor), 'frame');
}

/** ASS alignment of the box: centred near the frame's middle, else to the side whose edge it is nearer. */
export function alignmentOfBox(box: PixelBox, frame: { width: number; height: number }): TextAlign {
  const left = box.x;
  const right = frame.width - (box.x + box.width);
  if (Math.abs(left - right) <= frame.width * 0.1) return 'center';
  return left < right ? 'left' : 'right';
}

/**
 * The size whose ink is as tall as one original line: libass's size is the line pitch, and a line's glyphs fill less
 * (about 0.85 of it for mixed-case Latin, 0.6 for capitals), so the translation's own glyphs say how much larger.
 */
function startingSize(request: FitRequest, paragraphs: readonly string[]): number {
  const lineHeight = request.box.height / Math.max(1, request.lines);
  const unit = request.measure(paragraphs.join(' '), 1);
  const inkPerSize = unit.inkAbove + unit.inkBelow;
  if (inkPerSize <= 0) return lineHeight;
  const size = lineHeight / inkPerSize;
  return Math.min(
    lineHeight * MAX_START_FACTOR,
    Math.max(lineHeight, size - (2 * request.borderAt(size)) / inkPerSize),
  );
}

interface Layout {
  size: number;
  border: number;
  lines: string[];
  /** Widest line's advance. */
  textWidth: number;
  /** From the top of the first line (the \pos y) down to the first ink, outline included. */
  inkTop: number;
  /** The ink of all lines with the outline above and below; Infinity when a line is too wide for the width tried. */
  inkHeight: number;
}

function layoutAt(request: FitRequest, paragraphs: readonly string[], size: number, width: number): Layout {
  const border = request.borderAt(size);
  const lines = paragraphs.flatMap((paragraph) => wrapToWidth(paragraph, size, width - 2 * border, request));
  const metrics = lines.map((line) => request.measure(line, size));
  const textWidth = Math.max(...metrics.map((line) => line.width));
  // Each line sits one size below the last, its glyphs around its baseline.
  const inkTop = Math.min(...metrics.map((line, i) => i * size + line.baseline - line.inkAbove)) - border;
  const inkBottom = Math.max(...metrics.map((line, i) => i * size + line.baseline + line.inkBelow)) + border;
  // A line too wide for the box (one long word) makes the layout fail the height test as well.
  const tooWide = textWidth > width - 2 * border;
  return { size, border, lines, textWidth, inkTop, inkHeight: tooWide ? Infinity : inkBottom - inkTop };
}

/**
 * Lines no wider than `maxWidth` pixels, broken by the subtitle line breaker (balanced lines, breaks between words,
 * CJK between characters or words, no closing mark at a line's start): its column budget narrows until every line
 * measures short enough.
 */
function wrapToWidth(paragraph: string, size: number, maxWidth: number, request: FitRequest): string[] {
  const widthOf = (line: string) => request.measure(line, size).width;
  const fullWidth = widthOf(paragraph);
  if (fullWidth <= maxWidth) return [paragraph];
  const pixelsPerColumn = fullWidth / Math.max(1, displayWidth(paragraph));
  let lines: string[] = [paragraph];
  for (let columns = Math.max(1, Math.floor(maxWidth / pixelsPerColumn)); columns >= 1; columns--) {
    lines = wrapSubtitle(paragraph, { maxColumns: columns, language: request.language, minScale: 1 }).lines;
    if (lines.every((line) => widthOf(line) <= maxWidth)) return lines;
  }
  return lines;
}

/** The box's width grown by BOX_GROWTH, on the side(s) its alignment lets text run to, within the frame. */
function grownWidth(box: PixelBox, align: TextAlign, frame: { width: number }): number {
  const wanted = box.width * (1 + BOX_GROWTH);
  const room =
    align === 'left'
      ? frame.width - FRAME_MARGIN - box.x
      : align === 'right'
        ? box.x + box.width - FRAME_MARGIN
        : 2 * Math.min(box.x + box.width / 2 - FRAME_MARGIN, frame.width - FRAME_MARGIN - (box.x + box.width / 2));
  return Math.max(box.width, Math.min(wanted, room));
}

/**
 * Text too long for its box even at the smallest size: at that size, as wide as the box's height needs (up to the
 * frame's width); when even the frame's width is not enough, more lines than the box holds, and a smaller size
 * only when the frame's height is not enough either.
 */
function overflowLayout(request: FitRequest, paragraphs: readonly string[], floor: number): Layout {
  const { box, frame } = request;
  const widest = frame.width - 2 * FRAME_MARGIN;
  const full = layoutAt(request, paragraphs, floor, widest);
  if (full.inkHeight <= box.height) {
    // The narrowest width that still holds the text in the box's height: the block stays near the box's own shape.
    let low = box.width;
    let high = widest;
    let best = full;
    while (high - low > 2) {
      const middle = (low + high) / 2;
      const layout = layoutAt(request, paragraphs, floor, middle);
      if (layout.inkHeight <= box.height) {
        best = layout;
        high = middle;
      } else {
        low = middle;
      }
    }
    return best;
  }
  for (let size = floor; size >= MIN_SIZE_PX; size = round1(size * (1 - SIZE_STEP))) {
    const layout = layoutAt(request, paragraphs, size, widest);
    if (layout.inkHeight <= frame.height - 2 * FRAME_MARGIN) return layout;
  }
  return layoutAt(request, paragraphs, MIN_SIZE_PX, widest);
}

/**
 * Where the block goes: at the box's aligned edge (or centred on it when it overflows), its ink centred on the box's
 * height, kept in the frame.
 */
function place(request: FitRequest, layout: Layout, anchor: 'box' | 'frame'): FittedText {
  const { box, frame, align } = request;
  const blockWidth = layout.textWidth + 2 * layout.border;
  let left =
    anchor === 'frame' || align === 'center'
      ? box.x + (box.width - blockWidth) / 2
      : align === 'left'
        ? box.x
        : box.x + box.width - blockWidth;
  left = clamp(left, FRAME_MARGIN, frame.width - FRAME_MARGIN - blockWidth);
  const inkTop = clamp(
    box.y + (box.height - layout.inkHeight) / 2,
    FRAME_MARGIN,
    frame.height - FRAME_MARGIN - layout.inkHeight,
  );
  const contentLeft = left + layout.border;
  const x =
    align === 'left'
      ? contentLeft
      : align === 'right'
        ? contentLeft + layout.textWidth
        : contentLeft + layout.textWidth / 2;
  return {
    sizePx: layout.size,
    border: layout.border,
    lines: layout.lines,
    x: round1(x),
    y: round1(inkTop - layout.inkTop),
    block: {
      x: Math.round(left),
      y: Math.round(inkTop),
      width: Math.round(blockWidth),
      height: Math.round(layout.inkHeight),
    },
  };
}

/** Keeps a span inside [min, max]; a span longer than the room starts at min. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}
