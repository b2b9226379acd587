// The renderer's only way to the core: the same v1 REST API and event stream that scripts use, called through the
// client generated from docs/openapi.json (src/shared/api). Each method is one typed call; the types are the document's.
import {
  answerOf,
  ApiError,
  createDubDeskHttp,
  errorFromBody,
  unreachable,
  type components,
  type paths,
} from '../../../shared/api/http-client.js';
import type { LineSpokenEvent, SubtitleTrack } from '../../../shared/schemas/projects.js';
import { projectCalls } from './project-calls.js';
import { withoutEmpty } from './without-empty.js';

export { ApiError, errorFromBody };

type Schemas = components['schemas'];
/** The JSON answer of an operation, by path and method, for answers the document does not name. */
type JsonOf<Path extends keyof paths, Method extends 'get' | 'post' | 'put'> = paths[Path][Method] extends {
  responses: { 200: { content: { 'application/json': infer Body } } };
}
  ? Body
  : never;

/** One row of `GET /v1/tasks`, also the data of each `task` event; `quality` once a finished job was measured. */
export type TaskSummary = Schemas['TaskSummary'];
/** `GET /v1/tasks/{task_id}`: a row's fields and the request the task was made with. */
export type TaskWithRequest = JsonOf<'/v1/tasks/{task_id}', 'get'>;
export type TaskPage = Schemas['TaskList'];
export type UploadedFile = Schemas['UploadedFile'];
export type KindsMeta = Schemas['KindsMeta'];
/** One job kind of GET /v1/meta: its title, routes, statuses and stages. */
export type KindMeta = KindsMeta['kinds'][number];
export type Capabilities = Schemas['Capabilities'];
export type ModelRecord = Schemas['ModelRecord'];
export type InstallProgress = Schemas['InstallProgress'];
export type ModelEvent = InstallProgress & { id: string };
export type SubtitleStyleBody = Schemas['SubtitleStyleBody'];
export type SubtitleStyleRecord = Schemas['SubtitleStyleRecord'];
export type TranslatePlanRequest = Schemas['TranslatePlanRequest'];
export type TranslatePlan = Schemas['TranslatePlan'];
export type PlanStep = TranslatePlan['steps'][number];
export type VoiceRecord = Schemas['VoiceRecord'];
export type GlossaryBody = Schemas['GlossaryBody'];
export type GlossaryRecord = Schemas['GlossaryRecord'];
export type GlossaryEntry = GlossaryBody['entries'][number];
export type ServiceSettings = Schemas['ServiceSettings'];
/** auto: Bergamot for installed pairs, then the LLM endpoint when configured, then Apertium. */
export type TranslationEngineChoice = NonNullable<ServiceSettings['translation_engine']>;
/** PUT /v1/settings: fields left out stay; an empty llm_api_key removes the key. */
export type TranslationSettingsChange = NonNullable<
  paths['/v1/settings']['put']['requestBody']
>['content']['application/json'];
export type ApiKeyRecord = Schemas['ApiKeyRecord'];
/** What a key may do (docs/api.md "Keys and roles"). */
export type KeyRole = ApiKeyRecord['role'];
/** A live process that runs jobs (GET /v1/workers); `kinds` null means it takes every kind. */
export type WorkerRecord = Schemas['Worker'];
export type LogLine = Schemas['TaskLog']['lines'][number];
export type LanguageRecord = JsonOf<'/v1/languages', 'get'>['languages'][number];
export type Project = Schemas['Project'];
export type ProjectSummary = Schemas['ProjectSummary'];
export type ProjectSegment = Schemas['ProjectSegment'];
export type SegmentFit = Schemas['SegmentFit'];
export type SegmentPatch = Schemas['SegmentPatch'];
/** What split, merge and a speaker's voice change answer: the project's revision and the segments they made or changed. */
export type SegmentsAnswer = Schemas['SegmentsAnswer'];
/** An edit's answer: the segment as saved, with the speech that measures its fit when one was queued. */
export type EditedSegment = Schemas['EditedSegment'];
/** A line queued to be spoken again; its `line_spoken` event brings the preview. */
export type QueuedSpeech = Schemas['QueuedSpeech'];
/** `event: line_spoken`: a queued line was spoken (alone and over the original audio of its time, both WAV), or could not be. */
export type { LineSpokenEvent };
export type { ProjectExportType } from './project-calls.js';
export type Waveform = JsonOf<'/v1/projects/{project_id}/waveform', 'get'>;
export type { SubtitleTrack };
export type { QualityReport, ReviewItem, ReviewReason } from '../../../shared/schemas/quality.js';

export interface ServiceInfo {
  title: string;
  version: string;
}

export interface ApiClientOptions {
  /** The API key, sent as a bearer token. */
  apiKey: string;
  /** '' means the origin the page came from, which is the service in web mode and in the window. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

export type TaskQuery = NonNullable<paths['/v1/tasks']['get']['parameters']['query']>;

export interface UploadOptions {
  signal?: AbortSignal;
  /** Bytes sent so far and in all. */
  onProgress?: (sent: number, total: number) => void;
}

export function createApiClient(options: ApiClientOptions) {
  const base = options.baseUrl ?? '';
  const http = createDubDeskHttp({ baseUrl: base, apiKey: options.apiKey, fetch: options.fetch });

  return {
    apiKey: options.apiKey,
    listTasks: (query: TaskQuery = {}) => answerOf(http.GET('/v1/tasks', { params: { query: withoutEmpty(query) } })),
    getTask: async (task_id: string): Promise<TaskWithRequest> =>
      answerOf(http.GET('/v1/tasks/{task_id}', { params: { path: { task_id } } })),
    taskLog: async (task_id: string, limit = 200) =>
      (await answerOf(http.GET('/v1/tasks/{task_id}/log', { params: { path: { task_id }, query: { limit } } }))).lines,
    cancelTask: (task_id: string) =>
      answerOf(http.POST('/v1/tasks/{task_id}/cancel', { params: { path: { task_id } } })),
    retryTask: (task_id: string) => answerOf(http.POST('/v1/tasks/{task_id}/retry', { params: { path: { task_id } } })),
    deleteTask: (task_id: string) => answerOf(http.DELETE('/v1/tasks/{task_id}', { params: { path: { task_id } } })),
    /**
     * `createRoute`: a kind's `create_route` from GET /v1/meta, so kinds this build adds need no client change (hence the
     * cast: the route is data). `idempotencyKey`: the same key within 24 h answers with the first task (docs/api.md).
     */
    createTask: (createRoute: string, body: unknown, idempotencyKey?: string) =>
      answerOf(
        http.POST(createRoute as '/v1/video_generation', {
          body: body as Schemas['LipsyncRequest'],
          params: { header: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {} },
        }),
      ),
    /** The job kinds this service runs (GET /v1/meta). */
    meta: () => answerOf(http.GET('/v1/meta')),
    uploadFile(file: Blob, name: string, uploadOptions: UploadOptions = {}): Promise<UploadedFile> {
      // fetch cannot report upload progress; XMLHttpRequest can, so this one call is made by hand (typed by the document).
      return new Promise<UploadedFile>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${base}/v1/files`);
        xhr.setRequestHeader('Authorization', `Bearer ${options.apiKey}`);
        xhr.setRequestHeader('X-File-Name', encodeURIComponent(name));
        xhr.setRequestHeader('Content-Type', 'application/octet-stream');
        xhr.upload.onprogress = (event) =>
          uploadOptions.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as UploadedFile);
          else
            reject(errorFromBody(xhr.status, xhr.statusText, xhr.responseText, xhr.getResponseHeader('retry-after')));
        };
        xhr.onerror = () => reject(unreachable());
        xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
        uploadOptions.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(file);
      });
    },
    languages: async () => (await answerOf(http.GET('/v1/languages'))).languages,
    /** What the service can run now, and what to install for the rest. */
    capabilities: () => answerOf(http.GET('/v1/capabilities')),
    /** The engine each step of a translate request would use, or what to install (nothing is fetched or queued). */
    planTranslate: (body: TranslatePlanRequest) => answerOf(http.POST('/v1/media/translate/plan', { body })),
    voices: async (language?: string) =>
      (await answerOf(http.GET('/v1/voices', { params: { query: withoutEmpty({ language }) } }))).voices,
    subtitleStyles: async () => (await answerOf(http.GET('/v1/subtitle_styles'))).subtitle_styles,
    createSubtitleStyle: (body: SubtitleStyleBody) => answerOf(http.POST('/v1/subtitle_styles', { body })),
    /** Built-in styles answer 409 `conflict`. */
    updateSubtitleStyle: (subtitle_style_id: string, body: SubtitleStyleBody) =>
      answerOf(http.PUT('/v1/subtitle_styles/{subtitle_style_id}', { params: { path: { subtitle_style_id } }, body })),
    deleteSubtitleStyle: (subtitle_style_id: string) =>
      answerOf(http.DELETE('/v1/subtitle_styles/{subtitle_style_id}', { params: { path: { subtitle_style_id } } })),
    glossaries: async () => (await answerOf(http.GET('/v1/glossaries'))).glossaries,
    createGlossary: (body: GlossaryBody) => answerOf(http.POST('/v1/glossaries', { body })),
    updateGlossary: (glossary_id: string, body: GlossaryBody) =>
      answerOf(http.PUT('/v1/glossaries/{glossary_id}', { params: { path: { glossary_id } }, body })),
    deleteGlossary: (glossary_id: string) =>
      answerOf(http.DELETE('/v1/glossaries/{glossary_id}', { params: { path: { glossary_id } } })),
    models: async () => (await answerOf(http.GET('/v1/models'))).models,
    model: (id: string) => answerOf(http.GET('/v1/models/{id}', { params: { path: { id } } })),
    installModel: (id: string) => answerOf(http.POST('/v1/models', { body: { id } })),
    /** Installs from a file or folder on the service's machine (`source_path`, absolute). */
    importModel: (id: string, sourcePath: string) =>
      answerOf(http.POST('/v1/models', { body: { id, source_path: sourcePath } })),
    removeModel: (id: string) => answerOf(http.DELETE('/v1/models/{id}', { params: { path: { id } } })),
    settings: () => answerOf(http.GET('/v1/settings')),
    updateSettings: (change: TranslationSettingsChange) => answerOf(http.PUT('/v1/settings', { body: change })),
    listKeys: async () => (await answerOf(http.GET('/v1/keys'))).keys,
    createKey: (name: string, role: KeyRole) => answerOf(http.POST('/v1/keys', { body: { name, role } })),
    revokeKey: (key_id: string) => answerOf(http.DELETE('/v1/keys/{key_id}', { params: { path: { key_id } } })),
    workers: async () => (await answerOf(http.GET('/v1/workers'))).workers,
    async serviceInfo(): Promise<ServiceInfo> {
      const document = (await answerOf(http.GET('/v1/openapi.json'))) as {
        info?: { title?: string; version?: string };
      };
      return { title: document.info?.title ?? 'DubDesk', version: document.info?.version ?? 'unknown' };
    },
    /** The OpenAPI document as text (the route needs the key, so a plain link cannot open it). */
    openApiText: async () => JSON.stringify(await answerOf(http.GET('/v1/openapi.json')), null, 2),
    /** EventSource cannot send headers, so the events route alone takes the key in the query. */
    eventsUrl: () => `${base}/v1/events?key=${encodeURIComponent(options.apiKey)}`,
    /** Only one project's `line_spoken` events. */
    projectEventsUrl: (projectId: string) =>
      `${base}/v1/events?key=${encodeURIComponent(options.apiKey)}&project_id=${encodeURIComponent(projectId)}`,
    /** A voice sample (or any keyed GET) as an `<audio src>`: media elements cannot send headers either. */
    withKey: (url: string) => `${url}${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(options.apiKey)}`,
    /** The service's own origin, for "copy as API request". */
    baseUrl: () => base || window.location.origin,
    ...projectCalls(http),
  };
}

/** The renderer's client: every method of createApiClient. */
export type ApiClient = ReturnType<typeof createApiClient>;
