// The engines for text on screen: the recognizer that reads every language asked for, and the inpainter that erases it.
import { DubDeskError } from '../../shared/errors.js';
import { availableEngines, languageName, type EngineChoice } from './engine-choice.js';
import type { Inpainter } from './inpaint/types.js';
import type { TextRecognizer } from './ocr/types.js';

export function createScreenTextEngines({ set, missing }: Pick<EngineChoice, 'set' | 'missing'>) {
  return {
    requireTextRecognizer(languages: string[]): TextRecognizer {
      const readsAll = (recognizer: TextRecognizer) => languages.every((language) => recognizer.supports(language));
      // A model-backed recognizer (RapidOCR) is skipped until its model is installed.
      const engine = availableEngines(set.textRecognizers).find(readsAll);
      if (engine) return engine;
      const unread = languages.filter(
        (language) => !set.textRecognizers.some((recognizer) => recognizer.supports(language)),
      );
      // No engine reads these languages even with its model: offering the OCR model's install would not help.
      if (unread.length > 0 && set.textRecognizers.length > 0) {
        // The built-in OCR reads only the languages whose data ships with DubDesk; no model can be installed for others yet.
        throw new DubDeskError(
          'model_not_installed',
          `Reading on-screen text in ${unread.map(languageName).join(', ')} needs OCR data for it, ` +
            `and the built-in OCR (Tesseract) has no ${unread.map(languageName).join(', ')} data in ` +
            `this DubDesk version.`,
        );
      }
      throw missing('text-recognition', `Reading on-screen text in ${languages.map(languageName).join(', ')}`);
    },

    requireInpainter(): Inpainter {
      // A neural inpainter once its model is installed, else the built-in OpenCV one.
      const engine = availableEngines(set.inpainters)[0];
      if (engine) return engine;
      throw missing('inpainting', 'Erasing on-screen text');
    },
  };
}
