import os from 'node:os';
import type { DubDeskConfig } from './config.js';
import type { Engines } from './engines/registry.js';
import { sweepStaleTempFolders } from './files/temp-sweep.js';
import type { SharedStorage } from './files/shared-storage.js';
import type { ServiceLog } from './logging/service-log.js';
import type { ModelStore } from './models/model-store.js';
import type { ProjectService } from './projects/project-service.js';
import type { CallbackDeliverer } from './queue/callbacks/deliverer.js';
import { relayBetweenNodes } from './queue/node-relay.js';
import type { Runner } from './queue/runner.js';
import type { TaskEvents } from './queue/task-events.js';
import type { OpenedStore } from './store/open-store.js';
import type { SettingsCache } from './store/settings-cache.js';
import type { Store } from './store/store.js';

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface CoreLifecycleDeps {
  config: Pick<DubDeskConfig, 'databaseUrl'>;
  database: OpenedStore;
  store: Pick<Store, 'tasks' | 'idempotency' | 'outbox'>;
  events: TaskEvents;
  settings: SettingsCache;
  /** This process's id for its task leases, callback claims and node notices. */
  owner: string;
  /** The address this service listens on, once known. */
  listeningUrl(): string | undefined;
  runner: Pick<Runner, 'start' | 'stop'>;
  callbacks: Pick<CallbackDeliverer, 'start' | 'stop'>;
  projects: Pick<ProjectService, 'close'>;
  engines: Pick<Engines, 'dispose'>;
  models: Pick<ModelStore, 'close'>;
  storage: SharedStorage | undefined;
  serviceLog: Pick<ServiceLog, 'close'>;
  releaseLock(): void;
  log(line: string, level?: 'info' | 'warn' | 'error'): void;
}

export interface CoreLifecycle {
  /** Starts the job runner and the callback deliverer (and, on a shared database, the relay between nodes). */
  start(): Promise<void>;
  /** Stops what runs, then closes every native handle in reverse order of opening. */
  close(): Promise<void>;
}

export function createCoreLifecycle(deps: CoreLifecycleDeps): CoreLifecycle {
  const { config, store, runner, callbacks, log } = deps;
  let started = false;
  let stopRelay: (() => Promise<void>) | undefined;
  return {
    async start() {
      if (started) return;
      started = true;
      stopRelay = relayIfShared(deps);
      await sweepTempFolders(log);
      // Expired idempotency keys and callbacks finished a week ago are only history; keep the tables small.
      await store.idempotency.prune(Date.now());
      await store.outbox.pruneFinished(Date.now() - WEEK_MS);
      // This process owns the data folder's SQLite file: a claim of any other owner is a killed process's.
      if (!config.databaseUrl) await store.outbox.releaseForeignClaims(deps.owner);
      await runner.start();
      callbacks.start();
    },
    async close() {
      // The line being spoken uses the engines, the files and the database closed below.
      await deps.projects.close();
      await runner.stop();
      await callbacks.stop();
      await stopRelay?.();
      await deps.engines.dispose();
      await deps.models.close();
      await deps.storage?.close();
      await deps.database.close();
      await deps.serviceLog.close();
      deps.releaseLock();
    },
  };
}

/** On a shared database: relays task events and settings changes between this node and the others. */
function relayIfShared(deps: CoreLifecycleDeps): (() => Promise<void>) | undefined {
  const { notices } = deps.database;
  if (!notices) return undefined;
  const stop = relayBetweenNodes({
    events: deps.events,
    settings: deps.settings,
    notices,
    tasks: deps.store.tasks,
    node: deps.owner,
    onError: (error) =>
      deps.log(`[nodes] listening for other nodes' changes failed (${error.message}); trying again`, 'warn'),
  });
  // The address recorded before the relay ran (setBaseUrl) reaches workers started earlier.
  if (deps.listeningUrl()) deps.settings.onChange?.();
  return stop;
}

/** Engine calls of a process stopped mid-call leave temporary folders behind; a failed look is only worth a warning. */
async function sweepTempFolders(log: CoreLifecycleDeps['log']): Promise<void> {
  const swept = await sweepStaleTempFolders().catch((error: Error) => {
    log(`Could not look for temporary engine folders left in ${os.tmpdir()}: ${error.message}`, 'warn');
    return [];
  });
  if (swept.length > 0)
    log(
      `Removed ${swept.length} temporary engine folder(s) left in ${os.tmpdir()} by a process that was stopped mid-call.`,
    );
}
