import path from 'node:path';
import type { Stage } from '../types.js';
import type { CueList, TranslateDeps, TranslateRequest } from './types.js';
import { translateOutput } from './outputs.js';
import { DEFAULT_SPEAKER, sourceLanguageOf } from './lines.js';

/** transcribing: the speech-recognition engine makes the transcript; given subtitles are the lines instead (lines.ts). */
export function transcribeStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'transcribe',
    label: 'Transcribing',
    status: 'transcribing',
    skip: ({ request }) => (request.subtitle_url ? 'the lines come from the given subtitles' : undefined),
    async run({ request, outputs }, ctx) {
      const sourceLanguage = sourceLanguageOf(request);
      const prepared = translateOutput(outputs, 'prepare-media');
      const transcript = await deps.engines.requireSpeechRecognizer().transcribe(path.join(ctx.workDir, prepared.speechWav), {
        language: sourceLanguage === 'auto' ? undefined : sourceLanguage, signal: ctx.signal, onProgress: ctx.progress,
      });
      const cues = transcript.segments.map((segment, index) => ({ index: index + 1, ...segment, speaker: segment.speaker ?? DEFAULT_SPEAKER }));
      ctx.log(`transcribed ${cues.length} lines (${transcript.language})`);
      return { language: transcript.language, cues } satisfies CueList;
    },
  };
}
