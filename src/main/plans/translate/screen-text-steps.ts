// The steps of a translate job that read or erase the subtitles burned into the picture: read-screen-text (the lines
// inside ocr_text_box), find-subtitles (on the whole frame) and erase-subtitles (subtitle_mode replace).
import type { TranslateRequest } from '../../../shared/schemas/jobs.js';
import { availableEngines, type Engines } from '../../engines/registry.js';
import type { Identified } from '../job-plan.js';
import { attempt, planned, type Step } from './plan-step.js';

/** Reading the subtitles burned in inside ocr_text_box (only with it): the text recognizer for the source language. */
export function readScreenTextStep(engines: Engines, source: string): Step {
  const step = 'read-screen-text' as const;
  if (source !== 'auto') {
    const recognizer = attempt(() => engines.requireTextRecognizer([source]));
    return 'engine' in recognizer
      ? { step, engine: planned('text-recognition', recognizer.engine as Identified) }
      : { step, missing: recognizer.missing };
  }
  const note = 'the recognizer reads the language identified in the speech';
  const any = availableEngines(engines.set.textRecognizers)[0];
  if (any) return { step, engine: planned('text-recognition', any as Identified), note };
  // None installed: name the OCR model for the commonest source.
  const recognizer = attempt(() => engines.requireTextRecognizer(['en']));
  return 'engine' in recognizer
    ? { step, engine: planned('text-recognition', recognizer.engine as Identified), note }
    : { step, missing: recognizer.missing };
}

/**
 * Finding the burned-in subtitles on the whole frame (subtitle_mode replace without ocr_text_box): read in the source
 * language, English when it is detected.
 */
export function findSubtitlesStep(engines: Engines, source: string): Step {
  const step = 'find-subtitles' as const;
  const recognizer = attempt(() => engines.requireTextRecognizer([source === 'auto' ? 'en' : source]));
  if ('missing' in recognizer) return { step, missing: recognizer.missing };
  return {
    step,
    engine: planned('text-recognition', recognizer.engine as Identified),
    ...(source === 'auto' ? { note: 'read as English while the source language is not known' } : {}),
  };
}

/**
 * Erasing the burned-in subtitles (subtitle_mode replace, a video exported): the inpainter, and without
 * ocr_text_box the text recognizer that finds them on the whole frame (English when the source is detected).
 */
export function eraseSubtitlesStep(request: TranslateRequest, engines: Engines, source: string): Step {
  const step = 'erase-subtitles' as const;
  if (!request.ocr_text_box) {
    const recognizer = attempt(() => engines.requireTextRecognizer([source === 'auto' ? 'en' : source]));
    if ('missing' in recognizer) return { step, missing: recognizer.missing };
  }
  const inpainter = attempt(() => engines.requireInpainter());
  if ('missing' in inpainter) return { step, missing: inpainter.missing };
  const note = request.ocr_text_box
    ? 'erases the subtitles read in ocr_text_box'
    : 'the subtitles are found on the whole frame by the text recognizer';
  return { step, engine: planned('inpainting', inpainter.engine), note };
}
