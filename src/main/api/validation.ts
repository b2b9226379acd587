import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { bodyAjv } from '../requests/body-validation.js';

// Bodies are validated strictly (requests/body-validation.ts, the rules `dubdesk run` checks by too).
// Query strings and path params are text by nature, so they are coerced to the schema's types.
const textAjv = new Ajv({
  allErrors: false,
  coerceTypes: true,
  removeAdditional: false,
  useDefaults: true,
  strict: false,
});

export const validatorCompiler: FastifySchemaCompiler<any> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : textAjv;
  return ajv.compile(schema as object) as ReturnType<FastifySchemaCompiler<any>>;
};
