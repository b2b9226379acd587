import type { Stage } from '../types.js';
import { readGivenLines } from './lines.js';
import type { TranslateRequest } from './types.js';

/** preprocessing: the given subtitles' lines, read once (encoding, speakers) for the stages after it. */
export function readSubtitlesStage(): Stage<TranslateRequest> {
  return {
    name: 'read-subtitles',
    label: 'Reading subtitles',
    status: 'preprocessing',
    weight: 0.1,
    skip: ({ request }) => (request.subtitle_url ? undefined : 'no subtitles given: the speech is transcribed'),
    run: (input, ctx) => readGivenLines(input, ctx),
  };
}
