// Where the dub's lines come from: a project's lines in a task exported from it (inputs/project.json), transcribed
// and cut into cues (segment stage), or read from the given subtitles or from the subtitles burned in inside
// ocr_text_box (read-screen-text stage),
// with the diarizer's speakers when it ran; translated, or as spoken when the lines are already in the target
// language. Later stages ask here instead of reading one stage's output.
import { readFile } from 'node:fs/promises';
import { languagePart } from '../../../shared/languages.js';
import { describeEncoding, readSrt, speakableText } from '../../media/srt.js';
import { stagedPath } from '../staged-inputs.js';
import { readProjectSnapshot } from '../project-snapshot.js';
import type { StageContext, StageInput, StageOutput } from '../types.js';
import { skippableOutput, translateOutput } from './outputs.js';
import { speakerByOverlap } from '../../dubbing/speaker-overlap.js';
import type { CueList, DubCue, GivenLines, TranslateRequest } from './types.js';

/** Lines without a `<v Speaker>` tag belong to one default speaker. */
export const DEFAULT_SPEAKER = 'Speaker 1';

/** The request's source language part, or 'auto' when it is to be detected. */
export function sourceLanguageOf(request: TranslateRequest): string {
  return request.source_language && request.source_language !== 'auto' ? languagePart(request.source_language) : 'auto';
}

/** The language of the speech as known so far: given, identified, or recognized; 'auto' while unknown. */
export function knownSourceLanguage(request: TranslateRequest, outputs: Record<string, StageOutput>): string {
  const given = sourceLanguageOf(request);
  if (given !== 'auto') return given;
  return (
    skippableOutput(outputs, 'identify-language')?.language ??
    skippableOutput(outputs, 'read-screen-text')?.language ??
    skippableOutput(outputs, 'transcribe')?.language ??
    'auto'
  );
}

/** Reads the given subtitles' cues (the read-subtitles stage), in the target language when they are the final translation. */
export async function readGivenLines(
  { request, outputs }: StageInput<TranslateRequest>,
  ctx: Pick<StageContext, 'workDir' | 'log'>,
): Promise<GivenLines> {
  const subtitle = translateOutput(outputs, 'fetch-inputs').inputs.subtitle_url;
  if (!subtitle) throw new Error('The job has no subtitles to read the lines from.');
  const file = readSrt(await readFile(stagedPath(ctx.workDir, subtitle)));
  ctx.log(`${subtitle.name}: encoding ${describeEncoding(file)}`);
  for (const dropped of file.dropped) ctx.log(dropped);
  // A cue of only tags (`{\an8}`, `<i></i>`) has nothing to say.
  const spoken = file.cues.filter((cue) => speakableText(cue.text).length > 0);
  const cues: DubCue[] = spoken.map((cue) => ({
    index: cue.index,
    startMs: cue.startMs,
    endMs: cue.endMs,
    text: cue.text,
    speaker: cue.speaker ?? DEFAULT_SPEAKER,
  }));
  const speakersNamed = spoken.some((cue) => cue.speaker !== undefined);
  const speakers = new Set(cues.map((cue) => cue.speaker));
  ctx.log(
    `${cues.length} lines ` +
      `from ${subtitle.name}, ${speakersNamed ? `${speakers.size} speaker${speakers.size === 1 ? '' : 's'} (${[...speakers].join(', ')})` : 'no speakers named'}`,
  );
  const language =
    request.subtitle_usage_type === 'final_translated'
      ? languagePart(request.target_language)
      : sourceLanguageOf(request);
  return { language, cues, speakersNamed };
}

/**
 * The given lines (subtitles, or those read on screen) with the diarizer's speakers (when it ran) and the identified
 * language (when it was auto).
 */
async function givenLines(
  input: StageInput<TranslateRequest>,
  ctx: Pick<StageContext, 'workDir' | 'log'>,
): Promise<CueList> {
  const given =
    skippableOutput(input.outputs, 'read-screen-text') ??
    skippableOutput(input.outputs, 'read-subtitles') ??
    (await readGivenLines(input, ctx));
  const turns = skippableOutput(input.outputs, 'diarize')?.turns ?? [];
  const cues = turns.length
    ? given.cues.map((cue) => ({ ...cue, speaker: speakerByOverlap(cue, turns) ?? cue.speaker }))
    : given.cues;
  const language = given.language === 'auto' ? knownSourceLanguage(input.request, input.outputs) : given.language;
  return { language, cues };
}

/** The lines as spoken: the project's (as proofread), the transcript's cues, or the given subtitles' when transcription was skipped. */
export async function spokenLines(
  input: StageInput<TranslateRequest>,
  ctx: Pick<StageContext, 'workDir' | 'log'>,
): Promise<CueList> {
  const project = await readProjectSnapshot(ctx.workDir);
  if (project) {
    const cues = project.lines.map((line) => ({
      index: line.index,
      startMs: line.startMs,
      endMs: line.endMs,
      text: line.sourceText,
      speaker: line.speaker ?? DEFAULT_SPEAKER,
    }));
    return { language: knownSourceLanguage(input.request, input.outputs), cues };
  }
  return skippableOutput(input.outputs, 'segment') ?? givenLines(input, ctx);
}

/** The lines to speak in the target language: the project's, translated, or the spoken lines when translation was skipped. */
export async function dubLines(
  input: StageInput<TranslateRequest>,
  ctx: Pick<StageContext, 'workDir' | 'log'>,
): Promise<CueList> {
  const project = await readProjectSnapshot(ctx.workDir);
  if (project) {
    const cues = project.lines.map((line) => ({
      index: line.index,
      startMs: line.startMs,
      endMs: line.endMs,
      text: line.targetText,
      speaker: line.speaker ?? DEFAULT_SPEAKER,
      ...(line.voiceId ? { voiceId: line.voiceId } : {}),
    }));
    return { language: languagePart(input.request.target_language), cues };
  }
  if (input.outputs.translate) return translateOutput(input.outputs, 'translate');
  const spoken = await spokenLines(input, ctx);
  return { language: languagePart(input.request.target_language), cues: spoken.cues };
}
