import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

// Bodies are validated strictly: no coercion ("12" is not a number) and unknown fields are errors, not stripped.
// Query strings and path params are text by nature, so they are coerced to the schema's types.
const bodyAjv = new Ajv({ allErrors: false, coerceTypes: false, removeAdditional: false, useDefaults: true, strict: false });
const textAjv = new Ajv({ allErrors: false, coerceTypes: true, removeAdditional: false, useDefaults: true, strict: false });

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<any>>;
};

/** Validates (and fills defaults of) a request body outside HTTP, e.g. `dubdesk run`, with the same rules. */
export function checkBody(schema: object, body: unknown): { ok: true } | { ok: false; errors: NonNullable<ReturnType<typeof bodyAjv.compile>['errors']> } {
  const validate = bodyAjv.compile(schema);
  return validate(body) ? { ok: true } : { ok: false, errors: validate.errors ?? [] };
}
