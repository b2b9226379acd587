import { Type, type Static } from 'typebox';
import { ERROR_CODES } from '../errors.js';
import { StrictObject, StringEnum, UrlString } from './common.js';
import { TranslateRequestSchema } from './jobs.js';

// POST /v1/media/translate/plan (local addition): which engine each step of a translate-and-dub request would use.

/** The create request's fields, checked the same way; nothing is fetched, so media_url may be left out. */
export const TranslatePlanRequestSchema = StrictObject({
  ...TranslateRequestSchema.properties,
  media_url: Type.Optional(UrlString('Not fetched; may be left out.')),
  subtitle_url: Type.Optional(UrlString('Not fetched: only whether it is given matters.')),
}, { $id: 'TranslatePlanRequest' });
export type TranslatePlanRequest = Static<typeof TranslatePlanRequestSchema>;

export const ENGINE_QUALITIES = ['draft', 'standard'] as const;

export const PlanStepSchema = Type.Object({
  step: Type.String({ description: 'The step, e.g. transcribe, translate, synthesize.' }),
  label: Type.String({ description: "What the GUI shows for it, e.g. Transcribing the speech." }),
  engine: Type.Optional(Type.Object({
    id: Type.String(),
    title: Type.String({ description: 'e.g. "Whisper base (ONNX)".' }),
    quality: StringEnum(ENGINE_QUALITIES, { description: 'draft: rule-based or small models whose output wants proofreading.' }),
    expectation: Type.Optional(Type.String({ description: "A draft engine's expected quality on real media, in a user's words, e.g. that the English recogniser gets many words wrong on real recordings." })),
  })),
  better_model: Type.Optional(Type.Object({
    id: Type.String({ description: 'The catalogue id to install (POST /v1/models {id}).' }),
    title: Type.String(),
  }, { description: 'A draft engine runs this step: the model, not installed yet, that would do better.' })),
  skipped: Type.Optional(Type.String({ description: "Why the step has nothing to do for this request, in a user's words." })),
  missing: Type.Optional(Type.Object({
    code: StringEnum(ERROR_CODES, { description: 'The error the create request would answer: model_not_installed, or not_found / unsupported_language for a voice.' }),
    message: Type.String(),
    model_ids: Type.Array(Type.String(), { description: 'Catalogue ids to install (POST /v1/models {id}), any one of them; empty when none this version runs.' }),
  })),
  note: Type.Optional(Type.String({ description: 'What is decided only while the job runs, e.g. the translation pair once the language is detected.' })),
}, { $id: 'PlanStep' });
export type PlanStep = Static<typeof PlanStepSchema>;

export const TranslatePlanSchema = Type.Object({
  steps: Type.Array(PlanStepSchema, { description: 'In the order the job runs them; exactly one of engine, skipped, missing each.' }),
}, { $id: 'TranslatePlan' });
export type TranslatePlan = Static<typeof TranslatePlanSchema>;
