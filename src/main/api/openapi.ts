import type { FastifyInstance, RouteOptions } from 'fastify';
import { ERROR_CATALOGUE, type ErrorCode } from '../../shared/errors.js';
import { ErrorBodySchema } from '../../shared/schemas/common.js';
import { DATABASE_RETRY_AFTER_SECONDS, RATE_LIMITED_RETRY_AFTER_SECONDS } from './errors.js';
import { apiTagOf, API_TAGS } from './openapi-tags.js';

/** A registered /v1 route as the document needs it: its schemas and the words of its `config`. */
export interface CollectedRoute {
  method: string;
  url: string;
  schema?: RouteOptions['schema'];
  config: NonNullable<RouteOptions['config']>;
}

/** What each catalogue code means, once, for the error responses of every operation. */
const ERROR_MEANINGS: Record<ErrorCode, string> = {
  invalid_request: 'the request breaks a rule of its schema (unknown or missing field, wrong type, bad JSON or URL)',
  conflicting_fields: 'two fields that cannot go together',
  too_many_glossaries: 'more than 3 glossary_ids',
  unsupported_language: 'a language outside GET /v1/languages, or a target no voice speaks',
  unsupported_media: 'an input whose type its field does not accept (judged by name and content)',
  media_too_long: 'an input longer than its limit',
  invalid_subtitle: 'an SRT that cannot be read or breaks a subtitle limit (the message names the cue)',
  model_not_installed: 'the work needs a model that is not installed (the message says how to install it)',
  unauthorized: 'missing, unknown or revoked API key',
  forbidden: 'a foreign Host or Origin header, or a jobs key on an admin route',
  not_found: 'no such resource',
  conflict: 'the resource is not in a state that allows this (or changed since it was read)',
  payload_too_large: 'a body or file over the size cap',
  rate_limited:
    'too many tasks already queued or running (or lines waiting to be spoken); retry after the seconds of the ' +
    'Retry-After header',
  internal: 'an unexpected failure; the message names the service log and the request id',
  download_failed: 'an input URL could not be fetched',
  media_unreadable: 'an input file that cannot be decoded',
  no_audio: 'an input without the audio the work needs',
  no_face_detected: 'no face in the reference',
  no_speech_detected: 'no speech in the input',
  no_text_detected: 'no readable text in the input',
  engine_failed: 'an engine failed while working',
  out_of_disk: 'the data folder is full',
  cancelled: 'the task was cancelled',
  pipeline_unavailable: 'a feature this build does not have',
  database_unavailable:
    'the service cannot reach its database for now (PostgreSQL down or restarting, SQLite ' +
    'locked by another program); retry after the seconds of the Retry-After header',
};

const STATUS_TEXT: Record<number, string> = {
  304: 'Not modified',
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  413: 'Payload too large',
  416: 'Range not satisfiable',
  429: 'Too many requests',
  500: 'Internal error',
  501: 'Not implemented',
  503: 'Service unavailable',
  507: 'Insufficient storage',
};

const RETRY_AFTER_HEADER = {
  description:
    `Seconds to wait before sending the request again (${DATABASE_RETRY_AFTER_SECONDS} while the database is ` +
    `unavailable, ${RATE_LIMITED_RETRY_AFTER_SECONDS} when rate_limited).`,
  schema: { type: 'integer', minimum: 1 },
};

/** The codes whose answers carry Retry-After (installErrorHandling sets it). */
const RETRY_AFTER_CODES: readonly ErrorCode[] = ['database_unavailable', 'rate_limited'];

/** Collects every route as it is registered, so the document is generated from the schemas that validate. */
export function collectRoutes(app: FastifyInstance): CollectedRoute[] {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/v1/')) continue;
      routes.push({ method: method.toLowerCase(), url: route.url, schema: route.schema, config: route.config ?? {} });
    }
  });
  return routes;
}

/**
 * Moves every schema with a TypeBox `$id` into `components.schemas` and points at it with `$ref`, so generated
 * clients get one named type per record. Two different schemas under one name are a bug: it throws.
 */
export function namedSchemaLifter(components: Record<string, unknown>) {
  const lift = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(lift);
    if (!value || typeof value !== 'object') return value;
    const { $id, ...rest } = value as Record<string, unknown>;
    const lifted = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, lift(inner)]));
    if (typeof $id !== 'string') return lifted;
    const known = components[$id];
    if (known && JSON.stringify(known) !== JSON.stringify(lifted))
      throw new Error(`Two different schemas are both named '${$id}'.`);
    components[$id] = lifted;
    return { $ref: `#/components/schemas/${$id}` };
  };
  // JSON first: TypeBox keeps symbols and functions that are no part of a schema.
  return (schema: unknown) => (schema === undefined ? undefined : lift(JSON.parse(JSON.stringify(schema))));
}

function parametersOf(schema: unknown, where: 'path' | 'query' | 'header', lift: (schema: unknown) => unknown) {
  const object = schema as { properties?: Record<string, { description?: string }>; required?: string[] } | undefined;
  const required = new Set(object?.required ?? []);
  return Object.entries(object?.properties ?? {}).map(([name, value]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    ...(value.description ? { description: value.description } : {}),
    schema: lift(value),
  }));
}

/** The catalogue codes a route can answer: its own, plus those every route of its shape can give. */
export function errorCodesOf(route: CollectedRoute): ErrorCode[] {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const codes = new Set<ErrorCode>(['invalid_request', 'forbidden', 'internal', 'database_unavailable']);
  if (route.config.auth !== 'public') codes.add('unauthorized');
  if (Object.keys((schema.params as { properties?: object } | undefined)?.properties ?? {}).length > 0)
    codes.add('not_found');
  if (schema.body || route.config.requestContent) codes.add('payload_too_large');
  for (const code of route.config.errors ?? []) codes.add(code);
  return [...codes];
}

/**
 * One response per HTTP status, naming its catalogue codes in words and in `x-error-codes` (a test checks every
 * error answer against it); the codes' meanings are in the Error schema, once.
 */
function errorResponses(codes: readonly ErrorCode[]): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, statusCodes] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${statusCodes.map((code) => `\`${code}\``).join(', ')}.`,
      'x-error-codes': statusCodes,
      ...(statusCodes.some((code) => RETRY_AFTER_CODES.includes(code))
        ? { headers: { 'Retry-After': RETRY_AFTER_HEADER } }
        : {}),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  return responses;
}

/** The Error schema, its `code` described code by code. */
function errorSchema(lift: (schema: unknown) => unknown): unknown {
  const meanings = Object.entries(ERROR_MEANINGS)
    .map(([code, meaning]) => `- \`${code}\` (${ERROR_CATALOGUE[code as ErrorCode].status}): ${meaning}`)
    .join('\n');
  const schema = JSON.parse(JSON.stringify(ErrorBodySchema)) as { properties: { code: Record<string, unknown> } };
  schema.properties.code.description = `One code of the catalogue:\n${meanings}`;
  return lift(schema);
}

function successResponses(route: CollectedRoute, lift: (schema: unknown) => unknown): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const declared = ((route.schema ?? {}) as { response?: Record<string, unknown> }).response ?? {};
  for (const [status, body] of Object.entries(declared)) {
    if (status.startsWith('2'))
      responses[status] = { description: 'Success', content: { 'application/json': { schema: lift(body) } } };
  }
  for (const [status, content] of Object.entries(route.config.responseContent ?? {})) {
    const media = Object.fromEntries(
      Object.entries(content).map(([type, { schema }]) => [type, { schema: lift(schema) }]),
    );
    // A file route also writes out 304 and 416 itself: those are no success.
    const description = status.startsWith('2') ? 'Success' : (STATUS_TEXT[Number(status)] ?? 'See the description');
    responses[status] = { description, ...(Object.keys(media).length > 0 ? { content: media } : {}) };
  }
  if (Object.keys(responses).length === 0) responses['204'] = { description: 'Done (no body)' };
  return responses;
}

function requestBodyOf(route: CollectedRoute, lift: (schema: unknown) => unknown): Record<string, unknown> | undefined {
  const body = ((route.schema ?? {}) as { body?: unknown }).body;
  const examples = route.config.bodyExamples;
  if (body) {
    return {
      required: true,
      content: { 'application/json': { schema: lift(body), ...(examples ? { examples } : {}) } },
    };
  }
  const content = route.config.requestContent;
  if (!content) return undefined;
  return {
    required: true,
    content: Object.fromEntries(Object.entries(content).map(([type, { schema }]) => [type, { schema: lift(schema) }])),
  };
}

function securityOf(auth: CollectedRoute['config']['auth']): Array<Record<string, string[]>> {
  if (auth === 'public') return [];
  if (auth === 'signed-url') return [{ bearer: [] }, { signedUrl: [] }];
  if (auth === 'key-or-query') return [{ bearer: [] }, { queryKey: [] }];
  return [{ bearer: [] }];
}

function roleNote(route: CollectedRoute): string {
  return route.config.role === 'admin' ? '\n\nNeeds an `admin` key.' : '';
}

export interface OpenApiOptions {
  version: string;
  /** The address this service answers on, the document's only server. */
  baseUrl: string;
}

/** The OpenAPI 3.1 document of the /v1 API, built from the registered routes (docs/api.md is the prose reference). */
export function openApiDocument(routes: readonly CollectedRoute[], options: OpenApiOptions): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  const lift = namedSchemaLifter(schemas);
  errorSchema(lift);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const parameters = [
      ...parametersOf(schema.params, 'path', lift),
      ...parametersOf(schema.querystring, 'query', lift),
      ...parametersOf(schema.headers, 'header', lift),
    ];
    const requestBody = requestBodyOf(route, lift);
    (paths[path] ??= {})[route.method] = {
      operationId: route.config.operationId,
      summary: route.config.summary,
      description: `${route.config.description ?? route.config.summary ?? ''}${roleNote(route)}`,
      tags: [apiTagOf(path)],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: { ...successResponses(route, lift), ...errorResponses(errorCodesOf(route)) },
      security: securityOf(route.config.auth),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'DubDesk local API',
      version: options.version,
      summary: 'Lip-sync, translate and dub, and visual translate jobs on your own machine.',
      description:
        'The v1 job API of DubDesk, served on localhost: a drop-in for the cloud media localization and lip-sync API. ' +
        'Create a job, then poll its status operation or receive callbacks; result URLs carry a token and download without a key. ' +
        'Every failure answers the `Error` object, whose `code` comes from one catalogue. The prose reference is docs/api.md.',
      license: { name: 'GPL-3.0-or-later', identifier: 'GPL-3.0-or-later' },
    },
    servers: [{ url: options.baseUrl, description: 'This DubDesk service' }],
    tags: API_TAGS,
    paths,
    components: {
      schemas,
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from `dubdesk keys create`, the Settings page, or `--api-key`.',
        },
        queryKey: {
          type: 'apiKey',
          in: 'query',
          name: 'key',
          description: 'The API key in the query, for clients that cannot send headers (EventSource, `<audio src>`).',
        },
        signedUrl: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'The token inside a result or upload URL.',
        },
      },
    },
  };
}
