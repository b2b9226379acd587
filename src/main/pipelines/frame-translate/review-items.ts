// The places of a visual translation worth a look, from the blocks as rendered and what was read again in the
// result. Pure: the stage gathers the reads and the glossary, this turns them into the report's numbers and items.
import type { QualityReport, ReviewItem } from '../../../shared/schemas/quality.js';
import { missingTerms } from '../../engines/mt/glossary-enforcement.js';
import type { GlossaryTerm } from '../../engines/mt/types.js';
import { isRedrawn, isUnchanged } from './redrawn-blocks.js';
import { REVIEW_CONFIDENCE } from '../../engines/ocr/video-text/text-acceptance.js';
import type { ReadTextEvent } from '../../engines/ocr/video-text/read-events.js';
import type { TextBlock } from './types.js';
import { showsOriginal } from '../../quality/frame-translate/shows-original.js';
import { STROKES_LEFT_LIMIT } from '../../quality/frame-translate/stroke-contrast.js';

/** One erased line of a redrawn block, and what the erase left in its box (before the translation is drawn). */
export interface ErasedLineRead {
  block: TextBlock;
  line: ReadTextEvent;
  /** What the job's recognizer reads there. */
  read: string;
  /** The share of the text's stroke contrast left there (stroke-contrast.ts); undefined when not measurable. */
  strokesLeft?: number | undefined;
}

const percent = (share: number): string => `${Math.round(share * 100)} %`;
const seconds = (ms: number): number => Math.max(0, ms / 1000);
const spanOf = (text: { startMs: number; endMs: number }) => ({
  start: seconds(text.startMs),
  end: seconds(text.endMs),
});

/** The erased lines of the rendered blocks, in the order the stage re-reads them. */
export function erasedLines(blocks: readonly TextBlock[]): { block: TextBlock; line: ReadTextEvent }[] {
  return blocks.filter(isRedrawn).flatMap((block) => block.lines.map((line) => ({ block, line })));
}

export function frameTranslateQuality(
  blocks: readonly TextBlock[],
  reads: readonly ErasedLineRead[],
  glossary: readonly GlossaryTerm[],
): QualityReport {
  const review: ReviewItem[] = [];
  let remaining = 0;
  for (const { block, line, read, strokesLeft } of reads) {
    const reads = showsOriginal(read, line.text, block.targetText);
    const strokes = strokesLeft !== undefined && strokesLeft > STROKES_LEFT_LIMIT;
    if (!reads && !strokes) continue;
    remaining++;
    const seen = [
      ...(reads ? [`still reads ('${read}')`] : []),
      ...(strokes
        ? [`keeps ${percent(strokesLeft)} of its stroke contrast (above ${percent(STROKES_LEFT_LIMIT)})`]
        : []),
    ].join(' and ');
    review.push({
      ...spanOf(line),
      line: block.id,
      reasons: ['text_remains'],
      text: reads ? read : line.text,
      detail: `The original '${line.text}' ${seen} where it was erased, under the '${block.targetText}' drawn over it.`,
    });
  }
  for (const block of blocks) {
    const where = { ...spanOf(block), line: block.id };
    if (isUnchanged(block) || block.targetText.trim() === '') {
      const why = isUnchanged(block) ? 'its translation is the same text' : 'the translator gave no translation';
      review.push({
        ...where,
        reasons: ['not_translated'],
        text: block.sourceText,
        detail: `'${block.sourceText}' is left as it was: ${why}.`,
      });
      continue;
    }
    const confidence = Math.min(...block.lines.map((line) => line.confidence));
    if (confidence < REVIEW_CONFIDENCE) {
      review.push({
        ...where,
        reasons: ['low_ocr_confidence'],
        text: block.sourceText,
        detail:
          `'${block.sourceText}' was read with ${percent(confidence)} confidence ` +
          `(below ${percent(REVIEW_CONFIDENCE)}) and replaced by '${block.targetText}': check it is ` +
          `what the video shows.`,
      });
    }
    for (const term of missingTerms(block.sourceText, block.targetText, glossary)) {
      review.push({
        ...where,
        reasons: ['glossary_missed'],
        text: block.targetText,
        detail: `'${block.targetText}' lacks the glossary's '${term.target}' for '${term.source}'.`,
      });
    }
  }
  return {
    review,
    texts: blocks.length,
    texts_unchanged: blocks.filter(isUnchanged).length,
    residual_text: reads.length === 0 ? 0 : remaining / reads.length,
  };
}
