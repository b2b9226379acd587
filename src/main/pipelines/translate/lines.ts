// Where the dub's lines come from: transcription is skipped when subtitles are given, translation when the lines
// are already in the target language, so later stages ask here instead of reading one stage's output.
import { readFile } from 'node:fs/promises';
import { languagePart } from '../../../shared/languages.js';
import { describeEncoding, readSrt, speakableText } from '../../media/srt.js';
import { stagedPath } from '../fetch-inputs-stage.js';
import type { StageContext, StageInput } from '../types.js';
import { translateOutput } from './outputs.js';
import type { CueList, DubCue, TranslateRequest } from './types.js';

/** Lines without a `<v Speaker>` tag belong to one default speaker. */
export const DEFAULT_SPEAKER = 'Speaker 1';

/** The request's source language part, or 'auto' when it is to be detected. */
export function sourceLanguageOf(request: TranslateRequest): string {
  return request.source_language && request.source_language !== 'auto' ? languagePart(request.source_language) : 'auto';
}

/** The given subtitles' cues, in the target language when they are the final translation. */
async function givenLines({ request, outputs }: StageInput<TranslateRequest>, ctx: Pick<StageContext, 'workDir' | 'log'>): Promise<CueList> {
  const subtitle = translateOutput(outputs, 'fetch-inputs').inputs.subtitle_url;
  if (!subtitle) throw new Error('Transcription was skipped, but the job has no subtitles to read the lines from.');
  const file = readSrt(await readFile(stagedPath(ctx.workDir, subtitle)));
  ctx.log(`${subtitle.name}: encoding ${describeEncoding(file)}`);
  for (const dropped of file.dropped) ctx.log(dropped);
  // A cue of only tags (`{\an8}`, `<i></i>`) has nothing to say.
  const cues: DubCue[] = file.cues
    .filter((cue) => speakableText(cue.text).length > 0)
    .map((cue) => ({ index: cue.index, startMs: cue.startMs, endMs: cue.endMs, text: cue.text, speaker: cue.speaker ?? DEFAULT_SPEAKER }));
  const speakers = new Set(cues.map((cue) => cue.speaker));
  ctx.log(`${cues.length} lines from ${subtitle.name}, ${speakers.size} speaker${speakers.size === 1 ? '' : 's'} (${[...speakers].join(', ')})`);
  const language = request.subtitle_usage_type === 'final_translated' ? languagePart(request.target_language) : sourceLanguageOf(request);
  return { language, cues };
}

/** The lines as spoken: transcribed, or the given subtitles' when transcription was skipped. */
export async function spokenLines(input: StageInput<TranslateRequest>, ctx: Pick<StageContext, 'workDir' | 'log'>): Promise<CueList> {
  return input.outputs.transcribe ? translateOutput(input.outputs, 'transcribe') : givenLines(input, ctx);
}

/** The lines to speak in the target language: translated, or the spoken lines when translation was skipped. */
export async function dubLines(input: StageInput<TranslateRequest>, ctx: Pick<StageContext, 'workDir' | 'log'>): Promise<CueList> {
  if (input.outputs.translate) return translateOutput(input.outputs, 'translate');
  const spoken = await spokenLines(input, ctx);
  return { language: languagePart(input.request.target_language), cues: spoken.cues };
}
