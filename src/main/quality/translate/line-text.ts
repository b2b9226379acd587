// What the result's lines say against their source: a line left as it was, a glossary term the translation dropped.
import { missingTerms } from '../../engines/mt/glossary-enforcement.js';
import type { GlossaryTerm } from '../../engines/mt/types.js';

/** Letters only, lower case: "Hello, world!" and "hello world" are the same text. */
function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The target says what the source says, word for word, and the source has words to translate (not only numbers). */
export function isUntranslated(source: string, target: string): boolean {
  return /\p{L}{2}/u.test(source) && comparable(source) === comparable(target);
}

/** The glossary terms of `source` whose required translation `target` lacks. */
export function missedGlossaryTerms(source: string, target: string, glossary: readonly GlossaryTerm[]): GlossaryTerm[] {
  return glossary.length ? missingTerms(source, target, glossary) : [];
}
