// Pure: how a cue's text is split into subtitle lines. Widths are counted in columns: a Latin letter is one,
// a CJK character or full-width sign two (as terminals and the Netflix guidelines count them).

/** Longest line for Latin, Cyrillic, Greek, Arabic... (Netflix: 42 characters). */
export const MAX_COLUMNS_DEFAULT = 42;
/** Chinese, Japanese and Korean: 16 full-width characters. */
export const MAX_COLUMNS_CJK = 32;
/** Thai, Lao, Khmer, Burmese (Netflix Thai: 35 characters). */
export const MAX_COLUMNS_SOUTHEAST_ASIAN = 35;
/** Space kept free on each side of the frame, as a fraction of its width. */
export const SIDE_MARGIN = 0.05;
/**
 * Advance of one column as a fraction of the ASS font size (libass sizes a font by its full height, about 1.16 em
 * for DejaVu Sans): 0.42 measured on mixed-case DejaVu text, 0.5 leaves room for capitals and wide letters.
 */
const COLUMN_PER_FONT_SIZE = 0.5;
/** Portrait frames are seen small, upright on a phone: shorter lines than the script's cap, as short-video captions use. */
const PORTRAIT_CAP_FACTOR = 0.75;
/** Long cues may shrink to this fraction of the style's font size to stay on two lines. */
export const MIN_FONT_SCALE = 0.85;

const WIDE =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F\u30FC\u3200-\u33FF\uFF01-\uFF60\uFFE0-\uFFE6]/u;
const ZERO_WIDTH = /[\p{M}\u200B-\u200F\u2060\uFEFF]/u;
const SOUTHEAST_ASIAN = /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
/** Scripts written without spaces between words: a line may break between two of their words. */
const NO_SPACE_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u3000-\u303F\u30FC\uFF00-\uFFEF]/u;
/** Kinsoku and its Latin counterpart: characters that may not begin a line (closing marks, small kana...). */
const NO_LINE_START =
  /[!%),.:;?\]}¢°’”›»‰′″℃…‥、。，．：；？！）］｝〉》」』】〕〗〙〟ゝゞヽヾーァィゥェォッャュョヮヵヶぁぃぅぇぉっゃゅょゎゕゖㇰ-ㇿ々〻゠〜～・｠｡｣､･ｧ-ｯｰﾞﾟ]/u;
/** Characters that may not end a line (opening marks). */
const NO_LINE_END = /[([{«‹“‘¿¡（［｛〈《「『【〔〖〘〝｟｢]/u;
/** Whitespace that separates words; a no-break space glues them instead. */
const BREAKING_SPACE = /^[^\S\u00A0\u202F\u2007]+$/u;
const GLUE_SPACE = /^[\u00A0\u202F\u2007]+$/u;
const SENTENCE_END = /[.!?…。！？][\p{Pf}\p{Pe}"'」』）]*$/u;
const CLAUSE_END = /[,;:，、；：—–][\p{Pf}\p{Pe}"'」』）]*$/u;
/** Words that read badly at the end of a top line (articles, prepositions, conjunctions). */
const WEAK_LINE_ENDINGS = new Set([
  'a',
  'an',
  'the',
  'to',
  'of',
  'and',
  'or',
  'but',
  'with',
  'for',
  'in',
  'on',
  'at',
  'by',
  'from',
  'my',
  'your',
  'our',
  'their',
  'his',
  'her',
  'le',
  'la',
  'les',
  'un',
  'une',
  'des',
  'de',
  'du',
  'et',
  'el',
  'los',
  'las',
  'y',
  'que',
  'der',
  'die',
  'das',
  'und',
  'ein',
  'eine',
  'il',
  'lo',
  'e',
]);

export interface WrapOptions {
  /** Longest line in columns (see columnBudget). */
  maxColumns: number;
  /** BCP 47 code of the text's language; picks the word dictionary for scripts without spaces. */
  language?: string;
  /** Smallest font scale accepted to keep a long cue on two lines before a third line is used. */
  minScale?: number;
}

export interface WrappedText {
  lines: string[];
  /** 1, or less when the cue only fits on two lines in a slightly smaller font. */
  scale: number;
}

/** Columns a text takes: wide characters 2, combining marks and zero-width characters 0, the rest 1. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of text) width += WIDE.test(char) ? 2 : ZERO_WIDTH.test(char) ? 0 : 1;
  return width;
}

/** The line length cap of the script that most of the text's letters are written in. */
export function scriptColumnCap(text: string): number {
  let wide = 0;
  let southeastAsian = 0;
  let letters = 0;
  for (const char of text) {
    if (!/\p{L}/u.test(char)) continue;
    letters++;
    if (WIDE.test(char)) wide++;
    else if (SOUTHEAST_ASIAN.test(char)) southeastAsian++;
  }
  if (letters > 0 && wide * 2 >= letters) return MAX_COLUMNS_CJK;
  if (letters > 0 && southeastAsian * 2 >= letters) return MAX_COLUMNS_SOUTHEAST_ASIAN;
  return MAX_COLUMNS_DEFAULT;
}

/**
 * Longest line for this text on this frame: the script's cap (three quarters of it on portrait frames), or fewer
 * columns when the font would not fit them between the side margins.
 */
export function columnBudget(frame: { width: number; height: number }, fontPx: number, text: string): number {
  const cap = scriptColumnCap(text) * (frame.height > frame.width ? PORTRAIT_CAP_FACTOR : 1);
  const fitting = (frame.width * (1 - 2 * SIDE_MARGIN)) / (fontPx * COLUMN_PER_FONT_SIZE);
  return Math.max(4, Math.floor(Math.min(cap, fitting)));
}

/**
 * Lines for one cue: one line when it fits; else two balanced lines (the bottom one not shorter), broken at
 * spaces or, in Chinese, Japanese, Thai..., between words, never before closing or after opening marks. A cue
 * too long for two lines first shrinks (down to minScale), then takes three lines (or more: text is never cut).
 * A cue written as dialogue (every line starting with a dash) keeps one speaker per line.
 */
export function wrapSubtitle(text: string, options: WrapOptions): WrappedText {
  const sourceLines = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (sourceLines.length >= 2 && sourceLines.every((line) => /^[-‐–—]/u.test(line))) {
    const parts = sourceLines.map((line) => wrapParagraph(line, options));
    return { lines: parts.flatMap((part) => part.lines), scale: Math.min(...parts.map((part) => part.scale)) };
  }
  return wrapParagraph(sourceLines.join(' '), options);
}

interface Chunk {
  text: string;
  width: number;
  /** A space separates it from the chunk before (dropped when a line breaks there). */
  spaceBefore: boolean;
}

function wrapParagraph(text: string, options: WrapOptions): WrappedText {
  const minScale = options.minScale ?? MIN_FONT_SCALE;
  const limit = Math.max(1, Math.floor(options.maxColumns));
  const widest = Math.floor(limit / minScale);
  const chunks = chunksOf(text, options.language).flatMap((chunk) => splitOverlong(chunk, widest));
  if (chunks.length === 0) return { lines: [], scale: 1 };
  const layout = new Layout(chunks);
  if (layout.width(0, chunks.length) <= limit) return { lines: [layout.text(0, chunks.length)], scale: 1 };

  const two = layout.best(2, limit);
  if (two) return { lines: two, scale: 1 };
  const tightest = layout.narrowestTwoLineWidth();
  if (tightest !== undefined && limit / tightest >= minScale) {
    return { lines: layout.best(2, tightest)!, scale: Math.floor((limit / tightest) * 100) / 100 };
  }
  return { lines: layout.best(3, widest) ?? layout.greedy(widest), scale: minScale };
}

/** Word-level chunks with the break rules applied: a line may start at any chunk but the first. */
function chunksOf(text: string, language: string | undefined): Chunk[] {
  const segmenter = new Intl.Segmenter(language ? [language] : [], { granularity: 'word' });
  const chunks: Chunk[] = [];
  let spaced = false;
  let glued = false;
  for (const { segment } of segmenter.segment(text)) {
    const previous = chunks.at(-1);
    if (BREAKING_SPACE.test(segment)) {
      spaced = previous !== undefined;
      continue;
    }
    if (previous && GLUE_SPACE.test(segment)) {
      previous.text += segment;
      previous.width = displayWidth(previous.text);
      glued = true;
      continue;
    }
    if (previous && (glued || !mayBreakBetween(previous.text, segment, spaced))) {
      previous.text += (spaced ? ' ' : '') + segment;
      previous.width = displayWidth(previous.text);
    } else {
      chunks.push({ text: segment, width: displayWidth(segment), spaceBefore: spaced });
    }
    spaced = false;
    glued = false;
  }
  return chunks;
}

function mayBreakBetween(before: string, after: string, spaced: boolean): boolean {
  const last = [...before].at(-1)!;
  const first = [...after][0]!;
  if (NO_LINE_START.test(first) || NO_LINE_END.test(last)) return false;
  return spaced || NO_SPACE_SCRIPT.test(last) || NO_SPACE_SCRIPT.test(first);
}

/** A word longer than any line (a URL, a long compound) is cut between characters as a last resort. */
function splitOverlong(chunk: Chunk, limit: number): Chunk[] {
  if (chunk.width <= limit) return [chunk];
  const pieces: Chunk[] = [];
  let current = '';
  for (const { segment } of new Intl.Segmenter([], { granularity: 'grapheme' }).segment(chunk.text)) {
    if (current !== '' && displayWidth(current + segment) > limit) {
      pieces.push({
        text: current,
        width: displayWidth(current),
        spaceBefore: pieces.length === 0 && chunk.spaceBefore,
      });
      current = '';
    }
    current += segment;
  }
  pieces.push({ text: current, width: displayWidth(current), spaceBefore: pieces.length === 0 && chunk.spaceBefore });
  return pieces;
}

/** Chunks with prefix sums, so the width of any run of chunks is O(1). */
class Layout {
  private readonly chunks: Chunk[];
  private readonly widths: number[] = [0];
  private readonly spaces: number[] = [0];

  constructor(chunks: Chunk[]) {
    this.chunks = chunks;
    for (const chunk of chunks) {
      this.widths.push(this.widths.at(-1)! + chunk.width);
      this.spaces.push(this.spaces.at(-1)! + (chunk.spaceBefore ? 1 : 0));
    }
  }

  /** Width of the line holding chunks [from, to): the space before its first chunk is not drawn. */
  width(from: number, to: number): number {
    return this.widths[to]! - this.widths[from]! + this.spaces[to]! - this.spaces[from + 1]!;
  }

  text(from: number, to: number): string {
    return this.chunks
      .slice(from, to)
      .map((chunk, i) => (i > 0 && chunk.spaceBefore ? ' ' : '') + chunk.text)
      .join('');
  }

  /** The smallest line length at which the text fits on two lines. */
  narrowestTwoLineWidth(): number | undefined {
    let best: number | undefined;
    for (let b = 1; b < this.chunks.length; b++) {
      const widest = Math.max(this.width(0, b), this.width(b, this.chunks.length));
      if (best === undefined || widest < best) best = widest;
    }
    return best;
  }

  /** The best-reading split into exactly `count` lines (2 or 3) no longer than `limit`, if there is one. */
  best(count: 2 | 3, limit: number): string[] | undefined {
    const n = this.chunks.length;
    let bestCost = Infinity;
    let bestBreaks: number[] | undefined;
    const consider = (breaks: number[]) => {
      const bounds = [0, ...breaks, n];
      const widths = bounds.slice(1).map((to, i) => this.width(bounds[i]!, to));
      if (widths.some((width) => width > limit)) return;
      const cost = this.cost(widths, breaks, limit);
      if (cost < bestCost) {
        bestCost = cost;
        bestBreaks = breaks;
      }
    };
    for (let first = 1; first < n; first++) {
      if (count === 2) consider([first]);
      else for (let second = first + 1; second < n; second++) consider([first, second]);
    }
    if (!bestBreaks) return undefined;
    const bounds = [0, ...bestBreaks, n];
    return bounds.slice(1).map((to, i) => this.text(bounds[i]!, to));
  }

  /** Fills lines one after the other: only for cues too long for three lines. */
  greedy(limit: number): string[] {
    const lines: string[] = [];
    let from = 0;
    for (let to = 1; to <= this.chunks.length; to++) {
      if (to - from > 1 && this.width(from, to) > limit) {
        lines.push(this.text(from, to - 1));
        from = to - 1;
      }
    }
    lines.push(this.text(from, this.chunks.length));
    return lines;
  }

  /** Lower reads better: even lines, each lower line at least as long as the one above, breaks at punctuation. */
  private cost(widths: number[], breaks: number[], limit: number): number {
    const mean = widths.reduce((sum, width) => sum + width, 0) / widths.length;
    let cost = widths.reduce((sum, width) => sum + (width - mean) ** 2, 0) / limit ** 2;
    for (let i = 1; i < widths.length; i++) {
      if (widths[i - 1]! > widths[i]!) cost += ((widths[i - 1]! - widths[i]!) / limit) * 0.15;
    }
    for (const at of breaks) {
      const before = this.chunks[at - 1]!.text;
      if (SENTENCE_END.test(before)) cost -= 0.15;
      else if (CLAUSE_END.test(before)) cost -= 0.08;
      else if (WEAK_LINE_ENDINGS.has(before.toLowerCase())) cost += 0.06;
    }
    return cost;
  }
}
