// The translator the user chose in Settings (translation_engine): used whenever it can do the pair, and otherwise a
// clear failure naming what it lacks, rather than a quiet switch to an engine the user did not pick.
import { DubDeskError } from '../../../shared/errors.js';
import type { CatalogueEntry } from '../../models/catalogue.js';
import { missingModelError } from '../missing-model.js';
import type { Translator } from './types.js';

export const TRANSLATION_ENGINE_CHOICES = ['auto', 'bergamot', 'llm', 'apertium'] as const;
export type TranslationEngineChoice = (typeof TRANSLATION_ENGINE_CHOICES)[number];

const SWITCH_BACK = 'or set the translation engine to auto in Settings (translation_engine)';

export function requirePreferredTranslator(
  translators: readonly Translator[],
  preferred: string,
  work: string,
  bergamotModel: () => CatalogueEntry | undefined,
  source: string,
  target: string,
): Translator {
  const chosen = translators.find((translator) => translator.id === preferred);
  if (!chosen) {
    throw new DubDeskError(
      'model_not_installed',
      `${work}: the translation engine chosen in Settings ('${preferred}') does not exist in this DubDesk version; ${SWITCH_BACK}.`,
    );
  }
  if ((chosen.isAvailable?.() ?? true) && chosen.supports(source, target)) return chosen;
  if (preferred === 'bergamot')
    throw missingModelError({ work, capability: 'translation', entry: bergamotModel(), instead: SWITCH_BACK });
  if (preferred === 'llm' && !(chosen.isAvailable?.() ?? true)) {
    throw new DubDeskError(
      'model_not_installed',
      `${work}: Settings choose the LLM engine, but no LLM endpoint is configured. Set its base ` +
        `URL and model in Settings (llm_base_url, llm_model), ${SWITCH_BACK}.`,
    );
  }
  throw new DubDeskError(
    'model_not_installed',
    `${work}: Settings choose ${chosen.title}, which cannot translate this pair on this machine; install what it needs, ${SWITCH_BACK}.`,
  );
}
