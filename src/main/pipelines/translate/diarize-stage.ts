import path from 'node:path';
import {
  chooseLines,
  compactRegions,
  DIARIZE_LIMITS,
  layOut,
  mapTurnsBack,
  readCompactSpeech,
  uncertainSpans,
} from '../../dubbing/diarize-input.js';
import type { Stage } from '../types.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { SPEECH_SAMPLE_RATE } from './speech-rate.js';
import { nameSpeakers } from '../../dubbing/speaker-overlap.js';
import type { SpeakerTurns, TranslateDeps, TranslateRequest } from './types.js';
import { plannedEngineOf, plannedStep } from './planned-step.js';

/** transcribing: who speaks when, so each speaker gets a voice of their own (lines get speakers by overlap, lines.ts). */
export function diarizeStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'diarize',
    label: 'Telling speakers apart',
    status: 'transcribing',
    weight: 1,
    skip: (input) => {
      if (input.request.speaker_number?.max === 1) return 'speaker_number.max is 1: one speaker';
      if (skippableOutput(input.outputs, 'read-subtitles')?.speakersNamed) return 'the subtitles name the speakers';
      return plannedStep(input, deps.engines, 'diarize')?.skipped;
    },
    async run(input, ctx) {
      const { request, outputs } = input;
      const prepared = translateOutput(outputs, 'prepare-media');
      // The lines to label: the recognizer's segments, or the given subtitles' cues, or those read on screen.
      const lines =
        skippableOutput(outputs, 'transcribe')?.segments ??
        skippableOutput(outputs, 'read-subtitles')?.cues ??
        skippableOutput(outputs, 'read-screen-text')?.cues ??
        [];
      const regions = lines.map(({ startMs, endMs }) => ({ startMs, endMs }));
      const diarizer = deps.engines.planned(
        'diarizers',
        plannedEngineOf(input, deps.engines, 'diarize'),
        'Telling speakers apart',
      );
      if (regions.length === 0) return { turns: [], diarizer: diarizer.title, uncertain: [] } satisfies SpeakerTurns;
      // The diarizer hears the lines laid end to end (bounded memory), and its turns are mapped back.
      const chosen = chooseLines(regions);
      const layout = layOut(chosen, DIARIZE_LIMITS.gapMs);
      const samples = await readCompactSpeech(
        path.join(ctx.workDir, prepared.speechWav),
        layout,
        SPEECH_SAMPLE_RATE,
        DIARIZE_LIMITS.gapMs,
      );
      const heard = await diarizer.diarize(samples, SPEECH_SAMPLE_RATE, {
        speakers: request.speaker_number,
        regions: compactRegions(layout),
        signal: ctx.signal,
      });
      const turns = nameSpeakers(mapTurnsBack(heard, layout));
      // The close calls, for the quality report's speaker_uncertain items (lines not compared are not listed).
      const uncertain = uncertainSpans(turns);
      const speakers = new Set(turns.map((turn) => turn.speaker)).size;
      const bounds = request.speaker_number
        ? ` (speaker_number ${request.speaker_number.min ?? 1}..${request.speaker_number.max ?? 'any'})`
        : '';
      ctx.log(
        `${diarizer.title}, ${diarizer.quality} quality, told ${speakers} ` +
          `speaker${speakers === 1 ? '' : 's'} apart in ${regions.length} lines${bounds}`,
      );
      if (chosen.length < regions.length)
        ctx.log(
          `the ${chosen.length} longest lines were compared; each other line takes the speaker of the nearest one`,
        );
      if (uncertain.length)
        ctx.log(
          `the speaker of ${uncertain.length} line${uncertain.length === 1 ? ' is' : 's is'} ` +
            `uncertain: the voices lie near the margin that tells them apart`,
        );
      return { turns, diarizer: diarizer.title, engine: diarizer.title, uncertain } satisfies SpeakerTurns;
    },
  };
}
