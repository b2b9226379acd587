import { Type, type Static } from 'typebox';
import { StrictObject, UrlString } from './common.js';
import { PlanStepSchema } from './job-plan.js';
import { TranslateRequestSchema } from './jobs.js';

// POST /v1/media/translate/plan (local addition): which engine each step of a translate-and-dub request would use.

/** The create request's fields, checked the same way; nothing is fetched, so media_url may be left out. */
export const TranslatePlanRequestSchema = StrictObject(
  {
    ...TranslateRequestSchema.properties,
    media_url: Type.Optional(UrlString('Not fetched; may be left out.')),
    subtitle_url: Type.Optional(UrlString('Not fetched: only whether it is given matters.')),
  },
  { $id: 'TranslatePlanRequest' },
);
export type TranslatePlanRequest = Static<typeof TranslatePlanRequestSchema>;

export const TranslatePlanSchema = Type.Object(
  {
    steps: Type.Array(PlanStepSchema, {
      description: 'In the order the job runs them; exactly one of engine, skipped, missing each.',
    }),
  },
  { $id: 'TranslatePlan' },
);
export type TranslatePlan = Static<typeof TranslatePlanSchema>;
