import type { FastifyRequest } from 'fastify';
import { LANGUAGES } from '../../../shared/languages.js';
import { CapabilitiesSchema, type Capabilities, type Capability } from '../../../shared/schemas/capabilities.js';
import { apiCapabilityRow, hasBuiltInEngine } from '../../engines/capability-table.js';
import { availableEngines, type Engines } from '../../engines/registry.js';
import type { ModelStore } from '../../models/model-store.js';
import type { KindInput } from '../../pipelines/kind.js';
import type { KindRegistry } from '../../pipelines/kinds.js';
import type { PipelineRegistry } from '../../pipelines/types.js';
import {
  HealthSchema,
  KindsMetaSchema,
  LanguageListSchema,
  type InputMedia,
  type KindsMeta,
} from '../../../shared/schemas/meta.js';
import type { App } from '../app-types.js';
import { openApiDocument, type collectRoutes } from '../openapi.js';

/** What can run now, from the engines the core built and the models installed; never a fixed list. */
export function capabilitiesOf(core: Pick<MetaRoutesOptions, 'engines' | 'models'>): Capabilities {
  const { set } = core.engines;
  const capabilities: Record<Capability, boolean> = {
    transcribe: availableEngines(set.speechRecognizers).length > 0,
    translate: availableEngines(set.translators).length > 0,
    speak: core.engines.voices().length > 0,
    // Built in (exemplar mouths for a video, the finer mouth warp for a picture); an installed model is used instead.
    precision_lipsync: hasBuiltInEngine(apiCapabilityRow('precision_lipsync')),
  };
  const missing: Capabilities['missing'] = {};
  for (const [name, can] of Object.entries(capabilities) as [Capability, boolean][]) {
    if (can) continue;
    // The capability table says which catalogue task feeds it and what a user can do while none can run.
    const need = apiCapabilityRow(name);
    const models = core.models.list().filter((model) => model.task === need.task && model.usedBy && !model.installed);
    missing[name] =
      models.length > 0
        ? {
            models: models.map((model) => model.id),
            message:
              `Install ${models.map((model) => model.title).join(' or ')} on the Models page (or ` +
              `\`dubdesk models install ${models[0].id}\`).`,
          }
        : {
            models: [],
            message: `This DubDesk version has no ${need.api.what} engine yet; meanwhile ${need.api.meanwhile}.`,
          };
  }
  return { capabilities, missing };
}

export interface MetaRoutesOptions {
  version: string;
  activeTasks(): Promise<number>;
  engines: Pick<Engines, 'set' | 'voices'>;
  models: Pick<ModelStore, 'isInstalled' | 'list'>;
  kinds: Pick<KindRegistry, 'list'>;
  pipelines: PipelineRegistry;
  /** The base URL the request is answered with (the document's server): the address it came to. */
  baseUrl(request: FastifyRequest): string;
  routes: ReturnType<typeof collectRoutes>;
}

/** Health, capabilities, the job kinds, the language list and the OpenAPI document generated from the validating schemas. */
export async function metaRoutes(app: App, options: MetaRoutesOptions): Promise<void> {
  const { version, routes } = options;
  app.get(
    '/v1/health',
    {
      schema: { response: { 200: HealthSchema } },
      config: {
        operationId: 'getHealth',
        summary: 'Service health and version',
        description:
          'Answers `ok` while the service runs, with its version and how many tasks are queued or running. ' +
          'It needs a key like every route, so it also tells a client that its key works.',
      },
    },
    async () => ({ status: 'ok' as const, version, active_tasks: await options.activeTasks() }),
  );

  app.get(
    '/v1/capabilities',
    {
      schema: { response: { 200: CapabilitiesSchema } },
      config: {
        operationId: 'getCapabilities',
        summary: 'What this service can run now',
        description:
          'Which capabilities (transcribe, translate, speak, precision lip-sync) the installed engines and models give now. ' +
          'For each one that cannot run, `missing` names the catalogue models that would enable it ' +
          '(POST /v1/models) and what to do meanwhile; it changes as models are installed.',
      },
    },
    async () => capabilitiesOf(options),
  );

  app.get(
    '/v1/meta',
    {
      schema: { response: { 200: KindsMetaSchema } },
      config: {
        operationId: 'listJobKinds',
        summary: 'The job kinds this service runs',
        description:
          'Each job kind this build registers, with its create and status routes, its public ' +
          'statuses in order, the files its request names by URL and its stages in the order they run. ' +
          'Clients that show progress read the stage labels here rather than hard-coding them; ' +
          "clients that show a task's original read its kind's main input here.",
      },
    },
    async () => kindsMeta(options),
  );

  app.get(
    '/v1/languages',
    {
      schema: { response: { 200: LanguageListSchema } },
      config: {
        operationId: 'listLanguages',
        summary: 'Supported languages',
        description:
          'The languages accepted in `source_language` and `target_language` (code, ISO 639-3 code ' +
          'and English name); any other answers `unsupported_language`. ' +
          'Which pairs can be transcribed, translated or voiced depends on the installed models ' +
          '(GET /v1/capabilities, POST /v1/media/translate/plan).',
      },
    },
    async () => ({ languages: LANGUAGES.map(({ code, iso3, name }) => ({ code, iso3, name })) }),
  );

  // key-or-query: a plain link (the GUI's Settings page) can open the document.
  const document = async (request: FastifyRequest) =>
    openApiDocument(routes, { version, baseUrl: options.baseUrl(request) });
  app.get(
    '/v1/openapi.json',
    {
      config: {
        auth: 'key-or-query',
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI 3.1 document',
        description:
          'The OpenAPI 3.1 document of this build, generated from the schemas that validate ' +
          'requests, with this service as its server; also at /openapi.json. ' +
          'The key may come as `?key=`, so a plain link can open it.',
        responseContent: {
          200: { 'application/json': { schema: { type: 'object', description: 'An OpenAPI 3.1 document.' } } },
        },
      },
    },
    document,
  );
  // Also where API tools look first; the same document under the same auth (not listed in itself: not a /v1 route).
  app.get('/openapi.json', { config: { auth: 'key-or-query' } }, document);
}

/** A kind module's input as GET /v1/meta spells it (snake_case, `main` always said). */
function inputMeta({ field, media, mediaFrom, main }: KindInput): KindsMeta['kinds'][number]['inputs'][number] {
  return {
    field,
    media,
    ...(mediaFrom
      ? { media_from: { field: mediaFrom.field, values: { ...mediaFrom.values } as Record<string, InputMedia> } }
      : {}),
    main: main === true,
  };
}

/** Each registered kind as its module declares it, with its pipeline's stages in the order they run. */
export function kindsMeta({ kinds, pipelines }: Pick<MetaRoutesOptions, 'kinds' | 'pipelines'>): KindsMeta {
  return {
    kinds: kinds.list().map((kind) => ({
      id: kind.id,
      title: kind.title,
      create_route: kind.route,
      status_route: `${kind.route}/{task_id}`,
      statuses: [...kind.statuses],
      inputs: kind.inputs.map(inputMeta),
      stages: (pipelines[kind.id]?.stages ?? []).map((stage) => ({
        name: stage.name,
        status: stage.status,
        label: stage.label,
      })),
    })),
  };
}
