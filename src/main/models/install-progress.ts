// Progress of one install: bytes per file summed into one event, throttled so a fast disk does not flood subscribers.
import type { ErrorCode } from '../../shared/errors.js';
import type { CatalogueEntry } from './catalogue.js';

export type InstallState = 'downloading' | 'copying' | 'verifying' | 'installed' | 'failed' | 'cancelled' | 'removed';

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
export type ProgressReporter = (state: InstallState, file: string | undefined, fileReceived?: number, fileTotal?: number, force?: boolean) => void;

/** `sink` gets every event (to keep the latest) and whether it should be published now. */
export function createProgressReporter(entry: CatalogueEntry, intervalMs: number, sink: (event: InstallEvent, publish: boolean) => void): ProgressReporter {
  const received = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const f of entry.files) if (f.sizeBytes !== undefined) totals.set(f.name, f.sizeBytes);
  let lastState: InstallState | undefined;
  let lastPublished = 0;
  return (state, file, fileReceived, fileTotal, force = false) => {
    if (file !== undefined && fileReceived !== undefined) received.set(file, fileReceived);
    if (file !== undefined && fileTotal !== undefined) totals.set(file, fileTotal);
    const receivedBytes = [...received.values()].reduce((a, b) => a + b, 0);
    const exact = entry.files.every((f) => totals.has(f.name));
    const totalBytes = exact ? [...totals.values()].reduce((a, b) => a + b, 0) : Math.max(entry.sizeBytes, receivedBytes);
    const event: InstallEvent = { id: entry.id, state, receivedBytes, totalBytes, ...(file ? { file } : {}) };
    const now = Date.now();
    // A file's last byte always goes out, so a subscriber sees each file complete.
    const fileDone = fileTotal !== undefined && fileReceived === fileTotal;
    const publish = force || state !== lastState || fileDone || now - lastPublished >= intervalMs;
    lastState = state;
    if (publish) lastPublished = now;
    sink(event, publish);
  };
}
