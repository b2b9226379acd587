// Pure: what a task was asked to do, from the `request` GET /v1/tasks/{task_id} carries: as an API request to
// copy, and where its original input is (to show beside the result).
import type { KindMeta } from '../../api/client.js';
import type { ApiRequest } from '../../lib/curl.js';
import { createRouteOf } from '../../stores/kinds.js';

/**
 * The create request of a task as a user would send it again (on its kind's route from GET /v1/meta); undefined when
 * the service did not say.
 */
export function taskRequest(
  task: { kind: string; request?: Record<string, unknown> },
  kinds: readonly KindMeta[],
): ApiRequest | undefined {
  const path = createRouteOf(kinds, task.kind);
  if (!path || !task.request || typeof task.request !== 'object') return undefined;
  return { method: 'POST', path, body: task.request };
}

/** The sort of media an input is, as GET /v1/meta names it. */
export type OriginalKind = KindMeta['inputs'][number]['media'];

export interface OriginalMedia {
  field: string;
  url: string;
  kind: OriginalKind;
  /** False for file:// inputs: a web page may not load files from the disk. */
  playable: boolean;
  /** For file:// inputs: the path on the service's machine. */
  localPath?: string;
}

/** The sort of one input in this request: the field its kind names says it (translate's media_type), else the declared sort. */
function mediaOf(input: KindMeta['inputs'][number], body: Record<string, unknown>): OriginalKind {
  const chosen = input.media_from ? body[input.media_from.field] : undefined;
  return (typeof chosen === 'string' ? input.media_from?.values[chosen] : undefined) ?? input.media;
}

/** `file:///C:/a%20b.mp4` -> `C:/a b.mp4`; `file:///home/x.mp4` -> `/home/x.mp4`. */
export function pathOfFileUrl(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'file:') return undefined;
  const path = decodeURIComponent(parsed.pathname);
  return /^\/[A-Za-z]:\//.test(path) ? path.slice(1) : path;
}

/**
 * The task's original input: its kind's main input (GET /v1/meta) in its request; uploads and http(s) URLs play in
 * the page, file:// ones cannot.
 */
export function originalMedia(
  kind: KindMeta | undefined,
  body: Record<string, unknown> | undefined,
): OriginalMedia | undefined {
  const input = kind?.inputs.find((candidate) => candidate.main);
  if (!body || !input) return undefined;
  const url = body[input.field];
  if (typeof url !== 'string' || url === '') return undefined;
  const media = mediaOf(input, body);
  if (/^https?:\/\//i.test(url)) return { field: input.field, url, kind: media, playable: true };
  const localPath = pathOfFileUrl(url);
  return { field: input.field, url, kind: media, playable: false, ...(localPath ? { localPath } : {}) };
}
