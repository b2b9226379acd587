import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import type { NormalizedBox } from '../../engines/ocr/text-regions.js';
import { readScreenText } from '../../engines/ocr/video-text/screen-text.js';
import { textEventsToCues } from './ocr-cues.js';
import type { Stage } from '../types.js';
import { resolveWorkPath } from '../work-paths.js';
import { knownSourceLanguage } from './lines.js';
import { translateOutput } from './outputs.js';
import type { ScreenSubtitles, TranslateDeps, TranslateRequest } from './types.js';
import { plannedEngineOf, replannedForLanguage } from './planned-step.js';

const percent = (fraction: number) => `${Math.round(fraction * 100)} %`;

/** The box in a user's words: where it starts and how much of the frame it covers. */
export function describeBox(box: NormalizedBox): string {
  return `the box at x ${percent(box.x)}, y ${percent(box.y)} of the frame, ${percent(box.width)} wide and ${percent(box.height)} tall`;
}

/** transcribing: the subtitles burned in inside ocr_text_box are read, with their timings, as the lines instead of speech recognition. */
export function readScreenTextStage(deps: Pick<TranslateDeps, 'engines'>): Stage<TranslateRequest> {
  return {
    name: 'read-screen-text',
    label: 'Reading on-screen subtitles',
    status: 'transcribing',
    weight: 2,
    skip: ({ request }) =>
      request.ocr_text_box ? undefined : 'no ocr_text_box given: the lines do not come from on-screen subtitles',
    async run(input, ctx) {
      const { request, outputs } = input;
      const region = request.ocr_text_box;
      if (!region) throw new Error('The job has no ocr_text_box to read subtitles in.');
      const prepared = translateOutput(outputs, 'prepare-media');
      // Given, or identified from the speech by the stage before; the plan made sure one of them is there.
      const language = knownSourceLanguage(request, outputs);
      if (language === 'auto') {
        // Without an identifier this names the model to install; with one, identification found nothing to go on.
        deps.engines.requireLanguageIdentifier();
        throw new DubDeskError(
          'invalid_request',
          'The language of the on-screen subtitles is not known: give source_language.',
        );
      }
      let recognizer = deps.engines.planned(
        'textRecognizers',
        plannedEngineOf(input, deps.engines, 'read-screen-text'),
        'Reading the on-screen subtitles',
      );
      // The plan left the recognizer to the language identified in the speech; the planner picks it now.
      if (!recognizer.supports(language))
        recognizer = deps.engines.planned(
          'textRecognizers',
          replannedForLanguage(input, deps.engines, 'read-screen-text', language),
          'Reading the on-screen subtitles',
        );
      const found = await readScreenText(resolveWorkPath(ctx.workDir, prepared.media.path), ctx, {
        recognizer,
        language,
        roi: region,
        where: `in ${describeBox(region)}`,
        name: prepared.media.name,
      });
      const name = findLanguage(language)?.name ?? language;
      const cues = textEventsToCues(found.events, region, found.frame);
      if (cues.length === 0) {
        throw new DubDeskError(
          'no_text_detected',
          `No readable ${name} text was found in ${describeBox(region)} of ${prepared.media.name}: ` +
            `there are no subtitles to dub. Check ocr_text_box (it must surround the burned-in ` +
            `subtitles) and source_language.`,
        );
      }
      ctx.log(`${cues.length} lines read from the on-screen subtitles (${name})`);
      return {
        language,
        cues,
        speakersNamed: false,
        region,
        ...found,
        engine: found.recognizer,
      } satisfies ScreenSubtitles;
    },
  };
}
