// Glossary terms are a promise to the user: after translating, every line whose source holds a glossary term must
// hold its target term. Lines that miss one are translated again once (the LLM is told which terms it missed;
// placeholder engines simply run again); what still misses is kept at its best and reported line by line.
import { holdsTerm, termsInSource } from './glossary-placeholders.js';
import type { GlossaryTerm, TranslationRequest, Translator } from './types.js';

/** A line (1-based, as the job log and subtitles number them) whose translation lacks a glossary term's target. */
export interface GlossaryMiss {
  line: number;
  source: string;
  target: string;
}

export interface EnforcedTranslation {
  texts: string[];
  /** Still missing after the retry; empty when every term made it. The stage turns these into a task warning. */
  misses: GlossaryMiss[];
}

export type GlossaryLog = (message: string, level?: 'info' | 'warn' | 'error') => void;

/** The terms of `source` whose target `translation` lacks. */
export function missingTerms(source: string, translation: string, glossary: readonly GlossaryTerm[]): GlossaryTerm[] {
  return termsInSource(source, glossary).filter((term) => !holdsTerm(translation, term.target));
}

/** The explicit instruction for the second attempt (engines that read prompts follow it; others ignore it). */
function retryPrompt(userPrompt: string | undefined, terms: readonly GlossaryTerm[]): string {
  const list = terms.map((term) => `'${term.source}' must be translated as '${term.target}'`).join('; ');
  const instruction = `The previous translation of these lines ignored the glossary. Use the glossary terms exactly: ${list}.`;
  return userPrompt?.trim() ? `${userPrompt.trim()}\n\n${instruction}` : instruction;
}

/**
 * Translates `request` with `translator`, retries the lines that miss a glossary term once, and logs each miss that
 * remains ("line 12: glossary term 'X' → 'Y' missing"). The stage adds a task warning from `misses`.
 */
export async function translateEnforcingGlossary(
  translator: Translator,
  request: TranslationRequest,
  log: GlossaryLog,
): Promise<EnforcedTranslation> {
  const texts = await translator.translate(request);
  if (request.glossary.length === 0) return { texts, misses: [] };

  const missing = request.texts.map((source, i) => missingTerms(source, texts[i] ?? '', request.glossary));
  const retryLines = missing.flatMap((terms, i) => (terms.length ? [i] : []));
  if (retryLines.length > 0) {
    const terms = [
      ...new Map(
        retryLines.flatMap((i) => missing[i]).map((term) => [`${term.source}\u0000${term.target}`, term]),
      ).values(),
    ];
    log(`${retryLines.length} line(s) missed glossary terms; translating them again with ${translator.title}`);
    const again = await translator.translate({
      ...request,
      texts: retryLines.map((i) => request.texts[i]),
      ...(request.maxChars ? { maxChars: retryLines.map((i) => request.maxChars![i]) } : {}),
      userPrompt: retryPrompt(request.userPrompt, terms),
      onProgress: undefined,
    });
    retryLines.forEach((line, k) => {
      const retried = again[k];
      if (retried === undefined) return;
      const stillMissing = missingTerms(request.texts[line], retried, request.glossary);
      // The best of the two: the one missing fewer terms (the first on a tie).
      if (stillMissing.length < missing[line].length) {
        texts[line] = retried;
        missing[line] = stillMissing;
      }
    });
  }

  const misses: GlossaryMiss[] = missing.flatMap((terms, i) =>
    terms.map((term) => ({ line: i + 1, source: term.source, target: term.target })),
  );
  for (const miss of misses)
    log(`line ${miss.line}: glossary term '${miss.source}' → '${miss.target}' missing`, 'warn');
  return { texts, misses };
}
