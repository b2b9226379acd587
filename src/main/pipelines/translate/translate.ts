import { languagePart } from '../../../shared/languages.js';
import { needsTranslation } from '../../requests/job-specs.js';
import type { Stage } from '../types.js';
import type { CueList, TranslateDeps, TranslateRequest } from './types.js';

/** translating: final translations pass through; otherwise the translation engine translates every line, with the glossaries. */
export function translateStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'translate',
    status: 'translating',
    async run({ request, outputs }, ctx) {
      const transcript = outputs.transcribe as CueList;
      const target = languagePart(request.target_language);
      if (!needsTranslation(request)) {
        ctx.log(request.subtitle_usage_type === 'final_translated' ? 'subtitles are the final translation: no machine translation' : `speech is already in ${target}: no machine translation`);
        return { language: target, cues: transcript.cues } satisfies CueList;
      }
      const translator = deps.engines.requireTranslator(transcript.language, target);
      const glossary = (request.glossary_ids ?? []).flatMap((id) => deps.glossaries.get(id)?.entries ?? []);
      const texts = await translator.translate({
        texts: transcript.cues.map((cue) => cue.text), sourceLanguage: transcript.language, targetLanguage: target,
        glossary, userPrompt: request.user_prompt, signal: ctx.signal, onProgress: ctx.progress,
      });
      ctx.log(`translated ${texts.length} lines ${transcript.language} -> ${target} with ${translator.id}${glossary.length ? `, ${glossary.length} glossary terms` : ''}`);
      return { language: target, cues: transcript.cues.map((cue, i) => ({ ...cue, text: texts[i] ?? '' })) } satisfies CueList;
    },
  };
}
