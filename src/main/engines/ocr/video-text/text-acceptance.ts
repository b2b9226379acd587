// Whether a read is text worth erasing and redrawing: the detector must have seen letters drawn to be read, and the
// recognizer must have read them with confidence. Texture (wood grain, brick, leaves, lit windows) closes into
// line-like boxes and a recognizer makes a character or two of almost anything; either signal alone lets some through
// (docs/api.md, "Visual translate": which text is kept).
import type { RecognizedLine, RecognizedWord } from '../types.js';

/** Least detector score (edge contrast, text-regions.ts) of a kept text: real text 0.8..0.95, texture at most 0.66. */
export const MIN_DETECTOR_SCORE = 0.72;
/** Least confidence, 0..1, of a kept text: the recognizer's word confidences, weighted by their characters. */
export const KEEP_CONFIDENCE = 0.4;
/** Kept texts read below this confidence are listed for review (`low_ocr_confidence`). */
export const REVIEW_CONFIDENCE = 0.7;
/** Confidence of a word that counts as read: the recognizer's own floor for a confident word (Tesseract's 60). */
export const CONFIDENT_WORD = 0.6;
/** Letters or digits a text needs in its confident words: one shape read as a character is a stray mark. */
export const MIN_CONFIDENT_CHARACTERS = 2;

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/gu;

export type Rejection = 'no_letters' | 'low_detector_score' | 'low_confidence' | 'stray_mark';

export interface TextVerdict {
  /** Why it is not text; undefined when it is kept. */
  rejected?: Rejection;
  text: string;
  /** Character-weighted mean of the line confidences, 0..1. */
  confidence: number;
}

/** A line's words; a recognizer that reads whole lines (RapidOCR) gives the line as one word. */
const wordsOf = (line: RecognizedLine): RecognizedWord[] =>
  line.words ?? [{ text: line.text, confidence: line.confidence }];

const lettersIn = (text: string): number => text.match(LETTER_OR_DIGIT)?.length ?? 0;

/** Judges the lines read in one text box whose detector score was `detectorScore`. */
export function judgeRead(lines: readonly RecognizedLine[], detectorScore: number): TextVerdict {
  const kept = lines.filter((line) => line.text.trim() !== '');
  const text = kept.map((line) => line.text.trim()).join(' ');
  const characters = kept.reduce((sum, line) => sum + line.text.trim().length, 0);
  const confidence =
    characters === 0 ? 0 : kept.reduce((sum, line) => sum + line.confidence * line.text.trim().length, 0) / characters;
  const verdict = (rejected?: Rejection): TextVerdict => ({ ...(rejected ? { rejected } : {}), text, confidence });
  // Marks without a letter or digit ("_", "|", "~") are what a recognizer makes of texture, not text.
  if (lettersIn(text) === 0) return verdict('no_letters');
  if (detectorScore < MIN_DETECTOR_SCORE) return verdict('low_detector_score');
  if (confidence < KEEP_CONFIDENCE) return verdict('low_confidence');
  const confidentCharacters = kept
    .flatMap(wordsOf)
    .filter((word) => word.confidence >= CONFIDENT_WORD)
    .reduce((sum, word) => sum + lettersIn(word.text), 0);
  if (confidentCharacters < MIN_CONFIDENT_CHARACTERS) return verdict('stray_mark');
  return verdict();
}
