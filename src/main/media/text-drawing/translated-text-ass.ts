// An ASS document (libass's input) that draws each translation where its original text was: positioned at the
// box's aligned edge, sized and broken into lines to fill the box, in the original's fill and outline colours.
// PlayRes is the frame's own size, so every position and size in it is a pixel of that frame.
import type { PixelBox, Rgb } from '../image/rgb-image.js';
import { assColour, assDocument, escapeAssText, formatAssTime } from '../subtitles/ass.js';
import { resolveSubtitleFonts, type SubtitleFonts } from '../subtitles/fonts.js';
import { alignmentOfBox, fitTextToBox, type FittedText, type TextAlign } from './fit-text.js';
import { DRAW_FONT_FAMILY, lineMeasurer, type MeasureLine } from './font-metrics.js';

export interface TextToDraw {
  startMs: number;
  endMs: number;
  /** The original text's box in the frame's pixels. */
  box: PixelBox;
  /** The translation; '\n' only where the original block had separate lines (kept as line breaks). */
  text: string;
  fillRgb: Rgb;
  outlineRgb?: Rgb;
  align: TextAlign;
  /** How many lines the original showed in the box (a hint for the size: the original line height is box.height / lines). */
  lines: number;
  /** The original's strokes were heavy: drawn in the bold face (measured with its own, wider metrics). */
  bold?: boolean;
}

export interface TranslatedTextAssOptions {
  /** The frame the boxes are measured on; the document's PlayRes. */
  frame: { width: number; height: number };
  /** BCP 47 code of the translations (word breaking for scripts without spaces). */
  language: string;
  /** The fonts libass will draw with (their metrics size the text); default resolveSubtitleFonts(). */
  fonts?: SubtitleFonts;
}

/** Outline of a text whose original had one, as a fraction of the font size (a typical caption's stroke). */
const OUTLINE_FRACTION = 0.08;
/** Outline of a text whose original had none: a hairline that keeps it legible over what erasing left behind. */
const HAIRLINE_FRACTION = 0.025;
/** Opacity of that hairline: half, so it reads as an edge rather than as a stroke the original did not have. */
const HAIRLINE_ALPHA = '&H80&';

/** One Dialogue per text that has something to draw; the document draws nothing else. */
export function translatedTextAss(texts: readonly TextToDraw[], options: TranslatedTextAssOptions): string {
  const fonts = options.fonts ?? resolveSubtitleFonts();
  const events = texts
    // A text shorter than the format's centisecond would start and end at once.
    .filter((text) => Math.round(text.endMs / 10) > Math.round(text.startMs / 10))
    .map((text) => dialogue(text, options, lineMeasurer(fonts, text.bold)))
    .filter((line): line is string => line !== undefined);
  return assDocument({
    comment: 'Written by DubDesk: translated on-screen text',
    frame: options.frame,
    // No wrapping at all: every break is ours, measured against the box.
    wrapStyle: 2,
    style: `Default,${DRAW_FONT_FAMILY},40,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,7,0,0,0,1`,
    events,
  });
}

/** The alignment a text keeps in its box: centred near the frame's middle, else flush to the nearer side. */
export function textAlignment(box: PixelBox, frame: { width: number; height: number }): TextAlign {
  return alignmentOfBox(box, frame);
}

/** Where and how one text is drawn (exported for callers that want the layout without the document). */
export function fitTranslatedText(
  text: TextToDraw,
  options: TranslatedTextAssOptions,
  measure: MeasureLine = lineMeasurer(options.fonts ?? resolveSubtitleFonts(), text.bold),
): FittedText | undefined {
  const fraction = text.outlineRgb ? OUTLINE_FRACTION : HAIRLINE_FRACTION;
  return fitTextToBox({
    text: text.text,
    box: text.box,
    align: text.align,
    lines: text.lines,
    frame: options.frame,
    language: options.language,
    measure,
    borderAt: (size) => Math.max(1, Math.round(size * fraction * 10) / 10),
  });
}

function dialogue(text: TextToDraw, options: TranslatedTextAssOptions, measure: MeasureLine): string | undefined {
  const fitted = fitTranslatedText(text, options, measure);
  if (!fitted) return undefined;
  const anchor = text.align === 'left' ? 7 : text.align === 'right' ? 9 : 8;
  const outline = text.outlineRgb
    ? `\\3c${tagColour(text.outlineRgb)}\\3a&H00&`
    : `\\3c${tagColour(contrastingRgb(text.fillRgb))}\\3a${HAIRLINE_ALPHA}`;
  const tags = `{\\an${anchor}\\pos(${fitted.x},${fitted.y})\\q2\\b${text.bold ? 1 : 0}\\fs${fitted.sizePx}\\c${tagColour(text.fillRgb)}\\1a&H00&${outline}\\bord${fitted.border}\\shad0}`;
  return (
    `Dialogue: ` +
    `0,${formatAssTime(text.startMs)},${formatAssTime(text.endMs)},Default,,0,0,0,,${tags}${fitted.lines.map(escapeAssText).join('\\N')}`
  );
}

/** An override tag's colour: `&HBBGGRR&`. */
function tagColour(rgb: Rgb): string {
  const hex = `#${rgb
    .map((channel) =>
      Math.round(Math.min(255, Math.max(0, channel)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
  return `&H${assColour(hex).slice(4)}&`;
}

/** Black behind light text, white behind dark text (Rec. 709 luma). */
export function contrastingRgb(fill: Rgb): Rgb {
  const luma = 0.2126 * fill[0] + 0.7152 * fill[1] + 0.0722 * fill[2];
  return luma >= 128 ? [0, 0, 0] : [255, 255, 255];
}
