// The last stage of every kind: measures the finished result (its frames, its mixed audio) and writes the quality
// report the task carries once it is done (docs/api.md "Quality report").
import type { JobStatus } from '../../shared/jobs.js';
import type { QualityReport, ReviewItem } from '../../shared/schemas/quality.js';
import type { Stage, StageContext, StageInput, StageOutput } from './types.js';

/** A status record stays small: the first places to review are listed, the rest counted (the log names all). */
export const MAX_REVIEW_ITEMS = 100;

/** The stage's name: the runner reads the report from its output. */
export const QUALITY_STAGE = 'check-quality';

export interface QualityStageOutput extends StageOutput {
  quality: QualityReport;
}

/** The report a pipeline's stage outputs hold, if its quality stage has run. */
export function qualityOf(outputs: Record<string, StageOutput>): QualityReport | undefined {
  return (outputs[QUALITY_STAGE] as QualityStageOutput | undefined)?.quality;
}

/** Review items in time order; items on the same span and line are one item with every reason. */
export function sortedReview(items: readonly ReviewItem[]): ReviewItem[] {
  const merged = new Map<string, ReviewItem>();
  for (const item of items) {
    const key = `${item.start.toFixed(3)}|${item.end.toFixed(3)}|${item.line ?? ''}`;
    const earlier = merged.get(key);
    if (!earlier) {
      merged.set(key, { ...item, reasons: [...new Set(item.reasons)] });
      continue;
    }
    earlier.reasons = [...new Set([...earlier.reasons, ...item.reasons])];
    earlier.detail = `${earlier.detail}; ${item.detail}`;
  }
  return [...merged.values()].sort((a, b) => a.start - b.start || a.end - b.end || (a.line ?? 0) - (b.line ?? 0));
}

/** A kind's quality stage around its measuring function; it runs last, after the result is made. */
export function qualityStage<Request>(
  status: JobStatus,
  measure: (input: StageInput<Request>, ctx: StageContext) => Promise<QualityReport>,
): Stage<Request> {
  return {
    name: QUALITY_STAGE,
    label: 'Checking the result',
    status,
    weight: 0.3,
    async run(input, ctx) {
      const quality = await measure(input, ctx);
      const review = sortedReview(quality.review);
      ctx.log(`quality: ${review.length} place${review.length === 1 ? '' : 's'} to review`);
      for (const item of review)
        ctx.log(
          `review ${item.start.toFixed(2)}-${item.end.toFixed(2)} s (${item.reasons.join(', ')}): ${item.detail}`,
        );
      const omitted = review.length - MAX_REVIEW_ITEMS;
      const listed = {
        ...quality,
        review: review.slice(0, MAX_REVIEW_ITEMS),
        ...(omitted > 0 ? { review_omitted: omitted } : {}),
      };
      return { quality: listed } satisfies QualityStageOutput;
    },
  };
}
