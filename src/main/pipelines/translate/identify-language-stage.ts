import path from 'node:path';
import { findLanguage, languagePart } from '../../../shared/languages.js';
import type { Stage } from '../types.js';
import { requireSpeechRegions } from './no-speech.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { SPEECH_SAMPLE_RATE } from './speech-rate.js';
import { readAnalysisSpeech } from '../../dubbing/speaker-pitch.js';
import type { DubCue, IdentifiedSpeechLanguage, TranslateDeps, TranslateRequest } from './types.js';
import type { SpeechRegion } from '../../engines/vad/types.js';
import { plannedEngineOf, plannedStep } from './planned-step.js';
import { jobGlossaryEntries } from './job-glossaries.js';

/** Half a minute of speech names the language reliably (Whisper's own window). */
export const IDENTIFY_SPEECH_MS = 30_000;

/** The first IDENTIFY_SPEECH_MS of speech, as spans of the speech track (the whole start when no regions are known). */
export function identificationSpans(regions: readonly SpeechRegion[] | undefined, durationMs: number): DubCue[] {
  const spans = regions?.length ? regions : [{ startMs: 0, endMs: durationMs }];
  const picked: DubCue[] = [];
  let total = 0;
  for (const region of spans) {
    if (total >= IDENTIFY_SPEECH_MS) break;
    const endMs = Math.min(region.endMs, region.startMs + IDENTIFY_SPEECH_MS - total);
    picked.push({ index: picked.length + 1, startMs: region.startMs, endMs, text: '', speaker: 'speech' });
    total += endMs - region.startMs;
  }
  return picked;
}

/** transcribing: which language is spoken (source_language auto), from the first half minute of speech. */
export function identifyLanguageStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'identify-language',
    label: 'Identifying the language',
    status: 'transcribing',
    weight: 0.3,
    // The plan decides: given language, final translation, or a recognizer that detects it while it transcribes.
    skip: (input) => plannedStep(input, deps.engines, 'identify-language')?.skipped,
    async run(input, ctx) {
      const { outputs } = input;
      const prepared = translateOutput(outputs, 'prepare-media');
      // The subtitles' cues say where the speech is; without them the detected speech must not be empty.
      const given = skippableOutput(outputs, 'read-subtitles')?.cues;
      const regions = given ?? requireSpeechRegions(skippableOutput(outputs, 'detect-speech'), prepared.media.name);
      const identifier = deps.engines.planned(
        'languageIdentifiers',
        plannedEngineOf(input, deps.engines, 'identify-language'),
        'Identifying the spoken language',
      );
      const spans = identificationSpans(regions, prepared.media.durationSec * 1000);
      const { speech } = await readAnalysisSpeech(
        path.join(ctx.workDir, prepared.speechWav),
        spans,
        SPEECH_SAMPLE_RATE,
      );
      const found = await identifier.identify(speech, SPEECH_SAMPLE_RATE, { signal: ctx.signal });
      const language = languagePart(found.language);
      ctx.log(
        `${identifier.title} identified the language ` +
          `as ${findLanguage(language)?.name ?? language} (${Math.round(found.confidence * 100)} %) ` +
          `from ${(speech.length / SPEECH_SAMPLE_RATE).toFixed(1)} s of speech`,
      );
      // Now the pair is known: a glossary of another one fails the job before transcription.
      await jobGlossaryEntries(ctx.workDir, input.request, language);
      return {
        language,
        confidence: found.confidence,
        identifier: identifier.title,
        engine: identifier.title,
      } satisfies IdentifiedSpeechLanguage;
    },
  };
}
