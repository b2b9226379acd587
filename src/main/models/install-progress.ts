// Progress of one install: bytes per file summed into one event, throttled so a fast disk does not flood subscribers.
import type { ErrorCode } from '../../shared/errors.js';
import type { INSTALL_STATES } from '../../shared/schemas/models.js';
import type { CatalogueEntry } from './catalogue.js';
import { archiveFileName } from './archive-members.js';

export type InstallState = (typeof INSTALL_STATES)[number];

/** What subscribers (the API's event stream, the CLI's progress line) see of an install. */
export interface InstallEvent {
  id: string;
  state: InstallState;
  receivedBytes: number;
  /** Exact once every file's size is known; until then the catalogue's approximate size. */
  totalBytes?: number;
  file?: string;
  /** For failed: the catalogue code and the sentence a user can act on. */
  code?: ErrorCode;
  message?: string;
}

/** Reports (state, file, bytes of that file so far, that file's size); `force` publishes regardless of the interval. */
export type ProgressReporter = (
  state: InstallState,
  file: string | undefined,
  fileReceived?: number,
  fileTotal?: number,
  force?: boolean,
) => void;

/** One thing an install moves bytes for: a file, or the archive its files come from. */
export interface InstallPart {
  name: string;
  sizeBytes?: number;
}

/** What a download fetches: the files with their own URL, and the entry's archive under the name it is saved as. */
export function downloadParts(entry: CatalogueEntry): InstallPart[] {
  const own = entry.archive ? entry.files.filter((f) => f.url) : entry.files;
  const parts: InstallPart[] = own.map((f) => ({ name: f.name, sizeBytes: f.sizeBytes }));
  if (entry.archive) parts.push({ name: archiveDownloadName(entry), sizeBytes: entry.archive.sizeBytes });
  return parts;
}

/** The name the entry's archive is saved under in its download folder (and shown in progress). */
export function archiveDownloadName(entry: CatalogueEntry): string {
  const archive = entry.archive!;
  return archiveFileName(archive.url, archive.format, [
    ...entry.files.map((f) => f.name),
    ...(archive.directories ?? []),
  ]);
}

/**
 * `sink` gets every event (to keep the latest) and whether it should be published now. Bytes are summed over the
 * parts; `extracting` counts the one archive being read instead, from 0 to its size.
 */
export function createProgressReporter(
  entry: CatalogueEntry,
  intervalMs: number,
  sink: (event: InstallEvent, publish: boolean) => void,
  parts: readonly InstallPart[] = downloadParts(entry),
): ProgressReporter {
  const received = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const part of parts) if (part.sizeBytes !== undefined) totals.set(part.name, part.sizeBytes);
  let lastState: InstallState | undefined;
  let lastPublished = 0;
  return (state, file, fileReceived, fileTotal, force = false) => {
    let event: InstallEvent;
    if (state === 'extracting') {
      event = {
        id: entry.id,
        state,
        receivedBytes: fileReceived ?? 0,
        ...(fileTotal !== undefined ? { totalBytes: fileTotal } : {}),
        ...(file ? { file } : {}),
      };
    } else {
      if (file !== undefined && fileReceived !== undefined) received.set(file, fileReceived);
      if (file !== undefined && fileTotal !== undefined) totals.set(file, fileTotal);
      const receivedBytes = [...received.values()].reduce((a, b) => a + b, 0);
      const exact = parts.every((part) => totals.has(part.name));
      const totalBytes = exact
        ? [...totals.values()].reduce((a, b) => a + b, 0)
        : Math.max(entry.sizeBytes, receivedBytes);
      event = { id: entry.id, state, receivedBytes, totalBytes, ...(file ? { file } : {}) };
    }
    const now = Date.now();
    // A file's last byte always goes out, so a subscriber sees each file complete.
    const fileDone = fileTotal !== undefined && fileReceived === fileTotal;
    const publish = force || state !== lastState || fileDone || now - lastPublished >= intervalMs;
    lastState = state;
    if (publish) lastPublished = now;
    sink(event, publish);
  };
}
