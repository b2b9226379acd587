// How wide and how tall libass will draw a line: advances and glyph bounds read from the very font files it renders
// with (DejaVu Sans, the style's font, then the Noto CJK fonts fontconfig falls back to), at libass's idea of a font
// size (a face scaled so its usWinAscent + usWinDescent is the size: line pitch = size, baseline at its ascent).
import fs from 'node:fs';
import path from 'node:path';
import * as opentypeModule from 'opentype.js';
import type { SubtitleFonts } from '../subtitles/fonts.js';

// Node loads the package's CommonJS build, which exports everything as `default`; a bundler takes its ES build, by name.
const opentype: typeof opentypeModule =
  (opentypeModule as { default?: typeof opentypeModule }).default ?? opentypeModule;

/** The font family the drawing's style names: DejaVu Sans, shipped in dejavu-fonts-ttf (SubtitleFonts.primaryDir). */
export const DRAW_FONT_FAMILY = 'DejaVu Sans';

/** Fonts measured after the primary one, in fontconfig's fallback order for the glyphs DejaVu lacks. */
const FALLBACK_FONT_FILES = [
  'noto-sans-sc-chinese-simplified-400-normal.woff',
  'noto-sans-tc-chinese-traditional-400-normal.woff',
  'noto-sans-jp-japanese-400-normal.woff',
  'noto-sans-kr-korean-400-normal.woff',
];

/** What libass will draw for one line at a font size, in pixels. */
export interface LineMetrics {
  /** The advances' sum (kerning left out: it only narrows a line, so a measured line never comes out too short). */
  width: number;
  /** From the line's top (where \pos or the line before puts it) down to its baseline. */
  baseline: number;
  /** The glyphs' ink above and below the baseline. */
  inkAbove: number;
  inkBelow: number;
}

/** Measures a line as libass will draw it at `\fs<sizePx>`. */
export type MeasureLine = (text: string, sizePx: number) => LineMetrics;

interface MetricFont {
  font: opentype.Font;
  /** Pixels per font unit at \fs1: libass sizes a face so that usWinAscent + usWinDescent is the font size. */
  unitScale: number;
  /** The face's ascent at \fs1: where libass puts the baseline below a line's top. */
  ascent: number;
}

/** One character's share of a line, at \fs1. */
interface CharMetrics {
  advance: number;
  ascent: number;
  inkAbove: number;
  inkBelow: number;
}

const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\uFF01-\uFF60]/u;
const ZERO_WIDTH = /[\p{M}\u200B-\u200F\u2060\uFEFF]/u;
/** A character no measured font has: a CJK glyph is one em of Noto (1000 of 1448 units), anything else a wide Latin letter. */
const UNKNOWN_CHAR: CharMetrics = { advance: 0.6, ascent: 0.8, inkAbove: 0.8, inkBelow: 0.2 };
const UNKNOWN_WIDE_CHAR: CharMetrics = { advance: 1000 / 1448, ascent: 0.8, inkAbove: 0.8, inkBelow: 0.2 };

// Parsing a CJK font takes ~150 ms: once per process and font list.
const measurers = new Map<string, MeasureLine>();

/** The measurer for these font folders (cached): the primary DejaVu Sans, then the Noto CJK fonts found in them. */
export function lineMeasurer(fonts: SubtitleFonts, bold = false): MeasureLine {
  const key = [bold ? 'bold' : 'regular', fonts.primaryDir, ...fonts.dirs].join('\n');
  let measure = measurers.get(key);
  if (!measure) {
    measure = measurerOf(loadMetricFonts(fonts, bold));
    measurers.set(key, measure);
  }
  return measure;
}

/** The fonts in fallback order, each parsed when first asked for (Latin text never loads the large CJK fonts). */
function loadMetricFonts(fonts: SubtitleFonts, bold: boolean): (() => MetricFont)[] {
  const files = [
    path.join(fonts.primaryDir, bold ? 'DejaVuSans-Bold.ttf' : 'DejaVuSans.ttf'),
    ...FALLBACK_FONT_FILES.flatMap((name) => {
      const dir = fonts.dirs.find((candidate) => fs.existsSync(path.join(candidate, name)));
      return dir ? [path.join(dir, name)] : [];
    }),
  ];
  return files
    .filter((file) => fs.existsSync(file))
    .map((file) => {
      let parsed: MetricFont | undefined;
      return () => (parsed ??= parseMetricFont(file));
    });
}

function parseMetricFont(file: string): MetricFont {
  const bytes = fs.readFileSync(file);
  const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const os2 = font.tables.os2 as unknown as { usWinAscent?: number; usWinDescent?: number } | undefined;
  const winAscent = os2?.usWinAscent ?? 0;
  const winHeight = winAscent + (os2?.usWinDescent ?? 0);
  const height = winHeight || font.ascender - font.descender;
  return { font, unitScale: 1 / height, ascent: (winHeight ? winAscent : font.ascender) / height };
}

function firstFontWith(fonts: readonly (() => MetricFont)[], char: string): MetricFont | undefined {
  for (const load of fonts) {
    const candidate = load();
    if (candidate.font.hasChar(char)) return candidate;
  }
  return undefined;
}

function measurerOf(fonts: readonly (() => MetricFont)[]): MeasureLine {
  const chars = new Map<string, CharMetrics>();
  // Per character, the first font with the glyph: the fallback libass's fontconfig lookup makes.
  const charOf = (char: string): CharMetrics => {
    let metrics = chars.get(char);
    if (!metrics) {
      const owner = firstFontWith(fonts, char);
      if (owner) {
        const glyph = owner.font.charToGlyph(char);
        const ink = glyph.getMetrics();
        metrics = {
          advance: (glyph.advanceWidth ?? 0) * owner.unitScale,
          ascent: owner.ascent,
          inkAbove: Math.max(0, ink.yMax || 0) * owner.unitScale,
          inkBelow: Math.max(0, -(ink.yMin || 0)) * owner.unitScale,
        };
      } else {
        metrics = ZERO_WIDTH.test(char)
          ? { advance: 0, ascent: 0, inkAbove: 0, inkBelow: 0 }
          : WIDE.test(char)
            ? UNKNOWN_WIDE_CHAR
            : UNKNOWN_CHAR;
      }
      chars.set(char, metrics);
    }
    return metrics;
  };
  return (text, sizePx) => {
    let width = 0;
    let baseline = 0;
    let inkAbove = 0;
    let inkBelow = 0;
    for (const char of text) {
      const metrics = charOf(char);
      width += metrics.advance;
      baseline = Math.max(baseline, metrics.ascent);
      inkAbove = Math.max(inkAbove, metrics.inkAbove);
      inkBelow = Math.max(inkBelow, metrics.inkBelow);
    }
    // A line of spaces still sits on the primary face's baseline.
    if (baseline === 0) baseline = fonts[0]?.().ascent ?? UNKNOWN_CHAR.ascent;
    return {
      width: width * sizePx,
      baseline: baseline * sizePx,
      inkAbove: inkAbove * sizePx,
      inkBelow: inkBelow * sizePx,
    };
  };
}
