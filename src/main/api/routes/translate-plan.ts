import { TranslatePlanRequestSchema, TranslatePlanSchema, type TranslatePlan } from '../../../shared/schemas/translate-plan.js';
import { modelIdsToInstall } from '../../engines/missing-model.js';
import type { PlanStep, PlanStepName } from '../../pipelines/translate/engine-plan.js';
import type { TranslateRequest } from '../../pipelines/translate/types.js';
import type { App } from '../app-types.js';

/** What the create form shows for each step, in a user's words. */
export const PLAN_STEP_LABELS: Record<PlanStepName, string> = {
  'detect-speech': 'Finding the speech',
  'identify-language': 'Identifying the language',
  'read-screen-text': 'Reading on-screen subtitles',
  transcribe: 'Transcribing',
  diarize: 'Telling speakers apart',
  translate: 'Translating',
  speak: 'Voicing the translation',
  separate: 'Separating speech from music',
  'erase-subtitles': 'Erasing the original subtitles',
};

export interface TranslatePlanRoutesOptions {
  /** pipelines/translate/engine-plan.ts over the core's engines: cheap, nothing fetched or queued. */
  plan(request: TranslateRequest): readonly PlanStep[];
}

/** The plan as the API answers it: a missing model as its code, message and the catalogue ids to install. */
export function planBody(steps: readonly PlanStep[]): TranslatePlan {
  return {
    steps: steps.map(({ step, engine, skipped, missing, note, better }) => ({
      step,
      label: PLAN_STEP_LABELS[step] ?? step,
      ...(engine ? { engine: { id: engine.id, title: engine.title, quality: engine.quality, ...(engine.expectation ? { expectation: engine.expectation } : {}) } } : {}),
      ...(better ? { better_model: { id: better.id, title: better.title } } : {}),
      ...(skipped ? { skipped } : {}),
      ...(missing ? { missing: { code: missing.code, message: missing.message, model_ids: modelIdsToInstall(missing) } } : {}),
      ...(note ? { note } : {}),
    })),
  };
}

/** POST /v1/media/translate/plan (local addition): which engines a translate-and-dub request would use, before it is made. */
export async function translatePlanRoutes(app: App, { plan }: TranslatePlanRoutesOptions): Promise<void> {
  app.post('/v1/media/translate/plan', {
    schema: { body: TranslatePlanRequestSchema, response: { 200: TranslatePlanSchema } },
    config: {
      role: 'jobs',
      operationId: 'planTranslateJob',
      summary: 'The engines a translate request would use',
      description: 'For a translate and dub request (the create body; `media_url` may be left out), which engine each step would use, why a step is skipped, '
        + 'or the model a step misses with the catalogue ids that would install it. '
        + 'Nothing is fetched, checked beyond the schema or queued: a missing model is a step\'s `missing`, not an error answer, and the create call still checks languages, glossaries and inputs.',
    },
  // No step reads media_url, which a plan may leave out.
  }, async (request) => planBody(plan(request.body as TranslateRequest)));
}
