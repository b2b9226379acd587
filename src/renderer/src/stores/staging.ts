import { create } from 'zustand';
import type { ApiClient } from '../api/client.js';
import { classifyFile, type FileKind } from '../features/create/file-kinds.js';
import { readSubtitlePreview, type SubtitlePreview } from '../lib/srt.js';

/** Uploads that run at once; more only split the same loopback bandwidth. */
const PARALLEL_UPLOADS = 2;

export type StagedState = 'waiting' | 'uploading' | 'ready' | 'failed';

/** A dropped or chosen file on its way to being a job input. */
export interface StagedFile {
  id: string;
  name: string;
  kind: FileKind;
  size: number;
  state: StagedState;
  sent: number;
  /** The URL to put in a `*_url` field: an upload's signed URL, or file:// for a local path (desktop). */
  url?: string;
  /** A blob: URL of a video's own bytes, so a frame can be shown before (or without) an upload. */
  previewUrl?: string;
  error?: string;
  /** A subtitle file's cues and encoding, read from its own bytes before (or without) an upload. */
  subtitlePreview?: SubtitlePreview;
  /** Why a subtitle file's bytes are not SRT (the parser's message, which never quotes the file). */
  subtitleProblem?: string;
}

interface StagingState {
  files: StagedFile[];
  /** Files from a drop or the file input: uploaded with POST /v1/files. */
  addFiles(client: ApiClient, files: readonly File[]): void;
  /** Paths from the desktop's own dialog or drop: used in place as file:// URLs, nothing to upload. `files` (from a drop) give previews. */
  addPaths(paths: readonly string[], files?: readonly File[]): void;
  remove(id: string): void;
  retry(client: ApiClient, id: string): void;
  clear(): void;
}

let nextId = 0;
const blobs = new Map<string, File>();
const aborts = new Map<string, AbortController>();

/** A page on http:// cannot open file:// URLs, so a video's frame is read from its File through a blob: URL. */
function previewOf(kind: FileKind, file: File | undefined): string | undefined {
  return kind === 'video' && file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;
}

function releasePreview(file: StagedFile | undefined): void {
  if (file?.previewUrl) URL.revokeObjectURL(file.previewUrl);
}

/** Pure: a file:// URL for an absolute path on any OS. */
export function fileUrlOfPath(path: string): string {
  const slashed = path.replace(/\\/g, '/');
  const absolute = slashed.startsWith('/') ? slashed : `/${slashed}`;
  return `file://${absolute
    .split('/')
    .map((part, i) => (i === 1 && /^[A-Za-z]:$/.test(part) ? part : encodeURIComponent(part)))
    .join('/')}`;
}

export const useStaging = create<StagingState>()((set, get) => {
  const update = (id: string, patch: Partial<StagedFile>) =>
    set((state) => ({ files: state.files.map((file) => (file.id === id ? { ...file, ...patch } : file)) }));

  /** Reads a dropped SRT in the browser with the service's own decoder and parser: the form previews it with no round trip. */
  function readSubtitle(id: string, kind: FileKind, file: File | undefined) {
    if (kind !== 'subtitle' || !file) return;
    file
      .arrayBuffer()
      .then((buffer) => update(id, { subtitlePreview: readSubtitlePreview(new Uint8Array(buffer)) }))
      .catch((error: unknown) =>
        update(id, { subtitleProblem: error instanceof Error ? error.message : String(error) }),
      );
  }

  function pump(client: ApiClient) {
    const { files } = get();
    let running = files.filter((file) => file.state === 'uploading').length;
    for (const file of files) {
      if (running >= PARALLEL_UPLOADS) break;
      if (file.state !== 'waiting') continue;
      const blob = blobs.get(file.id);
      if (!blob) continue;
      running++;
      const abort = new AbortController();
      aborts.set(file.id, abort);
      update(file.id, { state: 'uploading', sent: 0, error: undefined });
      client
        .uploadFile(blob, file.name, { signal: abort.signal, onProgress: (sent) => update(file.id, { sent }) })
        .then((uploaded) => {
          blobs.delete(file.id);
          update(file.id, { state: 'ready', sent: file.size, url: uploaded.url });
        })
        .catch((error: unknown) => {
          if (!get().files.some((f) => f.id === file.id)) return;
          update(file.id, { state: 'failed', error: error instanceof Error ? error.message : String(error) });
        })
        .finally(() => {
          aborts.delete(file.id);
          pump(client);
        });
    }
  }

  return {
    files: [],
    addFiles(client, files) {
      const added: StagedFile[] = files.map((file) => {
        const id = `staged-${++nextId}`;
        const kind = classifyFile(file.name, file.type);
        if (kind !== 'unknown') blobs.set(id, file);
        return {
          id,
          name: file.name,
          kind,
          size: file.size,
          state: kind === 'unknown' ? 'failed' : 'waiting',
          sent: 0,
          previewUrl: previewOf(kind, file),
          ...(kind === 'unknown' ? { error: 'DubDesk cannot use this type of file.' } : {}),
        };
      });
      set((state) => ({ files: [...state.files, ...added] }));
      added.forEach((staged, index) => readSubtitle(staged.id, staged.kind, files[index]));
      pump(client);
    },
    addPaths(paths, files) {
      const added: StagedFile[] = paths.map((path, index) => {
        const name = path.split(/[\\/]/).pop() ?? path;
        const kind = classifyFile(name);
        return {
          id: `staged-${++nextId}`,
          name,
          kind,
          size: 0,
          state: kind === 'unknown' ? 'failed' : 'ready',
          sent: 0,
          url: fileUrlOfPath(path),
          previewUrl: previewOf(kind, files?.[index]),
          ...(kind === 'unknown' ? { error: 'DubDesk cannot use this type of file.' } : {}),
        };
      });
      set((state) => ({ files: [...state.files, ...added] }));
      added.forEach((staged, index) => readSubtitle(staged.id, staged.kind, files?.[index]));
    },
    remove(id) {
      aborts.get(id)?.abort();
      releasePreview(get().files.find((file) => file.id === id));
      blobs.delete(id);
      set((state) => ({ files: state.files.filter((file) => file.id !== id) }));
    },
    retry(client, id) {
      if (!blobs.has(id)) return;
      update(id, { state: 'waiting', sent: 0, error: undefined });
      pump(client);
    },
    clear() {
      for (const abort of aborts.values()) abort.abort();
      aborts.clear();
      blobs.clear();
      for (const file of get().files) releasePreview(file);
      set({ files: [] });
    },
  };
});
