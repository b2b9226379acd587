// Pure: checks a request body against the shared TypeBox schema (the one the API validates with) and says
// what is wrong per field, in words. typebox/value interprets the schema, so it runs under the GUI's CSP (no eval).
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** Field path (`target_language`, `speaker_number.min`) -> what is wrong with it. */
export type FieldErrors = Record<string, string>;

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').join('.');
}

function describe(error: SchemaError): string {
  const { keyword, params } = error;
  switch (keyword) {
    case 'required':
      return 'This is required.';
    case 'enum':
      return `Choose one of: ${(params.allowedValues as unknown[]).join(', ')}.`;
    case 'minLength':
      return params.limit === 1 ? 'This is required.' : `Use at least ${String(params.limit)} characters.`;
    case 'maxLength':
      return `Use at most ${String(params.limit)} characters.`;
    case 'pattern':
      return 'This is not in the expected form.';
    case 'minimum':
    case 'exclusiveMinimum':
    case 'maximum':
    case 'exclusiveMaximum':
      return `Must be ${String(params.comparison)} ${String(params.limit)}.`;
    case 'type':
      return `Must be ${String(params.type ?? 'of another type')}.`;
    case 'maxItems':
      return `Choose at most ${String(params.limit)}.`;
    default:
      return error.message.charAt(0).toUpperCase() + error.message.slice(1) + '.';
  }
}

/** The first problem of each field; a missing required property is reported on that property. */
export function validateBody(schema: TSchema, body: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const error of Value.Errors(schema, body) as unknown as SchemaError[]) {
    let field = fieldOf(error.instancePath);
    if (error.keyword === 'required') {
      const missing = (error.params.requiredProperties as string[] | undefined) ?? [
        error.params.missingProperty as string,
      ];
      for (const name of missing) errors[field ? `${field}.${name}` : name] ??= 'This is required.';
      continue;
    }
    // The schema's `false` under additionalProperties repeats the additionalProperties error.
    if (error.keyword === 'boolean') continue;
    if (error.keyword === 'additionalProperties') {
      for (const name of (error.params.additionalProperties as string[]) ?? [])
        errors[field ? `${field}.${name}` : name] ??= 'The API does not know this field.';
      continue;
    }
    field ||= 'form';
    errors[field] ??= describe(error);
  }
  return errors;
}
