import {
  TranslatePlanRequestSchema,
  TranslatePlanSchema,
  type TranslatePlan,
} from '../../../shared/schemas/translate-plan.js';
import { planStepBody, type PlanStep } from '../../plans/job-plan.js';
import type { TranslateRequest } from '../../pipelines/translate/types.js';
import type { App } from '../app-types.js';

export interface TranslatePlanRoutesOptions {
  /** plans/translate-plan.ts over the core's engines: cheap, nothing fetched or queued; a create stores the same plan. */
  plan(request: TranslateRequest): readonly PlanStep[];
}

/** The plan as the API answers it: a missing model as its code, message and the catalogue ids to install. */
export function planBody(steps: readonly PlanStep[]): TranslatePlan {
  return { steps: steps.map(planStepBody) };
}

/** POST /v1/media/translate/plan (local addition): which engines a translate-and-dub request would use, before it is made. */
export async function translatePlanRoutes(app: App, { plan }: TranslatePlanRoutesOptions): Promise<void> {
  app.post(
    '/v1/media/translate/plan',
    {
      schema: { body: TranslatePlanRequestSchema, response: { 200: TranslatePlanSchema } },
      config: {
        role: 'jobs',
        operationId: 'planTranslateJob',
        summary: 'The engines a translate request would use',
        description:
          'For a translate and dub request (the create body; `media_url` may be left out), which ' +
          'engine each step would use, why a step is skipped, ' +
          'or the model a step misses with the catalogue ids that would install it. It is made by ' +
          'the same function as the plan a create call stores with its task (GET /v1/tasks/{task_id} `plan`). ' +
          "Nothing is fetched, checked beyond the schema or queued: a missing model is a step's " +
          '`missing`, not an error answer, and the create call still checks languages, glossaries ' +
          'and inputs.',
      },
      // No step reads media_url, which a plan may leave out.
    },
    async (request) => planBody(plan(request.body as TranslateRequest)),
  );
}
