// A glossary is written for one language pair: applied to another it would force wrong terms into the translation,
// so a job refuses it (at create, or once an auto source language is known) instead of merging its entries.
import { DubDeskError } from '../../shared/errors.js';
import { findLanguage, languagePart } from '../../shared/languages.js';
import type { Glossary, GlossaryEntry } from '../store/glossaries-repository.js';

type PairedGlossary = Pick<Glossary, 'id' | 'name' | 'sourceLanguage' | 'targetLanguage'>;

/** The language a code names whatever its form: en, en-US and eng are all English. */
const languageOf = (code: string): string => findLanguage(code)?.code ?? languagePart(code);

/**
 * Throws invalid_request naming the glossary and both pairs when the glossary is for another pair than
 * `source` -> `target`; a source of 'auto' (not known yet) is judged later, by the stage that learns it.
 */
export function checkGlossaryPair(glossary: PairedGlossary, source: string, target: string): void {
  const sourceFits = source === 'auto' || languageOf(glossary.sourceLanguage) === languageOf(source);
  if (sourceFits && languageOf(glossary.targetLanguage) === languageOf(target)) return;
  throw new DubDeskError(
    'invalid_request',
    `Glossary '${glossary.name}' (${glossary.id}) is for ${glossary.sourceLanguage} -> ` +
      `${glossary.targetLanguage}, but this job translates ${source} -> ${target}: choose glossaries ` +
      `of the job's language pair.`,
  );
}

/** The terms of every glossary, each checked against the job's pair first: a glossary of another pair is never merged. */
export function glossaryEntriesFor(
  glossaries: readonly (PairedGlossary & { entries: GlossaryEntry[] })[],
  source: string,
  target: string,
): GlossaryEntry[] {
  for (const glossary of glossaries) checkGlossaryPair(glossary, source, target);
  return glossaries.flatMap((glossary) => glossary.entries);
}
