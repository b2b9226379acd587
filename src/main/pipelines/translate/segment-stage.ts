import type { Stage } from '../types.js';
import { givenLinesSource } from '../../plans/translate/given-lines.js';
import { DEFAULT_SPEAKER } from './lines.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { segmentCues } from '../../dubbing/segment-cues.js';
import { assignSpeakers } from '../../dubbing/speaker-overlap.js';
import type { CueList, TranslateRequest } from './types.js';

/** transcribing: the transcript as subtitle cues, each of one speaker, cut at sentence ends, pauses and commas. */
export function segmentStage(): Stage<TranslateRequest> {
  return {
    name: 'segment',
    label: 'Making subtitle cues',
    status: 'transcribing',
    weight: 0.1,
    skip: ({ request }) => {
      const given = givenLinesSource(request);
      if (given === 'subtitles') return 'the given subtitles are the cues';
      return given === 'screen' ? 'the on-screen subtitles are the cues' : undefined;
    },
    async run({ outputs }, ctx) {
      const prepared = translateOutput(outputs, 'prepare-media');
      const transcript = translateOutput(outputs, 'transcribe');
      const turns = skippableOutput(outputs, 'diarize')?.turns ?? [];
      const segments = assignSpeakers(transcript.segments, turns, DEFAULT_SPEAKER);
      const cues = segmentCues(segments, {
        language: transcript.language,
        endLimitMs: Math.round(prepared.media.durationSec * 1000),
      }).map((cue, i) => ({ index: i + 1, ...cue }));
      ctx.log(
        `${cues.length} subtitle cue${cues.length === 1 ? '' : 's'} ` +
          `from ${transcript.segments.length} recognized ` +
          `segment${transcript.segments.length === 1 ? '' : 's'}`,
      );
      return { language: transcript.language, cues } satisfies CueList;
    },
  };
}
