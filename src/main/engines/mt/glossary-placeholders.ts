// Glossary terms found in text (case-insensitive, whole words) and swapped for placeholders an engine copies through,
// then for the target terms. Shared by the engines that cannot be told about a glossary (Bergamot, Apertium).
import type { GlossaryTerm } from './types.js';

// Scripts written without spaces: a term there has no word boundary to look for.
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const HANGUL = /\p{Script=Hangul}/u;

/**
 * What continues a word past a term's edge character: a letter or digit, but not one of an unspaced script
 * ("私はDubDeskが" holds "DubDesk"), nor Hangul after a non-Korean term (Korean particles follow a name: "DubDesk를").
 */
function wordChar(edge: string): string {
  return `(?:(?!${UNSPACED.source}${HANGUL.test(edge) ? '' : '|\\p{Script=Hangul}'})[\\p{L}\\p{N}_])`;
}

/** A pattern finding `term` as a whole word, ignoring case (and spacing inside multi-word terms). */
export function termPattern(term: string, flags = 'giu'): RegExp {
  const trimmed = term.trim();
  const body = trimmed.split(/\s+/).map(escapeRegExp).join('\\s+');
  const first = trimmed[0] ?? '';
  const last = trimmed.at(-1) ?? '';
  const before = UNSPACED.test(first) ? '' : `(?<!${wordChar(first)})`;
  const after = UNSPACED.test(last) ? '' : `(?!${wordChar(last)})`;
  return new RegExp(`${before}${body}${after}`, flags);
}

/** Whether `text` holds `term` as a whole word, ignoring case. */
export function holdsTerm(text: string, term: string): boolean {
  return term.trim() !== '' && termPattern(term, 'iu').test(text);
}

/** The glossary terms whose source appears in `text`. */
export function termsInSource(text: string, glossary: readonly GlossaryTerm[]): GlossaryTerm[] {
  return glossary.filter((term) => holdsTerm(text, term.source));
}

export interface TermMatch {
  term: GlossaryTerm;
  start: number;
  end: number;
}

/** Non-overlapping occurrences of the glossary's source terms, longest term first where two overlap, in text order. */
export function findTerms(text: string, glossary: readonly GlossaryTerm[]): TermMatch[] {
  const byLength = [...glossary].filter((term) => term.source.trim()).sort((a, b) => b.source.length - a.source.length);
  const taken: TermMatch[] = [];
  for (const term of byLength) {
    for (const match of text.matchAll(termPattern(term.source))) {
      const start = match.index;
      const end = start + match[0].length;
      if (!taken.some((other) => start < other.end && other.start < end)) taken.push({ term, start, end });
    }
  }
  return taken.sort((a, b) => a.start - b.start);
}

/** How an engine marks a term so it comes back intact: a token it copies through, and how to find it again. */
export interface PlaceholderScheme {
  /** The text around the terms, as the engine needs it (HTML-escaped for an engine in markup mode). */
  escape(text: string): string;
  /** What stands for the index-th term in the engine's input; `original` is the source term as written. */
  placeholder(index: number, original: string): string;
  /** Finds placeholders in the engine's output; group 1 is the index. Global flag required. */
  find: RegExp;
  /** Turns the rest of the output back into plain text (unescaping markup). */
  unescape(text: string): string;
}

export interface ProtectedText {
  /** What to give the engine. */
  text: string;
  /** The engine's output with each placeholder replaced by its target term. */
  restore(output: string): string;
}

/** Replaces each glossary term of `text` by a placeholder; restore() puts the target terms in their place. */
export function protectTerms(
  text: string,
  glossary: readonly GlossaryTerm[],
  scheme: PlaceholderScheme,
): ProtectedText {
  const matches = findTerms(text, glossary);
  let protectedText = '';
  let at = 0;
  matches.forEach((match, index) => {
    protectedText +=
      scheme.escape(text.slice(at, match.start)) + scheme.placeholder(index, text.slice(match.start, match.end));
    at = match.end;
  });
  protectedText += scheme.escape(text.slice(at));
  return {
    text: protectedText,
    restore(output) {
      // Split around the placeholders so target terms are never unescaped a second time.
      let restored = '';
      let from = 0;
      for (const found of output.matchAll(
        new RegExp(scheme.find.source, scheme.find.flags.includes('g') ? scheme.find.flags : `${scheme.find.flags}g`),
      )) {
        const term = matches[Number(found[1])]?.term;
        restored += scheme.unescape(output.slice(from, found.index)) + (term ? term.target : scheme.unescape(found[0]));
        from = found.index + found[0].length;
      }
      return restored + scheme.unescape(output.slice(from));
    },
  };
}

const HTML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Escapes text for an engine reading HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Turns an engine's HTML output back into text: entities decoded, any stray tags dropped. */
export function unescapeHtml(text: string): string {
  return text
    .replace(/<\/?[a-zA-Z][^>]*>/g, '')
    .replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
      if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return HTML_ENTITIES[name] ?? whole;
    });
}

/**
 * Markup placeholders for an engine with an HTML mode (Bergamot): the term stays in the sentence, so the model
 * translates its neighbours naturally, and the element comes back around the term's translation, which is replaced.
 */
export const HTML_PLACEHOLDERS: PlaceholderScheme = {
  escape: escapeHtml,
  placeholder: (index, original) => `<span data-term="${index}">${escapeHtml(original)}</span>`,
  find: /<span data-term="(\d+)">[\s\S]*?<\/span>/g,
  unescape: unescapeHtml,
};

/** A token family (ZZG0ZZ, ZZH0ZZ, ...) none of `texts` already holds, so only our tokens are replaced back. */
function unusedTokenLetter(texts: readonly string[]): string {
  const joined = texts.join('\n').toUpperCase();
  return [...'GHJKQXVW'].find((letter) => !new RegExp(`ZZ${letter}\\d+ZZ`).test(joined)) ?? 'G';
}

/**
 * Plain tokens for an engine without markup (Apertium): it passes ZZG0ZZ through as an unknown word in both
 * directions (test/integration/engines-apertium.test.ts pins it), though it may move it as it moves any noun.
 */
export function tokenPlaceholders(texts: readonly string[]): PlaceholderScheme {
  const letter = unusedTokenLetter(texts);
  return {
    escape: (text) => text,
    placeholder: (index) => `ZZ${letter}${index}ZZ`,
    find: new RegExp(`ZZ${letter}(\\d+)ZZ`, 'gi'),
    unescape: (text) => text,
  };
}
