// Tesseract's block tree to DubDesk's recognized lines: confident words only, joined as their script writes them.
import type Tesseract from 'tesseract.js';
import type { RecognizedLine } from './types.js';

/** Scripts written without spaces between words: Tesseract splits them into words, DubDesk joins them back. */
const UNSPACED =
  '[\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}\\p{Script=Lao}\\p{Script=Khmer}\\p{Script=Myanmar}\\u3000-\\u303f\\uff00-\\uffef]';
const ENDS_UNSPACED = new RegExp(`${UNSPACED}$`, 'u');
const STARTS_UNSPACED = new RegExp(`^${UNSPACED}`, 'u');

/**
 * Tesseract's lines, top to bottom, that hold a word at or above `minWordConfidence` (0..100); in such a line its
 * other words of letters or digits count from half that confidence, so a line over a busy picture is not cut short.
 */
export function linesFromBlocks(
  blocks: readonly Tesseract.Block[] | null,
  minWordConfidence: number,
): RecognizedLine[] {
  const lines: RecognizedLine[] = [];
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        const spoken = line.words.filter((word) => word.text.trim() !== '');
        if (!spoken.some((word) => word.confidence >= minWordConfidence)) continue;
        const words = spoken.filter(
          (word) =>
            word.confidence >= minWordConfidence ||
            (word.confidence >= minWordConfidence / 2 && /[\p{L}\p{N}]/u.test(word.text)),
        );
        const x0 = Math.min(...words.map((word) => word.bbox.x0));
        const y0 = Math.min(...words.map((word) => word.bbox.y0));
        const x1 = Math.max(...words.map((word) => word.bbox.x1));
        const y1 = Math.max(...words.map((word) => word.bbox.y1));
        const confidence = words.reduce((sum, word) => sum + word.confidence, 0) / words.length / 100;
        lines.push({
          text: joinWords(words.map((word) => word.text.trim())),
          box: { x: x0, y: y0, width: x1 - x0, height: y1 - y0 },
          confidence,
          words: words.map((word) => ({ text: word.text.trim(), confidence: word.confidence / 100 })),
        });
      }
    }
  }
  return lines.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
}

/** Words with a space between them, except where both sides are characters of an unspaced script. */
export function joinWords(words: readonly string[]): string {
  let text = '';
  for (const word of words) {
    const needsSpace = text !== '' && !(ENDS_UNSPACED.test(text) && STARTS_UNSPACED.test(word));
    text += (needsSpace ? ' ' : '') + word;
  }
  return text;
}
