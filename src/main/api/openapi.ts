import type { FastifyInstance, RouteOptions } from 'fastify';
import { ERROR_CATALOGUE } from '../../shared/errors.js';
import { ErrorBodySchema } from '../../shared/schemas/common.js';

interface CollectedRoute {
  method: string;
  url: string;
  schema?: RouteOptions['schema'];
  summary?: string;
  auth: string;
}

/** Strips TypeBox's `$id` so inlined copies of a schema don't clash inside the document. */
function plain(schema: unknown): unknown {
  if (!schema || typeof schema !== 'object') return schema;
  return JSON.parse(JSON.stringify(schema, (key, value) => (key === '$id' ? undefined : value)));
}

function parametersOf(schema: Record<string, unknown> | undefined, where: 'path' | 'query') {
  const properties = (schema?.properties ?? {}) as Record<string, unknown>;
  const required = new Set((schema?.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, value]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: plain(value) }));
}

/** Collects every route as it is registered, so the document is generated from the schemas that validate. */
export function collectRoutes(app: FastifyInstance): CollectedRoute[] {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/v1/')) continue;
      routes.push({ method: method.toLowerCase(), url: route.url, schema: route.schema, summary: route.config?.summary, auth: route.config?.auth ?? 'key' });
    }
  });
  return routes;
}

export function openApiDocument(routes: readonly CollectedRoute[], version: string, baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}');
    const schema = (route.schema ?? {}) as Record<string, unknown>;
    const responses: Record<string, unknown> = {};
    for (const [status, body] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
      responses[status] = { description: status.startsWith('2') ? 'Success' : 'Error', content: { 'application/json': { schema: plain(body) } } };
    }
    responses.default = { description: 'Error (see the error catalogue in the Error schema)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    (paths[path] ??= {})[route.method] = {
      ...(route.summary ? { summary: route.summary } : {}),
      parameters: [...parametersOf(schema.params as Record<string, unknown>, 'path'), ...parametersOf(schema.querystring as Record<string, unknown>, 'query')],
      ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(schema.body) } } } } : {}),
      responses,
      security: route.auth === 'public' ? [] : route.auth === 'signed-url' ? [{ bearer: [] }, { signedUrl: [] }] : [{ bearer: [] }],
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'DubDesk local API',
      version,
      description: 'The v1 media localization and lip-sync job API, served on localhost. Error codes: '
        + Object.entries(ERROR_CATALOGUE).map(([code, entry]) => `${code} (${entry.status})`).join(', '),
    },
    servers: [{ url: baseUrl }],
    paths,
    components: {
      schemas: { Error: plain(ErrorBodySchema) },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'An API key from `dubdesk keys create` or the Settings page.' },
        signedUrl: { type: 'apiKey', in: 'query', name: 'token', description: 'The token inside a result URL.' },
      },
    },
  };
}
