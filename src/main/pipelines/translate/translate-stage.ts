import { findLanguage, languagePart } from '../../../shared/languages.js';
import { needsTranslation } from './needs-translation.js';
import { readJobResources } from '../../requests/resource-snapshot.js';
import type { Stage } from '../types.js';
import type { CueList, TranslateDeps, TranslateRequest } from './types.js';
import { spokenLines } from './lines.js';

/** translating: the translation engine translates every line, with the glossaries; skipped when the lines are already in the target language. */
export function translateStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'translate',
    label: 'Translating',
    status: 'translating',
    skip: ({ request }) => {
      if (needsTranslation(request)) return undefined;
      if (request.subtitle_url && request.subtitle_usage_type === 'final_translated') return 'the subtitles are the final translation';
      return `the speech is already in ${findLanguage(request.target_language)?.name ?? request.target_language}`;
    },
    async run(input, ctx) {
      const { request } = input;
      const transcript = await spokenLines(input, ctx);
      const target = languagePart(request.target_language);
      const translator = deps.engines.requireTranslator(transcript.language, target);
      const glossary = (await readJobResources(ctx.workDir, request)).glossaries.flatMap((snapshot) => snapshot.entries);
      const texts = await translator.translate({
        texts: transcript.cues.map((cue) => cue.text), sourceLanguage: transcript.language, targetLanguage: target,
        glossary, userPrompt: request.user_prompt, signal: ctx.signal, onProgress: ctx.progress,
      });
      ctx.log(`translated ${texts.length} lines ${transcript.language} -> ${target} with ${translator.id}${glossary.length ? `, ${glossary.length} glossary terms` : ''}`);
      return { language: target, cues: transcript.cues.map((cue, i) => ({ ...cue, text: texts[i] ?? '' })) } satisfies CueList;
    },
  };
}
