import { DubDeskError } from '../../../shared/errors.js';
import { findLanguage, languagePart } from '../../../shared/languages.js';
import { stagedPath } from '../staged-inputs.js';
import type { TranslateDeps } from '../translate/types.js';
import type { Stage } from '../types.js';
import { frameTranslateOutput } from './outputs.js';
import { readScreenText } from '../../engines/ocr/video-text/screen-text.js';
import type { FoundScreenText, FrameTranslateRequest } from './types.js';
import { plannedFrameEngine } from './planned-step.js';

/** processing: every text shown in the video, found a few times a second, timed to the frame and read once. */
export function findTextStage(deps: Pick<TranslateDeps, 'engines'>): Stage<FrameTranslateRequest> {
  return {
    name: 'find-text',
    label: 'Finding on-screen text',
    status: 'processing',
    weight: 3,
    async run(input, ctx) {
      const { request, outputs } = input;
      const video = frameTranslateOutput(outputs, 'fetch-inputs').inputs.video_url;
      if (!video) throw new Error('The job has no video to read text from.');
      const language = languagePart(request.source_language);
      const read = await readScreenText(stagedPath(ctx.workDir, video), ctx, {
        recognizer: deps.engines.planned(
          'textRecognizers',
          plannedFrameEngine(input, deps.engines, 'find-text'),
          'Reading on-screen text',
        ),
        language,
        name: video.name,
      });
      if (read.events.length === 0) {
        const name = findLanguage(language)?.name ?? language;
        throw new DubDeskError(
          'no_text_detected',
          `No readable ${name} text was found in ${video.name}: nothing to translate. Check source_language.`,
        );
      }
      return { language, ...read, engine: read.recognizer } satisfies FoundScreenText;
    },
  };
}
