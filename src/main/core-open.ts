import os from 'node:os';
import type { DataPaths, DubDeskConfig } from './config.js';
import { makeDataFolderPrivate, type ModeChange } from './files/private-data-folder.js';
import type { SharedStorage } from './files/shared-storage.js';
import { openStorage } from './storage/open-storage.js';
import { acquireDataDirLock } from './store/data-dir-lock.js';
import { openPostgresStore, openSqliteStore, type OpenedStore } from './store/open-store.js';

/** What createCore opens before anything else: the data folder's lock, the database and the shared storage. */
export interface OpenedCoreData {
  readonly database: OpenedStore;
  /** Shared storage (scale-out): uploads, results and work folders live there; the data folder keeps local copies. */
  readonly storage: SharedStorage | undefined;
  /** Folders of the data folder whose mode was narrowed (the log says so once it is open). */
  readonly madePrivate: ModeChange[];
  readonly releaseLock: () => void;
}

export interface OpenCoreDataOptions {
  /** A `dubdesk worker` process: it shares the database with services and other workers. */
  workerOnly?: boolean;
  log?: (line: string) => void;
}

/** Locks the data folder and opens the database and the shared storage; whatever was opened is closed again if a later step fails. */
export async function openCoreData(
  config: DubDeskConfig,
  paths: DataPaths,
  options: OpenCoreDataOptions,
): Promise<OpenedCoreData> {
  // Before anything is written: the database and the log hold secrets.
  const madePrivate = makeDataFolderPrivate(paths);
  const releaseLock = acquireDataDirLock(paths.lockFile);
  let database: OpenedStore;
  try {
    database = await openDatabase(config, paths, options);
  } catch (error) {
    releaseLock();
    throw error;
  }
  let storage: SharedStorage | undefined;
  try {
    storage = config.storage ? await openStorage(config.storage) : undefined;
  } catch (error) {
    await database.close();
    releaseLock();
    throw error;
  }
  return { database, storage, madePrivate, releaseLock };
}

function openDatabase(
  config: DubDeskConfig,
  paths: DataPaths,
  options: OpenCoreDataOptions,
): Promise<OpenedStore> | OpenedStore {
  if (!config.databaseUrl) return openSqliteStore(paths.database, { nativeBinding: config.sqliteNativeBinding });
  return openPostgresStore(config.databaseUrl, {
    applicationName: `dubdesk ${os.hostname()}`,
    // Without shared storage a service's files are in its own data folder: one service per database, and no workers.
    serviceLock: !options.workerOnly && !config.storage,
    onIdleError: (error) =>
      options.log?.(`PostgreSQL connection lost (${error.message}); it is replaced at the next query.`),
  });
}
