// Installs in flight, one per model: concurrent callers share one, the last caller to walk away cancels it, and
// every step is announced to subscribers. A failed install is remembered until the next attempt or removal.
import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import type { CatalogueEntry } from './catalogue.js';
import {
  createProgressReporter,
  type InstallEvent,
  type InstallPart,
  type ProgressReporter,
} from './install-progress.js';
import type { ModelRecord } from './model-records.js';

export interface InstallOptions {
  signal?: AbortSignal;
  onProgress?: (event: InstallEvent) => void;
}

export interface Flight {
  kind: 'download' | 'import';
  controller: AbortController;
  promise: Promise<ModelRecord>;
  callers: number;
  last: InstallEvent;
}

export type InstallWork = (signal: AbortSignal, report: ProgressReporter) => Promise<void>;

export interface InstallFlights {
  get(id: string): Flight | undefined;
  all(): Flight[];
  /** The latest event of the install in flight, else of the last one that failed. */
  latest(id: string): InstallEvent | undefined;
  /** Forgets the last failure of `id`; says whether there was one. */
  forgetFailure(id: string): boolean;
  /** Runs `work` as the install of `entry`; `finish` gives the installed record once it succeeded. */
  start(
    entry: CatalogueEntry,
    kind: Flight['kind'],
    work: InstallWork,
    finish: () => ModelRecord,
    parts?: InstallPart[],
  ): Flight;
  /** Waits for a shared flight; one caller's abort leaves it to the others, the last caller's abort cancels it. */
  join(flight: Flight, id: string, options: InstallOptions): Promise<ModelRecord>;
  emit(event: InstallEvent): void;
  subscribe(listener: (event: InstallEvent) => void): () => void;
}

export function createInstallFlights(progressIntervalMs: number): InstallFlights {
  const listeners = new Set<(event: InstallEvent) => void>();
  const flights = new Map<string, Flight>();
  const failures = new Map<string, InstallEvent>();

  function emit(event: InstallEvent): void {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A failing subscriber must not break the install or the other subscribers.
      }
    }
  }

  function subscribe(listener: (event: InstallEvent) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  async function run(
    entry: CatalogueEntry,
    flight: Flight,
    work: InstallWork,
    report: ProgressReporter,
    finish: () => ModelRecord,
  ): Promise<ModelRecord> {
    try {
      await work(flight.controller.signal, report);
    } catch (error) {
      const failure = flight.controller.signal.aborted
        ? new DubDeskError('cancelled', `Installing ${entry.title} was cancelled.`)
        : toDubDeskError(error);
      const event: InstallEvent = {
        ...flight.last,
        state: failure.code === 'cancelled' ? 'cancelled' : 'failed',
        code: failure.code,
        message: failure.message,
      };
      flights.delete(entry.id);
      if (failure.code !== 'cancelled') failures.set(entry.id, event);
      emit(event);
      throw failure;
    }
    flights.delete(entry.id);
    const record = finish();
    emit({
      id: entry.id,
      state: 'installed',
      receivedBytes: record.sizeOnDisk ?? 0,
      totalBytes: record.sizeOnDisk ?? 0,
    });
    return record;
  }

  function start(
    entry: CatalogueEntry,
    kind: Flight['kind'],
    work: InstallWork,
    finish: () => ModelRecord,
    parts?: InstallPart[],
  ): Flight {
    const flight: Flight = {
      kind,
      controller: new AbortController(),
      callers: 0,
      last: {
        id: entry.id,
        state: kind === 'download' ? 'downloading' : 'copying',
        receivedBytes: 0,
        totalBytes: entry.sizeBytes,
      },
      promise: Promise.resolve() as unknown as Promise<ModelRecord>,
    };
    failures.delete(entry.id);
    const report = createProgressReporter(
      entry,
      progressIntervalMs,
      (event, publish) => {
        if (flights.get(entry.id) === flight) flight.last = event;
        if (publish) emit(event);
      },
      parts,
    );
    flight.promise = run(entry, flight, work, report, finish);
    // Callers may all have walked away; the outcome is still recorded in run().
    flight.promise.catch(() => undefined);
    flights.set(entry.id, flight);
    return flight;
  }

  function join(flight: Flight, id: string, { signal, onProgress }: InstallOptions): Promise<ModelRecord> {
    let present = true;
    const leave = (abandon: boolean) => {
      if (!present) return;
      present = false;
      flight.callers -= 1;
      if (abandon && flight.callers === 0 && flights.get(id) === flight) flight.controller.abort();
    };
    flight.callers += 1;
    if (signal?.aborted) {
      leave(true);
      return Promise.reject(new DubDeskError('cancelled', 'The install was cancelled.'));
    }
    const unsubscribe = onProgress ? subscribe((event) => event.id === id && onProgress(event)) : () => undefined;
    return new Promise<ModelRecord>((resolve, reject) => {
      const onAbort = () => {
        leave(true);
        unsubscribe();
        reject(new DubDeskError('cancelled', 'The install was cancelled.'));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      flight.promise.then(resolve, reject).finally(() => {
        leave(false);
        signal?.removeEventListener('abort', onAbort);
        unsubscribe();
      });
    });
  }

  return {
    get: (id) => flights.get(id),
    all: () => [...flights.values()],
    latest: (id) => flights.get(id)?.last ?? failures.get(id),
    forgetFailure: (id) => failures.delete(id),
    start,
    join,
    emit,
    subscribe,
  };
}
