import { Type } from 'typebox';
import { LANGUAGES } from '../../../shared/languages.js';
import type { Core } from '../../core.js';
import type { App } from '../app-types.js';
import { openApiDocument, type collectRoutes } from '../openapi.js';

/** Health, the language list and the OpenAPI document generated from the validating schemas. */
export async function metaRoutes(app: App, { core, routes }: { core: Core; routes: ReturnType<typeof collectRoutes> }): Promise<void> {
  app.get('/v1/health', {
    schema: { response: { 200: Type.Object({ status: Type.Literal('ok'), version: Type.String(), active_tasks: Type.Integer() }) } },
    config: { summary: 'Service health and version' },
  }, async () => ({ status: 'ok' as const, version: core.version, active_tasks: core.tasks.countActive() }));

  app.get('/v1/languages', {
    schema: { response: { 200: Type.Object({ languages: Type.Array(Type.Object({ code: Type.String(), iso3: Type.String(), name: Type.String() })) }) } },
    config: { summary: 'Languages accepted in source_language and target_language' },
  }, async () => ({ languages: LANGUAGES.map(({ code, iso3, name }) => ({ code, iso3, name })) }));

  // key-or-query: a plain link (the GUI's Settings page) can open the document.
  app.get('/v1/openapi.json', { config: { auth: 'key-or-query', summary: 'This OpenAPI 3.1 document' } },
    async () => openApiDocument(routes, core.version, core.baseUrl()));
}
