// The typed HTTP client of the v1 API: openapi-fetch over the types generated from docs/openapi.json. The GUI and the
// CLI both call the service through it; a path, parameter or body the document does not have fails to type-check.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi-types.js';

export type { components, operations, paths } from './openapi-types.js';

/** A client bound to one service and key. */
export type DubDeskHttp = Client<paths>;

/** A failed call, carrying the catalogue's code (or `unreachable` when no answer came) so callers can react to it. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    /** The answer's Retry-After, in seconds (a 503 `database_unavailable` and a 429 `rate_limited` carry one). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface DubDeskHttpOptions {
  /** The service's origin, e.g. http://127.0.0.1:7860; '' is the origin of the page (the GUI served by the service). */
  baseUrl: string;
  /** Sent as a bearer token. */
  apiKey: string;
  fetch?: typeof globalThis.fetch;
}

export function createDubDeskHttp(options: DubDeskHttpOptions): DubDeskHttp {
  // Read at call time, so a test or the GUI can replace globalThis.fetch after the client is made.
  const fetchImpl = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  return createClient<paths>({
    baseUrl: options.baseUrl,
    fetch: fetchImpl,
    headers: { Authorization: `Bearer ${options.apiKey}` },
  });
}

export const unreachable = (): ApiError =>
  new ApiError('unreachable', 'The DubDesk service cannot be reached. Is it still running?', 0);

/** Retry-After in seconds; its HTTP-date form is not one the service sends. */
function retryAfterOf(header: string | null | undefined): number | undefined {
  return header && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
}

/** The catalogue's `{code, message}` body of a failed answer as an ApiError, or a generic one for any other body. */
export function errorFromBody(status: number, statusText: string, body: unknown, retryAfter?: string | null): ApiError {
  let parsed = body;
  if (typeof body === 'string') {
    try {
      parsed = JSON.parse(body);
    } catch {
      // Not the catalogue's JSON body (e.g. a proxy page): fall through to a generic message.
    }
  }
  const { code, message } = (parsed && typeof parsed === 'object' ? parsed : {}) as {
    code?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string' && typeof message === 'string')
    return new ApiError(code, message, status, retryAfterOf(retryAfter));
  // A stale edit must read as a conflict even through a proxy that rewrote the body: the editor never overwrites on it.
  if (status === 409) return new ApiError('conflict', 'This changed elsewhere since it was read.', status);
  return new ApiError('internal', `The service answered ${status} ${statusText}.`.replace(' .', '.'), status);
}

/**
 * The data of a call, or its failure as an ApiError. `call` is what an openapi-fetch method returns; a 204 gives
 * undefined.
 */
export async function answerOf<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (error) {
    // An aborted call stays an abort (the caller cancelled it); anything else is no answer at all.
    if ((error as Error)?.name === 'AbortError') throw error;
    throw unreachable();
  }
  if (!result.response.ok)
    throw errorFromBody(
      result.response.status,
      result.response.statusText,
      result.error,
      result.response.headers.get('retry-after'),
    );
  return result.data as T;
}
