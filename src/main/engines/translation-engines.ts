// The translators: the one chosen in Settings (translation_engine), else the first available one for the pair.
import { availableEngines, languageName, type EngineChoice } from './engine-choice.js';
import { bergamotModelFor } from './mt/bergamot.js';
import { requirePreferredTranslator } from './mt/preferred-translator.js';
import type { Translator } from './mt/types.js';

/** `translation_engine` (Settings): auto, or the id of the translator to use whatever else is installed. */
export const TRANSLATION_ENGINE_SETTING = 'translation_engine';

export function createTranslationEngines({ set, models, settings, missing }: Omit<EngineChoice, 'modelFor'>) {
  return {
    /** The translators a job may use, in order: only the one chosen in Settings (translation_engine), else every available one. */
    translatorsToUse(): Translator[] {
      const preferred = settings?.get(TRANSLATION_ENGINE_SETTING);
      const available = availableEngines(set.translators);
      return preferred && preferred !== 'auto'
        ? available.filter((translator) => translator.id === preferred)
        : available;
    },

    requireTranslator(source: string, target: string): Translator {
      const work = `Translating ${languageName(source)} to ${languageName(target)}`;
      const preferred = settings?.get(TRANSLATION_ENGINE_SETTING);
      if (preferred && preferred !== 'auto')
        return requirePreferredTranslator(
          set.translators,
          preferred,
          work,
          () => bergamotModelFor(models, source, target),
          source,
          target,
        );
      const engine = availableEngines(set.translators).find((translator) => translator.supports(source, target));
      if (engine) return engine;
      // Firefox Translations models are published per pair to or from English.
      throw missing('translation', work, bergamotModelFor(models, source, target));
    },
  };
}
