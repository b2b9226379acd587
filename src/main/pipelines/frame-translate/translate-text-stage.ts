import { findLanguage, languagePart } from '../../../shared/languages.js';
import { translateEnforcingGlossary } from '../../engines/mt/glossary-enforcement.js';
import { followsUserPrompt, givenUserPrompt, userPromptNotUsedWarning } from '../../engines/mt/user-prompt.js';
import { glossaryEntriesFor } from '../../requests/glossary-pairs.js';
import { readJobResources } from '../../requests/resource-snapshot.js';
import type { TranslateDeps } from '../translate/types.js';
import type { Stage } from '../types.js';
import { frameTranslateOutput } from './outputs.js';
import { joinWords } from '../../engines/ocr/tesseract-lines.js';
import { groupTextLines } from './text-blocks.js';
import type { FrameTranslateRequest, TextBlock, TranslatedScreenText } from './types.js';
import { plannedFrameEngine } from './planned-step.js';

const languageName = (code: string) => findLanguage(code)?.name ?? code;

/** processing: each block of on-screen text translated as one sentence, with the job's glossaries and prompt. */
export function translateTextStage(deps: Pick<TranslateDeps, 'engines'>): Stage<FrameTranslateRequest> {
  return {
    name: 'translate-text',
    label: 'Translating the text',
    status: 'processing',
    weight: 1,
    async run(input, ctx) {
      const { request, outputs } = input;
      const found = frameTranslateOutput(outputs, 'find-text');
      const source = found.language;
      const target = languagePart(request.target_language);
      const groups = groupTextLines(found.events);
      const sourceTexts = groups.map((group) => joinWords(group.lines.map((line) => line.text)));
      const glossary = glossaryEntriesFor(
        (await readJobResources(ctx.workDir, request)).glossaries,
        source,
        request.target_language,
      );
      let targetTexts = sourceTexts;
      let translatorTitle = 'none (the text is already in the target language)';
      if (source !== target) {
        const translator = deps.engines.planned(
          'translators',
          plannedFrameEngine(input, deps.engines, 'translate-text'),
          'Translating the on-screen text',
        );
        translatorTitle = translator.title;
        ctx.log(
          `translating ${groups.length} text blocks ${languageName(source)} ` +
            `-> ${languageName(target)} with ${translator.title}, ${translator.quality} ` +
            `quality${glossary.length ? `, ${glossary.length} glossary terms` : ''}`,
        );
        const { texts, misses } = await translateEnforcingGlossary(
          translator,
          {
            texts: sourceTexts,
            sourceLanguage: source,
            targetLanguage: target,
            glossary,
            userPrompt: request.user_prompt,
            signal: ctx.signal,
            onProgress: ctx.progress,
          },
          ctx.log,
        );
        if (givenUserPrompt(request.user_prompt) && !followsUserPrompt(translator.id))
          ctx.warn(userPromptNotUsedWarning(translator.title));
        targetTexts = texts.map((text) => (text ?? '').replace(/[ \t]{2,}/gu, ' ').trim());
        targetTexts.forEach((text, i) => {
          if (text) return;
          const group = groups[i]!;
          ctx.warn({
            code: 'text_not_translated',
            cue: i + 1,
            start: group.startMs / 1000,
            end: group.endMs / 1000,
            message:
              `On-screen text ${i + 1} ('${sourceTexts[i]}') came back from ${translator.title} with no ` +
              `translation: it is left as it was, not erased.`,
          });
        });
        for (const miss of misses) {
          const group = groups[miss.line - 1];
          if (!group) continue;
          ctx.warn({
            code: 'glossary_term_missing',
            cue: miss.line,
            start: group.startMs / 1000,
            end: group.endMs / 1000,
            message:
              `On-screen text ${miss.line} ('${sourceTexts[miss.line - 1]}'): the translation lacks the ` +
              `glossary's '${miss.target}' for '${miss.source}', even after a second try.`,
          });
        }
      }
      const blocks: TextBlock[] = groups.map((group, i) => ({
        id: i + 1,
        startMs: group.startMs,
        endMs: group.endMs,
        box: group.box,
        lines: group.lines,
        sourceText: sourceTexts[i]!,
        targetText: targetTexts[i] ?? '',
      }));
      // Text already in the target language was translated by no engine: the stage names none.
      const engine = source !== target ? { engine: translatorTitle } : {};
      return {
        sourceLanguage: source,
        targetLanguage: target,
        frame: { width: found.frame.width, height: found.frame.height },
        blocks,
        translator: translatorTitle,
        ...engine,
      } satisfies TranslatedScreenText;
    },
  };
}
