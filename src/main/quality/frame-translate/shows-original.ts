// Whether what is read in an erased box again is still the original text. The translation is drawn in the same
// place, so the box always reads as some text: it is the original's own words, those the translation does not share,
// that tell a text left on screen from its replacement.
import { normalizedWords, wordEditDistance } from '../../engines/asr/word-error-rate.js';

/** Share of the original's telling words that must be read again for the text to count as still there. */
export const REMAINS_SHARE = 0.5;

/** Words of 3+ letters or digits in the original that its translation does not have: what a viewer would recognise. */
export function tellingWords(source: string, target: string): string[] {
  const translated = new Set(normalizedWords(target));
  return [...new Set(normalizedWords(source))].filter((word) => [...word].length >= 3 && !translated.has(word));
}

/** The word is in the read, allowing one misread letter in words of five or more. */
function readsWord(readWords: readonly string[], word: string): boolean {
  const slack = [...word].length >= 5 ? 1 : 0;
  return readWords.some((read) => wordEditDistance([...word], [...read]) <= slack);
}

/** The share (0..1) of the original's telling words found in `read`; undefined when it has none to look for. */
export function originalWordsRead(read: string, source: string, target: string): number | undefined {
  const words = tellingWords(source, target);
  if (words.length === 0) return undefined;
  const readWords = normalizedWords(read);
  return words.filter((word) => readsWord(readWords, word)).length / words.length;
}

/** The read shows the original text: at least REMAINS_SHARE of its telling words. */
export function showsOriginal(read: string, source: string, target: string): boolean {
  return (originalWordsRead(read, source, target) ?? 0) >= REMAINS_SHARE;
}
