// The per-line limits every way of making a project line obeys (PATCH checks them by its schema; merge, an SRT
// upload and a new translation make lines the schema never sees). Pure.
import { DubDeskError, type ErrorCode } from '../../shared/errors.js';
import { characterCount } from '../../shared/character-count.js';
import { MAX_LINE_CHARACTERS } from '../../shared/schemas/projects.js';

const count = (value: number): string => value.toLocaleString('en-US');

/** True when the text fits a line (UTF-16 units are never fewer than characters: only a long text is counted). */
export function fitsLine(text: string): boolean {
  return text.length <= MAX_LINE_CHARACTERS || characterCount(text) <= MAX_LINE_CHARACTERS;
}

/**
 * Refuses a line whose source or target text is over the limit, saying what made it (`made`, e.g. "The merged line")
 * and how long it would be; `code` is the catalogue error of the route (invalid_subtitle for an SRT upload).
 */
export function checkLineTexts(
  line: { sourceText: string; targetText: string },
  made: string,
  advice: string,
  code: ErrorCode = 'invalid_request',
): void {
  for (const [name, text] of [
    ['translation', line.targetText],
    ['source text', line.sourceText],
  ] as const) {
    if (fitsLine(text)) continue;
    throw new DubDeskError(
      code,
      `${made} would have ${count(characterCount(text))} characters of ${name}; a project line ` +
        `holds at most ${count(MAX_LINE_CHARACTERS)}. ${advice}`,
    );
  }
}
