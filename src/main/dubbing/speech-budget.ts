// Pure: how long a translation may be so its dubbed speech fits the cue's time (isochronous translation).
import { languagePart } from '../../shared/languages.js';

/**
 * Characters spoken per second at an ordinary dubbing pace: about 15 for alphabetic scripts (spaces included),
 * fewer for scripts whose characters are syllables or words.
 */
const CHARS_PER_SECOND: Record<string, number> = { zh: 5, yue: 5, ja: 7.5, ko: 7 };
export const DEFAULT_CHARS_PER_SECOND = 15;

export function speechCharsPerSecond(language: string): number {
  return CHARS_PER_SECOND[languagePart(language)] ?? DEFAULT_CHARS_PER_SECOND;
}

/** The most characters a line of this duration should have in `language`; never under a short word's worth. */
export function maxCharsFor(durationMs: number, language: string): number {
  return Math.max(4, Math.round((Math.max(0, durationMs) / 1000) * speechCharsPerSecond(language)));
}
