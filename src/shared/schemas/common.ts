import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../errors.js';

/** A string enum that documents as `{type: string, enum}` in OpenAPI and types as the union of its values. */
export function StringEnum<const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

/** Request bodies reject unknown fields (docs/api.md "Conventions"), so typos never pass silently. */
export function StrictObject<T extends Record<string, TSchema>>(properties: T, options: Record<string, unknown> = {}) {
  return Type.Object(properties, { additionalProperties: false, ...options });
}

export const UrlString = (description: string) => Type.String({ minLength: 1, maxLength: 8192, description });

export const ErrorBodySchema = Type.Object(
  {
    code: StringEnum(ERROR_CODES),
    message: Type.String(),
    serverTs: Type.String({ description: 'ISO-8601 server time' }),
  },
  { $id: 'Error' },
);

export const TaskReferenceSchema = Type.Object({ task_id: Type.String() });

export const TaskIdParams = Type.Object({ task_id: Type.String({ minLength: 1, maxLength: 64 }) });

/** The core every status record shares (docs/api.md "Status records"). */
export const StatusCoreProperties = {
  task_id: Type.String(),
  progress: Type.Number({ minimum: 0, maximum: 1, description: 'The whole job, 0..1.' }),
  stage: Type.Union([Type.String(), Type.Null()], {
    description: 'The stage running now (or last run), e.g. fetch-inputs.',
  }),
  stage_progress: Type.Number({ minimum: 0, maximum: 1, description: 'The current stage, 0..1.' }),
  created_at: Type.String(),
  updated_at: Type.String(),
  err_code: Type.Optional(Type.String()),
  err_message: Type.Optional(Type.String()),
};
