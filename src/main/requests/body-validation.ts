// A request body checked against its schema by the API's rules, over HTTP (api/validation.ts) or outside it
// (`dubdesk run`, createCore's submit), and a failure told in one sentence naming the field.
import { Ajv } from 'ajv';
import { DubDeskError } from '../../shared/errors.js';
import { MAX_GLOSSARIES } from '../../shared/schemas/jobs.js';

// Bodies are validated strictly: no coercion ("12" is not a number) and unknown fields are errors, not stripped.
export const bodyAjv = new Ajv({
  allErrors: false,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
});

/** A schema-validation failure as Ajv reports it (the fields the message reads). */
export interface ValidationFailure {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Validates (and fills defaults of) a request body outside HTTP, e.g. `dubdesk run`, with the same rules. */
export function checkBody(
  schema: object,
  body: unknown,
): { ok: true } | { ok: false; errors: NonNullable<ReturnType<typeof bodyAjv.compile>['errors']> } {
  const validate = bodyAjv.compile(schema);
  return validate(body) ? { ok: true } : { ok: false, errors: validate.errors ?? [] };
}

/** Turns schema-validation failures into one sentence naming the field, e.g. "Unknown field 'modle' in body". */
export function describeValidation(errors: ValidationFailure[], part: string | undefined): string {
  const where = part ?? 'body';
  const first = errors[0];
  if (!first) return `Invalid ${where}.`;
  const field = (first.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const at = field ? `'${field}'` : where;
  switch (first.keyword) {
    case 'additionalProperties':
      return `Unknown field '${[field, first.params?.additionalProperty].filter(Boolean).join('.')}' in ${where}.`;
    case 'required':
      return `Missing required field '${[field, first.params?.missingProperty].filter(Boolean).join('.')}' in ${where}.`;
    case 'enum':
    case 'anyOf':
      return `${at} must be one of: ${(first.params?.allowedValues as unknown[] | undefined)?.join(', ') ?? first.message}.`;
    case 'pattern':
      return `${at} does not match the pattern ${String(first.params?.pattern)}.`;
    default:
      return `${at} ${first.message ?? 'is invalid'}.`;
  }
}

/**
 * The catalogue error for a schema failure: a limit with its own code keeps it (a create with four glossary_ids is
 * too_many_glossaries, as docs/api.md says), everything else is invalid_request naming the field.
 */
export function validationError(errors: ValidationFailure[], part: string | undefined, body: unknown): DubDeskError {
  const first = errors[0];
  if (first?.keyword === 'maxItems' && first.instancePath === '/glossary_ids') {
    const ids = (body as { glossary_ids?: unknown[] } | null)?.glossary_ids;
    return new DubDeskError(
      'too_many_glossaries',
      `glossary_ids has ${ids?.length ?? `more than ${MAX_GLOSSARIES}`} entries; at most ${MAX_GLOSSARIES} ` +
        `glossaries can be applied.`,
    );
  }
  return new DubDeskError('invalid_request', describeValidation(errors, part));
}
