import path from 'node:path';
import { findLanguage, languagePart } from '../../../shared/languages.js';
import type { Stage } from '../types.js';
import { givenLinesSource, LINES_GIVEN_BY } from '../../plans/translate/given-lines.js';
import { sourceLanguageOf } from './lines.js';
import { noSpeechError, requireSpeechRegions } from './no-speech.js';
import { skippableOutput, translateOutput } from './outputs.js';
import type { RecognizedSpeech, TranslateDeps, TranslateRequest } from './types.js';
import { plannedEngineOf, replannedForLanguage } from './planned-step.js';
import { jobGlossaryEntries } from './job-glossaries.js';

/** transcribing: the speech recognizer writes what is said where speech was detected; given subtitles are the lines instead. */
export function transcribeStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'transcribe',
    label: 'Transcribing',
    status: 'transcribing',
    weight: 3,
    skip: ({ request }) => {
      const given = givenLinesSource(request);
      return given ? LINES_GIVEN_BY[given] : undefined;
    },
    async run(input, ctx) {
      const { request, outputs } = input;
      const prepared = translateOutput(outputs, 'prepare-media');
      const regions = requireSpeechRegions(skippableOutput(outputs, 'detect-speech'), prepared.media.name);
      const given = sourceLanguageOf(request);
      const language = given !== 'auto' ? given : skippableOutput(outputs, 'identify-language')?.language;
      let recognizer = deps.engines.planned(
        'speechRecognizers',
        plannedEngineOf(input, deps.engines, 'transcribe'),
        'Transcribing the speech',
      );
      if (language && !recognizer.supports(language)) {
        // The plan left the recognizer to the identified language; the planner picks it now.
        recognizer = deps.engines.planned(
          'speechRecognizers',
          replannedForLanguage(input, deps.engines, 'transcribe', language),
          'Transcribing the speech',
        );
        ctx.log(`the plan left the recognizer to the identified language: ${recognizer.title}`);
      }
      ctx.log(
        `transcribing ${language ? `${findLanguage(language)?.name ?? language} speech` : 'the speech (the recognizer detects its language)'} ` +
          `with ${recognizer.title}, ${recognizer.quality} quality`,
      );
      const transcript = await recognizer.transcribe(path.join(ctx.workDir, prepared.speechWav), {
        language,
        regions,
        signal: ctx.signal,
        onProgress: ctx.progress,
      });
      const segments = transcript.segments.filter((segment) => segment.text.trim().length > 0);
      if (segments.length === 0)
        throw noSpeechError(prepared.media.name, `${recognizer.title} recognized no words in it`);
      const recognized = languagePart(transcript.language || language || 'auto');
      // A recognizer that detected the language has just told the pair: a glossary of another one fails the job.
      if (!language) await jobGlossaryEntries(ctx.workDir, request, recognized);
      const words = segments.reduce(
        (sum, segment) => sum + (segment.words?.length ?? segment.text.trim().split(/\s+/u).length),
        0,
      );
      ctx.log(
        `transcribed ${segments.length} segment${segments.length === 1 ? '' : 's'}, ` +
          `about ${words} words (${findLanguage(recognized)?.name ?? recognized})`,
      );
      return {
        language: recognized,
        segments,
        recognizer: recognizer.title,
        engine: recognizer.title,
      } satisfies RecognizedSpeech;
    },
  };
}
