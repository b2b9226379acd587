// Where a translate request's lines are given, read by the plan (transcription skipped) and by the stages that
// make or skip the lines (transcribe, segment), so they say the same.
import type { TranslateRequest } from '../../../shared/schemas/jobs.js';

/** Where a request's lines are given: an SRT (subtitle_url), the subtitles burned in inside ocr_text_box, or none (transcribed). */
export function givenLinesSource(
  request: Pick<TranslateRequest, 'subtitle_url' | 'ocr_text_box'>,
): 'subtitles' | 'screen' | undefined {
  if (request.subtitle_url) return 'subtitles';
  return request.ocr_text_box ? 'screen' : undefined;
}

/** Why transcription is skipped, by where the lines come from (the plan and the stage say the same). */
export const LINES_GIVEN_BY = {
  subtitles: 'the lines come from the given subtitles',
  screen: 'the lines are read from the on-screen subtitles',
} as const;
