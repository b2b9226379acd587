// Pure: what a task was asked to do, from the `request` GET /v1/tasks/{task_id} carries: as an API request to
// copy, and where its original input is (to show beside the result).
import type { JobKind } from '../../../../shared/jobs.js';
import type { KindMeta } from '../../api/client.js';
import type { ApiRequest } from '../../lib/curl.js';
import { createRouteOf } from '../../stores/kinds.js';

/** The create request of a task as a user would send it again (on its kind's route from GET /v1/meta); undefined when the service did not say. */
export function taskRequest(task: { kind: string; request?: Record<string, unknown> }, kinds: readonly KindMeta[]): ApiRequest | undefined {
  const path = createRouteOf(kinds, task.kind);
  if (!path || !task.request || typeof task.request !== 'object') return undefined;
  return { method: 'POST', path, body: task.request };
}

export type OriginalKind = 'video' | 'audio' | 'image';

export interface OriginalMedia {
  field: string;
  url: string;
  kind: OriginalKind;
  /** False for file:// inputs: a web page may not load files from the disk. */
  playable: boolean;
  /** For file:// inputs: the path on the service's machine. */
  localPath?: string;
}

/** The request field holding each kind's main input, and what sort of media it is. */
function mainInput(kind: JobKind, body: Record<string, unknown>): { field: string; kind: OriginalKind } | undefined {
  switch (kind) {
    case 'translate':
      return { field: 'media_url', kind: body.media_type === 'audio' ? 'audio' : 'video' };
    case 'lipsync':
      return { field: 'reference_file_url', kind: body.reference_file_type === 'image' ? 'image' : 'video' };
    case 'reusable_lipsync':
      return { field: 'audio_url', kind: 'audio' };
    case 'frame_translate':
      return { field: 'video_url', kind: 'video' };
    default:
      return undefined;
  }
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

/** The task's original input, from its request; uploads and http(s) URLs play in the page, file:// ones cannot. */
export function originalMedia(kind: JobKind, body: Record<string, unknown> | undefined): OriginalMedia | undefined {
  if (!body) return undefined;
  const input = mainInput(kind, body);
  if (!input) return undefined;
  const url = body[input.field];
  if (typeof url !== 'string' || url === '') return undefined;
  if (/^https?:\/\//i.test(url)) return { field: input.field, url, kind: input.kind, playable: true };
  const localPath = pathOfFileUrl(url);
  return { field: input.field, url, kind: input.kind, playable: false, ...(localPath ? { localPath } : {}) };
}
