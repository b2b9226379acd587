import { languagePart } from '../../../shared/languages.js';
import type { TranslateRequest } from '../../../shared/schemas/jobs.js';

/** Supplied final translations, or source and target in the same language, need no machine translation. */
export function needsTranslation(request: TranslateRequest): boolean {
  if (request.subtitle_url && request.subtitle_usage_type === 'final_translated') return false;
  const source = request.source_language ?? 'auto';
  return source === 'auto' || languagePart(source) !== languagePart(request.target_language);
}
