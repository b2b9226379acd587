import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { languagePart } from '../../../shared/languages.js';
import { parseSrt } from '../../media/srt.js';
import { stagedPath, type StagedInput } from '../fetch-inputs.js';
import type { Stage } from '../types.js';
import type { CueList, DubCue, TranslateDeps, TranslateRequest, PreparedMedia } from './types.js';

/** Lines without a `<v Speaker>` tag belong to one default speaker. */
export const DEFAULT_SPEAKER = 'Speaker 1';

/** transcribing: the supplied SRT's cues are the transcript; without one the speech-recognition engine makes it. */
export function transcribeStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'transcribe',
    status: 'transcribing',
    async run({ request, outputs }, ctx) {
      const inputs = outputs['fetch-inputs']!.inputs as Record<string, StagedInput>;
      const subtitle = inputs.subtitle_url;
      const sourceLanguage = request.source_language && request.source_language !== 'auto' ? languagePart(request.source_language) : 'auto';
      if (subtitle) {
        const cues: DubCue[] = parseSrt(await readFile(stagedPath(ctx.workDir, subtitle)))
          .filter((cue) => cue.text.trim().length > 0)
          .map((cue) => ({ index: cue.index, startMs: cue.startMs, endMs: cue.endMs, text: cue.text, speaker: cue.speaker ?? DEFAULT_SPEAKER }));
        const speakers = new Set(cues.map((cue) => cue.speaker));
        ctx.log(`${cues.length} lines from ${subtitle.name}, ${speakers.size} speaker${speakers.size === 1 ? '' : 's'} (${[...speakers].join(', ')})`);
        const language = request.subtitle_usage_type === 'final_translated' ? languagePart(request.target_language) : sourceLanguage;
        return { language, cues } satisfies CueList;
      }
      const prepared = outputs['prepare-media'] as PreparedMedia;
      const transcript = await deps.engines.requireSpeechRecognizer().transcribe(path.join(ctx.workDir, prepared.speechWav), {
        language: sourceLanguage === 'auto' ? undefined : sourceLanguage, signal: ctx.signal, onProgress: ctx.progress,
      });
      const cues = transcript.segments.map((segment, index) => ({ index: index + 1, ...segment, speaker: segment.speaker ?? DEFAULT_SPEAKER }));
      ctx.log(`transcribed ${cues.length} lines (${transcript.language})`);
      return { language: transcript.language, cues } satisfies CueList;
    },
  };
}
