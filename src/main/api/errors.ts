import type { FastifyError, FastifyInstance } from 'fastify';
import { DubDeskError, toDubDeskError } from '../../shared/errors.js';

interface AjvError {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns schema-validation failures into one sentence naming the field, e.g. "Unknown field 'modle' in body". */
export function describeValidation(errors: AjvError[], part: string | undefined): string {
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

/** Maps everything a request can throw to the catalogue's `{code, message, serverTs}` body. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError & { validation?: AjvError[]; validationContext?: string }, request, reply) => {
    let failure: DubDeskError;
    if (error.validation) {
      failure = new DubDeskError('invalid_request', describeValidation(error.validation, error.validationContext));
    } else if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error instanceof SyntaxError) {
      failure = new DubDeskError('invalid_request', 'The request body is not valid JSON.');
    } else if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      failure = new DubDeskError('invalid_request', `Content-Type ${request.headers['content-type'] ?? '(none)'} is not accepted here; send application/json.`);
    } else if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      failure = new DubDeskError('payload_too_large', 'The request body is larger than this service accepts.');
    } else {
      failure = toDubDeskError(error);
      if (failure.code === 'internal') request.log.error({ err: error }, 'unexpected error');
    }
    void reply.status(failure.status).send(failure.toBody());
  });
  app.setNotFoundHandler((request, reply) => {
    const failure = new DubDeskError('not_found', `No route ${request.method} ${request.url.split('?')[0]}.`);
    void reply.status(404).send(failure.toBody());
  });
}
