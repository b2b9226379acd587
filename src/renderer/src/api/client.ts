// The renderer's only way to the core: the same v1 REST API and event stream that scripts use.
import type { Static } from 'typebox';
import type { JobKind } from '../../../shared/jobs.js';
import type { UploadedFile } from '../../../shared/schemas/files.js';
import type { TaskListSchema, TaskSummarySchema } from '../../../shared/schemas/jobs.js';
import type { Capabilities } from '../../../shared/schemas/capabilities.js';
import type { KindsMeta } from '../../../shared/schemas/meta.js';
import type { InstallProgress, ModelRecord } from '../../../shared/schemas/models.js';
import type { SubtitleStyleBody, SubtitleStyleRecord } from '../../../shared/schemas/subtitle-styles.js';
import type { PlanStep, TranslatePlan, TranslatePlanRequest } from '../../../shared/schemas/translate-plan.js';
import type { Project, ProjectSegment, ProjectSummary, SegmentFit, SegmentPatch, SubtitleTrack } from '../../../shared/schemas/projects.js';
import type { VoiceRecord } from '../../../shared/schemas/voices.js';

/** One row of `GET /v1/tasks`, also the data of each `task` event (type only: no schema code in the bundle). */
export type TaskSummary = Static<typeof TaskSummarySchema>;
export type TaskPage = Static<typeof TaskListSchema>;
export type { Project, ProjectSegment, ProjectSummary, SegmentFit, SegmentPatch, SubtitleTrack };
export type { Capabilities, InstallProgress, KindsMeta, ModelRecord, PlanStep, SubtitleStyleBody, SubtitleStyleRecord, TranslatePlan, TranslatePlanRequest, UploadedFile, VoiceRecord };

/** One job kind of GET /v1/meta: its title, routes, statuses and stages. */
export type KindMeta = KindsMeta['kinds'][number];

export interface ServiceInfo {
  title: string;
  version: string;
}

export interface LanguageRecord {
  code: string;
  iso3: string;
  name: string;
}

export interface GlossaryEntry {
  source: string;
  target: string;
}

/** The body of POST and PUT /v1/glossaries. */
export interface GlossaryBody {
  name: string;
  source_language: string;
  target_language: string;
  entries: GlossaryEntry[];
}

export interface GlossaryRecord extends GlossaryBody {
  glossary_id: string;
  created_at?: string;
  updated_at?: string;
}

export interface LogLine {
  ts: string;
  level: string;
  message: string;
}

export interface ServiceSettings {
  version: string;
  base_url: string;
  openapi_url: string;
  data_dir: string;
  webhook_secret: string;
  concurrency: number;
  ffmpeg_path: string;
  ffprobe_path?: string;
  loudness_lufs?: number;
  max_stretch?: number;
  translation_engine?: TranslationEngineChoice;
  llm_base_url?: string;
  llm_model?: string;
  llm_timeout_seconds?: number;
  /** The key itself is write-only. */
  llm_api_key_set?: boolean;
}

/** auto: Bergamot for installed pairs, then the LLM endpoint when configured, then Apertium. */
export type TranslationEngineChoice = 'auto' | 'bergamot' | 'llm' | 'apertium';

/** PUT /v1/settings: fields left out stay; an empty llm_api_key removes the key. */
export interface TranslationSettingsChange {
  translation_engine?: TranslationEngineChoice;
  llm_base_url?: string;
  llm_model?: string;
  llm_api_key?: string;
  llm_timeout_seconds?: number;
}

/** What a key may do (docs/api.md "Keys and roles"). */
export type KeyRole = 'admin' | 'jobs';

export interface ApiKeyRecord {
  key_id: string;
  name: string;
  prefix: string;
  role: KeyRole;
  created_at: string;
  last_used_at?: string | null;
  revoked_at?: string | null;
}

export type ModelEvent = InstallProgress & { id: string };

/** What split, merge and a speaker's voice change answer: the project's revision and the segments they made or changed. */
export interface SegmentsAnswer {
  revision: number;
  segments: ProjectSegment[];
}

/** One line spoken again: alone, and over the original audio of its time (both WAV, playable by an `<audio>`). */
export interface SynthesizedLine {
  audio_url: string;
  with_original_url: string;
  segment: ProjectSegment;
}

export type ProjectExportType = 'auto' | 'video' | 'audio' | 'all';

export interface Waveform {
  /** Seconds. */
  duration: number;
  /** 0..1, evenly spread over the duration. */
  peaks: number[];
}

/** A failed API call, carrying the catalogue's code so the GUI can react to e.g. `unauthorized`. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiClientOptions {
  /** The API key, sent as a bearer token. */
  apiKey: string;
  /** '' means the origin the page came from, which is the service in web mode and in the window. */
  baseUrl?: string;
  fetch?: typeof globalThis.fetch;
}

export interface TaskQuery {
  kind?: JobKind;
  status?: string;
  limit?: number;
  cursor?: string;
}

export interface UploadOptions {
  signal?: AbortSignal;
  /** Bytes sent so far and in all. */
  onProgress?: (sent: number, total: number) => void;
}

export interface ApiClient {
  readonly apiKey: string;
  listTasks(query?: TaskQuery): Promise<TaskPage>;
  getTask(taskId: string): Promise<TaskSummary>;
  taskLog(taskId: string, limit?: number): Promise<LogLine[]>;
  cancelTask(taskId: string): Promise<TaskSummary>;
  retryTask(taskId: string): Promise<TaskSummary>;
  deleteTask(taskId: string): Promise<void>;
  /** `createRoute`: the kind's `create_route` from GET /v1/meta. `idempotencyKey`: the same key within 24 h answers with the first task (docs/api.md). */
  createTask(createRoute: string, body: unknown, idempotencyKey?: string): Promise<{ task_id: string }>;
  /** The job kinds this service runs (GET /v1/meta). */
  meta(): Promise<KindsMeta>;
  uploadFile(file: Blob, name: string, options?: UploadOptions): Promise<UploadedFile>;
  languages(): Promise<LanguageRecord[]>;
  /** What the service can run now, and what to install for the rest. */
  capabilities(): Promise<Capabilities>;
  /** The engine each step of a translate request would use, or what to install (nothing is fetched or queued). */
  planTranslate(body: TranslatePlanRequest): Promise<TranslatePlan>;
  voices(language?: string): Promise<VoiceRecord[]>;
  subtitleStyles(): Promise<SubtitleStyleRecord[]>;
  createSubtitleStyle(body: SubtitleStyleBody): Promise<SubtitleStyleRecord>;
  /** Built-in styles answer 409 `conflict`. */
  updateSubtitleStyle(styleId: string, body: SubtitleStyleBody): Promise<SubtitleStyleRecord>;
  deleteSubtitleStyle(styleId: string): Promise<void>;
  glossaries(): Promise<GlossaryRecord[]>;
  createGlossary(body: GlossaryBody): Promise<GlossaryRecord>;
  updateGlossary(glossaryId: string, body: GlossaryBody): Promise<GlossaryRecord>;
  deleteGlossary(glossaryId: string): Promise<void>;
  models(): Promise<ModelRecord[]>;
  model(id: string): Promise<ModelRecord>;
  installModel(id: string): Promise<ModelRecord>;
  /** Installs from a file or folder on the service's machine (`source_path`, absolute). */
  importModel(id: string, sourcePath: string): Promise<ModelRecord>;
  removeModel(id: string): Promise<ModelRecord>;
  settings(): Promise<ServiceSettings>;
  updateSettings(change: TranslationSettingsChange): Promise<ServiceSettings>;
  listKeys(): Promise<ApiKeyRecord[]>;
  createKey(name: string, role: KeyRole): Promise<ApiKeyRecord & { key: string }>;
  revokeKey(keyId: string): Promise<void>;
  serviceInfo(): Promise<ServiceInfo>;
  /** The OpenAPI document as text (the route needs the key, so a plain link cannot open it). */
  openApiText(): Promise<string>;
  /** EventSource cannot send headers, so the events route alone takes the key in the query. */
  eventsUrl(): string;
  /** A voice sample (or any keyed GET) as an `<audio src>`: media elements cannot send headers either. */
  withKey(url: string): string;
  /** The service's own origin, for "copy as API request". */
  baseUrl(): string;
  // Editable projects (docs/api.md "Projects"); a stale revision answers ApiError code `conflict`.
  project(projectId: string): Promise<Project>;
  projects(taskId?: string): Promise<ProjectSummary[]>;
  patchSegment(projectId: string, segmentId: string, patch: SegmentPatch): Promise<ProjectSegment>;
  /** `at`: seconds, strictly inside the segment. */
  splitSegment(projectId: string, segmentId: string, at: number, revision?: number): Promise<SegmentsAnswer>;
  mergeSegments(projectId: string, segmentIds: string[]): Promise<SegmentsAnswer>;
  synthesizeSegment(projectId: string, segmentId: string): Promise<SynthesizedLine>;
  translateSegment(projectId: string, segmentId: string): Promise<ProjectSegment>;
  /** null: the voice the export chooses for the speaker. */
  setSpeakerVoice(projectId: string, speaker: string, voiceId: string | null): Promise<SegmentsAnswer>;
  exportProject(projectId: string, exportType?: ProjectExportType): Promise<{ task_id: string }>;
  /** One track as SRT text. */
  subtitles(projectId: string, track: SubtitleTrack): Promise<string>;
  /** Replaces the source or target texts from an SRT with the project's cue count (else 400 invalid_subtitle). */
  putSubtitles(projectId: string, track: 'source' | 'target', srt: string): Promise<Project>;
  deleteProject(projectId: string): Promise<void>;
  waveform(projectId: string, points: number): Promise<Waveform>;
}

/** Pure: the catalogue's `{code, message}` body of a failed response, or a generic error. */
export function errorFromBody(status: number, statusText: string, text: string): ApiError {
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string' && typeof body.message === 'string') return new ApiError(body.code, body.message, status);
  } catch {
    // Not the catalogue's JSON body (e.g. a proxy page): fall through to a generic message.
  }
  // A stale edit must read as a conflict even through a proxy that rewrote the body: the editor never overwrites on it.
  if (status === 409) return new ApiError('conflict', 'This changed elsewhere since it was read.', status);
  return new ApiError('internal', `The service answered ${status} ${statusText}.`.replace(' .', '.'), status);
}

const UNREACHABLE = () => new ApiError('unreachable', 'The DubDesk service cannot be reached. Is it still running?', 0);

export function createApiClient(options: ApiClientOptions): ApiClient {
  const base = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  const authorization = `Bearer ${options.apiKey}`;

  async function send(method: string, path: string, init: { body?: string; headers?: Record<string, string> } = {}): Promise<Response> {
    let response: Response;
    try {
      response = await fetchImpl(`${base}${path}`, { method, headers: { Authorization: authorization, ...init.headers }, body: init.body });
    } catch {
      throw UNREACHABLE();
    }
    if (!response.ok) throw errorFromBody(response.status, response.statusText, await response.text().catch(() => ''));
    return response;
  }

  async function request<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const response = await send(method, path, {
      headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...extraHeaders },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }
  const get = <T>(path: string) => request<T>('GET', path);
  const id = encodeURIComponent;

  return {
    apiKey: options.apiKey,
    listTasks(query = {}) {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(name, String(value));
      const search = params.size > 0 ? `?${params}` : '';
      return get<TaskPage>(`/v1/tasks${search}`);
    },
    getTask: (taskId) => get(`/v1/tasks/${id(taskId)}`),
    taskLog: async (taskId, limit = 200) => (await get<{ lines: LogLine[] }>(`/v1/tasks/${id(taskId)}/log?limit=${limit}`)).lines,
    cancelTask: (taskId) => request('POST', `/v1/tasks/${id(taskId)}/cancel`),
    retryTask: (taskId) => request('POST', `/v1/tasks/${id(taskId)}/retry`),
    deleteTask: (taskId) => request('DELETE', `/v1/tasks/${id(taskId)}`),
    createTask: (createRoute, body, idempotencyKey) => request('POST', createRoute, body, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    meta: () => get<KindsMeta>('/v1/meta'),
    uploadFile(file, name, uploadOptions = {}) {
      // fetch cannot report upload progress; XMLHttpRequest can.
      return new Promise<UploadedFile>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', `${base}/v1/files`);
        xhr.setRequestHeader('Authorization', authorization);
        xhr.setRequestHeader('X-File-Name', encodeURIComponent(name));
        xhr.setRequestHeader('Content-Type', 'application/octet-stream');
        xhr.upload.onprogress = (event) => uploadOptions.onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size);
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as UploadedFile);
          else reject(errorFromBody(xhr.status, xhr.statusText, xhr.responseText));
        };
        xhr.onerror = () => reject(UNREACHABLE());
        xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
        uploadOptions.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
        xhr.send(file);
      });
    },
    languages: async () => (await get<{ languages: LanguageRecord[] }>('/v1/languages')).languages,
    capabilities: () => get<Capabilities>('/v1/capabilities'),
    planTranslate: (body) => request('POST', '/v1/media/translate/plan', body),
    voices: async (language) => (await get<{ voices: VoiceRecord[] }>(`/v1/voices${language ? `?language=${id(language)}` : ''}`)).voices,
    subtitleStyles: async () => (await get<{ subtitle_styles: SubtitleStyleRecord[] }>('/v1/subtitle_styles')).subtitle_styles,
    createSubtitleStyle: (body) => request('POST', '/v1/subtitle_styles', body),
    updateSubtitleStyle: (styleId, body) => request('PUT', `/v1/subtitle_styles/${id(styleId)}`, body),
    deleteSubtitleStyle: (styleId) => request('DELETE', `/v1/subtitle_styles/${id(styleId)}`),
    glossaries: async () => (await get<{ glossaries: GlossaryRecord[] }>('/v1/glossaries')).glossaries,
    createGlossary: (body) => request('POST', '/v1/glossaries', body),
    updateGlossary: (glossaryId, body) => request('PUT', `/v1/glossaries/${id(glossaryId)}`, body),
    deleteGlossary: (glossaryId) => request('DELETE', `/v1/glossaries/${id(glossaryId)}`),
    models: async () => (await get<{ models: ModelRecord[] }>('/v1/models')).models,
    model: (modelId) => get(`/v1/models/${id(modelId)}`),
    installModel: (modelId) => request('POST', '/v1/models', { id: modelId }),
    importModel: (modelId, sourcePath) => request('POST', '/v1/models', { id: modelId, source_path: sourcePath }),
    removeModel: (modelId) => request('DELETE', `/v1/models/${id(modelId)}`),
    settings: () => get('/v1/settings'),
    updateSettings: (change) => request('PUT', '/v1/settings', change),
    listKeys: async () => (await get<{ keys: ApiKeyRecord[] }>('/v1/keys')).keys,
    createKey: (name, role) => request('POST', '/v1/keys', { name, role }),
    revokeKey: (keyId) => request('DELETE', `/v1/keys/${id(keyId)}`),
    async serviceInfo() {
      const document = await get<{ info?: { title?: string; version?: string } }>('/v1/openapi.json');
      return { title: document.info?.title ?? 'DubDesk', version: document.info?.version ?? 'unknown' };
    },
    async openApiText() {
      return JSON.stringify(await get<unknown>('/v1/openapi.json'), null, 2);
    },
    eventsUrl() {
      return `${base}/v1/events?key=${encodeURIComponent(options.apiKey)}`;
    },
    withKey(url) {
      return `${url}${url.includes('?') ? '&' : '?'}key=${encodeURIComponent(options.apiKey)}`;
    },
    baseUrl() {
      return base || window.location.origin;
    },
    project: (projectId) => get(`/v1/projects/${id(projectId)}`),
    projects: async (taskId) => (await get<{ projects: ProjectSummary[] }>(`/v1/projects${taskId ? `?task_id=${id(taskId)}` : ''}`)).projects,
    patchSegment: (projectId, segmentId, patch) => request('PATCH', `/v1/projects/${id(projectId)}/segments/${id(segmentId)}`, patch),
    splitSegment: (projectId, segmentId, at, revision) => request('POST', `/v1/projects/${id(projectId)}/segments/${id(segmentId)}/split`, revision === undefined ? { at } : { at, revision }),
    mergeSegments: (projectId, segmentIds) => request('POST', `/v1/projects/${id(projectId)}/segments/merge`, { segment_ids: segmentIds }),
    synthesizeSegment: (projectId, segmentId) => request('POST', `/v1/projects/${id(projectId)}/segments/${id(segmentId)}/synthesize`),
    translateSegment: (projectId, segmentId) => request('POST', `/v1/projects/${id(projectId)}/segments/${id(segmentId)}/translate`),
    setSpeakerVoice: (projectId, speaker, voiceId) => request('POST', `/v1/projects/${id(projectId)}/speakers/voice`, { speaker, voice_id: voiceId }),
    exportProject: (projectId, exportType) => request('POST', `/v1/projects/${id(projectId)}/export`, exportType ? { export_type: exportType } : {}),
    subtitles: async (projectId, track) => (await send('GET', `/v1/projects/${id(projectId)}/subtitles?track=${track}`, { headers: { Accept: 'application/x-subrip' } })).text(),
    async putSubtitles(projectId, track, srt) {
      const response = await send('PUT', `/v1/projects/${id(projectId)}/subtitles?track=${track}`, { body: srt, headers: { Accept: 'application/json', 'Content-Type': 'application/x-subrip' } });
      return (await response.json()) as Project;
    },
    deleteProject: (projectId) => request('DELETE', `/v1/projects/${id(projectId)}`),
    waveform: (projectId, points) => get(`/v1/projects/${id(projectId)}/waveform?points=${Math.round(points)}`),
  };
}
