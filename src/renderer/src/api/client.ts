// The renderer's only way to the core: the same v1 REST API and event stream that scripts use.
import type { Static } from 'typebox';
import type { TaskListSchema, TaskSummarySchema } from '../../../shared/schemas/jobs.js';

/** One row of `GET /v1/tasks`, also the data of each `task` event (type only: no schema code in the bundle). */
export type TaskSummary = Static<typeof TaskSummarySchema>;
export type TaskPage = Static<typeof TaskListSchema>;

export interface ServiceInfo {
  title: string;
  version: string;
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

export interface ApiClient {
  listTasks(query?: { limit?: number; cursor?: string }): Promise<TaskPage>;
  serviceInfo(): Promise<ServiceInfo>;
  /** EventSource cannot send headers, so the events route alone takes the key in the query. */
  eventsUrl(): string;
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof body.code === 'string' && typeof body.message === 'string') return new ApiError(body.code, body.message, response.status);
  } catch {
    // Not the catalogue's JSON body (e.g. a proxy page): fall through to a generic message.
  }
  return new ApiError('internal', `The service answered ${response.status} ${response.statusText}.`.replace(' .', '.'), response.status);
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? '';
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function getJson<T>(path: string): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        headers: { Authorization: `Bearer ${options.apiKey}`, Accept: 'application/json' },
      });
    } catch {
      throw new ApiError('unreachable', 'The DubDesk service cannot be reached. Is it still running?', 0);
    }
    if (!response.ok) throw await toApiError(response);
    return (await response.json()) as T;
  }

  return {
    listTasks(query = {}) {
      const params = new URLSearchParams();
      if (query.limit !== undefined) params.set('limit', String(query.limit));
      if (query.cursor) params.set('cursor', query.cursor);
      const search = params.size > 0 ? `?${params}` : '';
      return getJson<TaskPage>(`/v1/tasks${search}`);
    },
    async serviceInfo() {
      const document = await getJson<{ info?: { title?: string; version?: string } }>('/v1/openapi.json');
      return { title: document.info?.title ?? 'DubDesk', version: document.info?.version ?? 'unknown' };
    },
    eventsUrl() {
      return `${baseUrl}/v1/events?key=${encodeURIComponent(options.apiKey)}`;
    },
  };
}
