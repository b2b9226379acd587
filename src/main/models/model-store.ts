// The model store: catalogue joined with what is on disk; install (download or import), verify, remove, open sessions.
// Each job lives in its own module (model-download, model-import, install-verification, install-flights,
// session-cache); this file wires them behind the store's interface.
import fs from 'node:fs';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { createCatalogue, type Catalogue, type CatalogueEntry } from './catalogue.js';
import { resolveImport, type ImportSource } from './import-sources.js';
import type { InstallContext } from './install-context.js';
import { createInstallFlights, type InstallOptions } from './install-flights.js';
import type { InstallEvent, InstallState, ProgressReporter } from './install-progress.js';
import { isOnnx } from './install-verification.js';
import { readManifest, type ModelManifest } from './manifest.js';
import { downloadModel } from './model-download.js';
import { createModelFolders } from './model-folders.js';
import { importModel, importParts } from './model-import.js';
import { modelRecord, type ModelRecord } from './model-records.js';
import { createOnnxRuntime, type OnnxRuntime } from './onnx-runtime.js';
import { createSessionCache, type BoundSession } from './session-cache.js';

export type { BoundSession, InstallEvent, InstallOptions, InstallState, ModelRecord };

export interface InstalledModel {
  entry: CatalogueEntry;
  dir: string;
  manifest: ModelManifest;
  /** Absolute path of one of the model's files. */
  file(name: string): string;
}

export interface ModelStore {
  readonly catalogue: Catalogue;
  list(): ModelRecord[];
  /** Throws not_found for an id the catalogue does not know. */
  get(id: string): ModelRecord;
  /** Downloads the entry's files; concurrent calls for one id share one download. Resolves at once when installed. */
  install(id: string, options?: InstallOptions): Promise<ModelRecord>;
  /** Installs from a local file (single-file models) or a folder holding the entry's files by name; replaces an installed copy. */
  importFrom(id: string, sourcePath: string, options?: InstallOptions): Promise<ModelRecord>;
  /** Cancels an install in flight, closes the model's sessions and deletes its files. */
  remove(id: string): Promise<void>;
  isInstalled(id: string): boolean;
  /** Throws model_not_installed saying how to install it. */
  requireInstalled(id: string): InstalledModel;
  /** Opens (once, then cached) the session of one ONNX file of an installed model, checking its signature on load. */
  openSession(id: string, fileName: string): Promise<BoundSession>;
  subscribe(listener: (event: InstallEvent) => void): () => void;
  /** Cancels installs in flight and releases every session. */
  close(): Promise<void>;
}

export interface ModelStoreOptions {
  modelsDir: string;
  catalogue?: Catalogue;
  runtime?: OnnxRuntime;
  /** Longest silence from a server (waiting for its answer or between bytes) before a download fails. */
  idleTimeoutMs?: number;
  /** Least time between two progress events of one install (the last of each file always goes out). */
  progressIntervalMs?: number;
  now?: () => Date;
}

export function notInstalledMessage(entry: CatalogueEntry): string {
  return (
    `${entry.title} is not installed. Install it with \`dubdesk models install ${entry.id}\`, ` +
    `with POST /v1/models {"id":"${entry.id}"}, or from the Models page of the app.`
  );
}

export function createModelStore(options: ModelStoreOptions): ModelStore {
  const folders = createModelFolders(path.resolve(options.modelsDir));
  const catalogue = options.catalogue ?? createCatalogue();
  const runtime = options.runtime ?? createOnnxRuntime();
  const flights = createInstallFlights(options.progressIntervalMs ?? 200);
  const sessions = createSessionCache(runtime);
  const { installedDir, downloadDir } = folders;

  const recordOf = (entry: CatalogueEntry) => modelRecord(entry, installedDir(entry.id), flights.latest(entry.id));
  const installContext: InstallContext = {
    runtime,
    now: options.now ?? (() => new Date()),
    commit: (entry, stagingDir, manifest) =>
      folders.commit(entry, stagingDir, manifest, () => sessions.release(entry, installedDir(entry.id))),
  };

  function requireInstalled(id: string): InstalledModel {
    const entry = catalogue.require(id);
    const dir = installedDir(id);
    const manifest = readManifest(dir, id);
    if (!manifest) throw new DubDeskError('model_not_installed', notInstalledMessage(entry));
    return { entry, dir, manifest, file: (name) => path.join(dir, name) };
  }

  /** Starts an import of `sourcePath`; a source that cannot be used fails like any import, so it is recorded and announced too. */
  function startImport(entry: CatalogueEntry, sourcePath: string) {
    let source: ImportSource | undefined;
    let problem: unknown;
    try {
      source = resolveImport(entry, path.resolve(sourcePath));
    } catch (error) {
      problem = error;
    }
    const context = { ...installContext, stagingDir: folders.newImportDir(entry.id) };
    const work = (signal: AbortSignal, report: ProgressReporter) =>
      source ? importModel(context, entry, source, signal, report) : Promise.reject(problem);
    return flights.start(entry, 'import', work, () => recordOf(entry), source ? importParts(source) : undefined);
  }

  const store: ModelStore = {
    catalogue,
    list: () => catalogue.entries().map(recordOf),
    get: (id) => recordOf(catalogue.require(id)),

    install(id, opts = {}) {
      const entry = catalogue.require(id);
      const existing = flights.get(id);
      // A cancelled flight may still be closing its partial files: let it finish, then start anew.
      if (existing?.controller.signal.aborted)
        return existing.promise.catch(() => undefined).then(() => store.install(id, opts));
      if (existing && existing.kind !== 'download')
        return Promise.reject(
          new DubDeskError('conflict', `${entry.title} is being imported from a local file right now.`),
        );
      if (!existing && readManifest(installedDir(id), id)) return Promise.resolve(recordOf(entry));
      const context = { ...installContext, stagingDir: downloadDir(id), idleTimeoutMs: options.idleTimeoutMs };
      const flight =
        existing ??
        flights.start(
          entry,
          'download',
          (signal, report) => downloadModel(context, entry, signal, report),
          () => recordOf(entry),
        );
      return flights.join(flight, id, opts);
    },

    importFrom(id, sourcePath, opts = {}) {
      const entry = catalogue.require(id);
      const existing = flights.get(id);
      if (existing?.controller.signal.aborted)
        return existing.promise.catch(() => undefined).then(() => store.importFrom(id, sourcePath, opts));
      if (existing)
        return Promise.reject(
          new DubDeskError('conflict', `${entry.title} is being installed right now; wait for it or remove it first.`),
        );
      return flights.join(startImport(entry, sourcePath), id, opts);
    },

    async remove(id) {
      const entry = catalogue.require(id);
      const flight = flights.get(id);
      if (flight) {
        flight.controller.abort();
        await flight.promise.catch(() => undefined);
      }
      await sessions.release(entry, installedDir(id));
      const hadInstall = fs.existsSync(installedDir(id));
      const hadPartial = fs.existsSync(downloadDir(id));
      fs.rmSync(installedDir(id), { recursive: true, force: true });
      fs.rmSync(downloadDir(id), { recursive: true, force: true });
      const hadFailure = flights.forgetFailure(id);
      if (!hadInstall && !hadPartial && !flight && !hadFailure)
        throw new DubDeskError('not_found', `${entry.title} is not installed.`);
      flights.emit({ id, state: 'removed', receivedBytes: 0 });
    },

    isInstalled: (id) => catalogue.find(id) !== undefined && readManifest(installedDir(id), id) !== undefined,
    requireInstalled,

    async openSession(id, fileName) {
      const model = requireInstalled(id);
      const file = model.entry.files.find((f) => f.name === fileName);
      if (!file || !isOnnx(file))
        throw new DubDeskError('internal', `${model.entry.title} has no ONNX file named ${fileName}.`);
      return sessions.open(model.entry, file, model.file(fileName));
    },

    subscribe: flights.subscribe,

    async close() {
      const pending = flights.all();
      for (const flight of pending) flight.controller.abort();
      await Promise.all(pending.map((f) => f.promise.catch(() => undefined)));
      await sessions.close();
    },
  };
  return store;
}
