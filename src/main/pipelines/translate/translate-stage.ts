import { findLanguage, languagePart } from '../../../shared/languages.js';
import type { TaskWarning } from '../../../shared/schemas/jobs.js';
import { translateEnforcingGlossary } from '../../engines/mt/glossary-enforcement.js';
import { followsUserPrompt, givenUserPrompt, userPromptNotUsedWarning } from '../../engines/mt/user-prompt.js';
import { formatSrtTime } from '../../media/srt.js';
import type { Stage } from '../types.js';
import { knownSourceLanguage, spokenLines } from './lines.js';
import { maxCharsFor } from '../../dubbing/speech-budget.js';
import type { CueList, DubCue, TranslateDeps, TranslateRequest } from './types.js';
import { plannedEngineOf, replannedForLanguage } from './planned-step.js';
import { jobGlossaryEntries } from './job-glossaries.js';

const languageName = (code: string) => findLanguage(code)?.name ?? code;

function glossaryWarning(cue: DubCue, source: string, target: string): TaskWarning {
  return {
    code: 'glossary_term_missing',
    cue: cue.index,
    start: cue.startMs / 1000,
    end: cue.endMs / 1000,
    message:
      `Cue ${cue.index} (${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}): the ` +
      `translation lacks the glossary's '${target}' for '${source}', even after a second try; ` +
      `check that line.`,
  };
}

/**
 * translating: each line translated with the glossaries, as short as its time allows; skipped when the lines are
 * already in the target language.
 */
export function translateStage(deps: TranslateDeps): Stage<TranslateRequest> {
  return {
    name: 'translate',
    label: 'Translating',
    status: 'translating',
    weight: 1,
    skip: ({ request, outputs }) => {
      if (request.subtitle_url && request.subtitle_usage_type === 'final_translated')
        return 'the subtitles are the final translation';
      const source = knownSourceLanguage(request, outputs);
      const target = languagePart(request.target_language);
      return source === target ? `the speech is already in ${languageName(target)}` : undefined;
    },
    async run(input, ctx) {
      const { request } = input;
      const transcript = await spokenLines(input, ctx);
      const target = languagePart(request.target_language);
      // A glossary of another pair fails the job before a translator is chosen for the pair.
      const glossary = await jobGlossaryEntries(ctx.workDir, request, transcript.language);
      let translator = deps.engines.planned(
        'translators',
        plannedEngineOf(input, deps.engines, 'translate'),
        'Translating the lines',
      );
      if (!translator.supports(transcript.language, target)) {
        // With source_language auto the pair is known only now: the planner picks for it, or names the model to install.
        translator = deps.engines.planned(
          'translators',
          replannedForLanguage(input, deps.engines, 'translate', transcript.language),
          'Translating the lines',
        );
        ctx.log(`the plan left the translator to the detected pair: ${translator.title}`);
      }
      ctx.log(
        `translating ${transcript.cues.length} lines ${languageName(transcript.language)} ` +
          `-> ${languageName(target)} with ${translator.title}, ${translator.quality} ` +
          `quality${glossary.length ? `, ${glossary.length} glossary terms` : ''}`,
      );
      const { texts, misses } = await translateEnforcingGlossary(
        translator,
        {
          texts: transcript.cues.map((cue) => cue.text),
          sourceLanguage: transcript.language,
          targetLanguage: target,
          maxChars: transcript.cues.map((cue) => maxCharsFor(cue.endMs - cue.startMs, target)),
          glossary,
          userPrompt: request.user_prompt,
          signal: ctx.signal,
          onProgress: ctx.progress,
        },
        ctx.log,
      );
      if (givenUserPrompt(request.user_prompt) && !followsUserPrompt(translator.id))
        ctx.warn(userPromptNotUsedWarning(translator.title));
      for (const miss of misses) {
        const cue = transcript.cues[miss.line - 1];
        if (cue) ctx.warn(glossaryWarning(cue, miss.source, miss.target));
      }
      // Rule-based engines leave doubled spaces where they dropped a word; line breaks stay.
      const tidy = (text: string | undefined) => (text ?? '').replace(/[ \t]{2,}/gu, ' ').trim();
      return {
        language: target,
        cues: transcript.cues.map((cue, i) => ({ ...cue, text: tidy(texts[i]) })),
        engine: translator.title,
      } satisfies CueList;
    },
  };
}
