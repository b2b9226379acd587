import { Type, type Static } from 'typebox';
import { ERROR_CODES } from '../errors.js';
import { StringEnum } from './common.js';

// A job's plan: which engine each step runs, made once when the job is created and stored with its task
// (GET /v1/tasks/{task_id} `plan`); POST /v1/media/translate/plan answers the same steps before a job exists.

export const ENGINE_QUALITIES = ['draft', 'standard'] as const;

export const PlannedEngineSchema = Type.Object({
  id: Type.String({ description: 'The engine id of the capability table (GET /v1/capabilities, docs/models.md).' }),
  title: Type.String({ description: 'e.g. "Whisper base (ONNX)".' }),
  quality: StringEnum(ENGINE_QUALITIES, {
    description: 'draft: rule-based or small models whose output wants proofreading.',
  }),
  models: Type.Optional(
    Type.Array(Type.String(), {
      description:
        'The catalogue models the engine runs for this step, where the plan can name them; a ' +
        'retry fails model_not_installed naming one removed since.',
    }),
  ),
  expectation: Type.Optional(
    Type.String({
      description:
        "A draft engine's expected quality on real media, in a user's words, e.g. that the " +
        'English recogniser gets many words wrong on real recordings.',
    }),
  ),
});
export type PlannedEngineBody = Static<typeof PlannedEngineSchema>;

export const PlanStepSchema = Type.Object(
  {
    step: Type.String({ description: 'The step, e.g. transcribe, translate, speak, render.' }),
    label: Type.String({ description: 'What the GUI shows for it, e.g. Transcribing the speech.' }),
    engine: Type.Optional(PlannedEngineSchema),
    better_model: Type.Optional(
      Type.Object(
        {
          id: Type.String({ description: 'The catalogue id to install (POST /v1/models {id}).' }),
          title: Type.String(),
        },
        { description: 'A draft engine runs this step: the model, not installed yet, that would do better.' },
      ),
    ),
    skipped: Type.Optional(
      Type.String({ description: "Why the step has nothing to do for this request, in a user's words." }),
    ),
    missing: Type.Optional(
      Type.Object(
        {
          code: StringEnum(ERROR_CODES, {
            description:
              'The error the create request would answer: model_not_installed, or not_found / unsupported_language for a voice.',
          }),
          message: Type.String(),
          model_ids: Type.Array(Type.String(), {
            description:
              'Catalogue ids to install (POST /v1/models {id}), any one of them; empty when none this version runs.',
          }),
        },
        {
          description:
            'Only in an answer of POST /v1/media/translate/plan: a stored plan never misses an engine (the create call refuses).',
        },
      ),
    ),
    note: Type.Optional(
      Type.String({
        description:
          'What is decided only while the job runs, e.g. the translation pair once the language is detected, ' +
          'or what the engine will not do, e.g. that it does not follow user_prompt (the job then warns user_prompt_not_used).',
      }),
    ),
  },
  { $id: 'PlanStep' },
);
export type PlanStepBody = Static<typeof PlanStepSchema>;

export const JobPlanSchema = Type.Object(
  {
    made_at: Type.String({
      format: 'date-time',
      description: 'When the plan was made: at create, or at the first run of a job created before plans were stored.',
    }),
    steps: Type.Array(PlanStepSchema, {
      description: 'In the order the job runs them; each has an engine or says why it is skipped.',
    }),
  },
  {
    $id: 'JobPlan',
    description:
      'The engine each step of the job runs, chosen once when it was created. Its stages take ' +
      'these engines by id; a retry keeps the plan, and a step whose planned model was removed ' +
      'since fails model_not_installed naming it.',
  },
);
export type JobPlan = Static<typeof JobPlanSchema>;
