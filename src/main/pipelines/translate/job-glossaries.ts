// The job's glossaries against the language pair as far as it is known: with source_language auto, each stage that
// learns the spoken language judges them at once, so a glossary of another pair fails the job before any work on it.
import { glossaryEntriesFor } from '../../requests/glossary-pairs.js';
import { readJobResources } from '../../requests/resource-snapshot.js';
import type { TranslateRequest } from './types.js';

/** The terms of the job's glossaries for `source` -> the target; invalid_request naming one of another pair. */
export async function jobGlossaryEntries(
  workDir: string,
  request: TranslateRequest,
  source: string,
): Promise<ReturnType<typeof glossaryEntriesFor>> {
  const { glossaries } = await readJobResources(workDir, request);
  return glossaryEntriesFor(glossaries, source, request.target_language);
}
