import { DUBDESK_VERSION } from '../shared/version.js';
import { dataPaths, type DataPaths, type DubDeskConfig } from './config.js';
import { createServiceAddress } from './core-address.js';
import { createCoreCallbacks } from './core-callbacks.js';
import { createCoreEngines } from './core-engines.js';
import { createCoreFolders } from './core-folders.js';
import { createCorePipelines, createInputEnvironment } from './core-inputs.js';
import { createCoreJobs } from './core-jobs.js';
import { createCoreLifecycle } from './core-lifecycle.js';
import { openCoreData } from './core-open.js';
import { createSubmit, type Submit } from './core-submit.js';
import { createFileStore, type FileStore } from './files/file-store.js';
import { createFileUrlSigner, type FileUrlSigner } from './files/signed-urls.js';
import { describeModeChanges } from './files/private-data-folder.js';
import { randomToken, newId } from './ids.js';
import { resolveMediaTools, type MediaTools } from './media/ffmpeg-paths.js';
import type { InputRule } from './requests/input-checks.js';
import type { PipelineRegistry } from './pipelines/types.js';
import type { CallbackDeliverer } from './queue/callbacks/deliverer.js';
import type { CallbackOutbox } from './store/callback-outbox-repository.js';
import type { JobService } from './queue/job-service.js';
import type { Runner } from './queue/runner.js';
import type { ResultUrlOf } from './queue/status-record.js';
import { TaskEvents } from './queue/task-events.js';
import type { TaskTransitions } from './queue/task-transitions.js';
import type { IdempotencyRepository } from './store/idempotency-repository.js';
import type { KeysRepository } from './store/keys-repository.js';
import { loadSettingsCache, type SettingsCache } from './store/settings-cache.js';
import type { TaskLogsRepository } from './store/task-logs-repository.js';
import type { TasksRepository } from './store/tasks-repository.js';
import type { GlossariesRepository } from './store/glossaries-repository.js';
import type { Store } from './store/store.js';
import { createKindRegistry, type KindRegistry } from './pipelines/kinds.js';
import type { JobKindModule } from './pipelines/kind.js';
import type { ReusableModelFolders } from './pipelines/reusable-lipsync/make-model.js';
import type { Engines, EngineSet } from './engines/registry.js';
import type { VoiceSampleCache } from './engines/tts/voice-samples.js';
import type { SubtitleStylesRepository } from './store/subtitle-styles-repository.js';
import { intakeRequest } from './requests/intake.js';
import { createModelStore, type ModelStore, type ModelStoreOptions } from './models/model-store.js';
import { createServiceLog, type ServiceLog } from './logging/service-log.js';
import type { ProjectService } from './projects/project-service.js';
import type { ReusableModelsRepository } from './store/reusable-models-repository.js';
import type { RegisteredEngine } from './engines/registered-engine.js';

export interface CoreOptions {
  /** Kind modules besides the built-in ones; one with a built-in id replaces that kind (tests register kinds of their own). */
  kinds?: readonly JobKindModule[];
  /** Engines added beside the capability table's rows, each by its row and factory (docs/architecture.md "How to add an engine"). */
  registeredEngines?: readonly RegisteredEngine[];
  /** Engines that replace the built ones, capability by capability (tests run jobs with small engines of their own). */
  engines?: Partial<EngineSet>;
  /** Delay before a failed job's next attempt (default: capped exponential backoff from 5 s). */
  retryDelayMs?: (failures: number) => number;
  /** Extra catalogue entries for the model store (tests install stand-ins from a loopback server). */
  models?: Omit<ModelStoreOptions, 'modelsDir'>;
  log?: (line: string) => void;
  /** A `dubdesk worker` process: runs jobs only, next to services and other workers on the shared database. */
  workerOnly?: boolean;
}

export type { SubmitOptions } from './core-submit.js';

export interface Core {
  readonly config: DubDeskConfig;
  readonly paths: DataPaths;
  readonly version: string;
  /** Every table, on SQLite or PostgreSQL; the repositories below are its own. */
  readonly store: Store;
  readonly tasks: TasksRepository;
  readonly logs: TaskLogsRepository;
  readonly keys: KeysRepository;
  /** The settings table, read synchronously by engines (written through). */
  readonly settings: SettingsCache;
  readonly idempotency: IdempotencyRepository;
  readonly glossaries: GlossariesRepository;
  readonly reusableModels: ReusableModelsRepository;
  /** Where reusable models' folders are made and deleted (with shared storage, there too). */
  readonly reusableFolders: ReusableModelFolders;
  readonly subtitleStyles: SubtitleStylesRepository;
  readonly voiceSamples: VoiceSampleCache;
  readonly events: TaskEvents;
  readonly files: FileStore;
  readonly signer: FileUrlSigner;
  readonly media: MediaTools;
  readonly models: ModelStore;
  readonly engines: Engines;
  readonly outbox: CallbackOutbox;
  readonly callbacks: CallbackDeliverer;
  readonly transitions: TaskTransitions;
  readonly runner: Runner;
  readonly jobs: JobService;
  readonly projects: ProjectService;
  readonly webhookSecret: string;
  /** The structured, rotated log in `<data>/logs/service.log` (HTTP requests, callbacks, internal errors). */
  readonly serviceLog: ServiceLog;
  /** The absolute base of URLs handed out (result files, uploads); set once the server listens. */
  baseUrl(): string;
  /** Sets the address this service listens on (and, on a shared database, records it for the workers). */
  setBaseUrl(url: string): Promise<void>;
  /** A published file's absolute signed URL. */
  fileUrl(fileId: string): string;
  /** A task result's URLs: signed file URLs and the project's GUI address. */
  readonly resultUrls: ResultUrlOf;
  /** Result URLs under the address a request came to; the service's own when undefined. */
  resultUrlsAt(baseUrl: string | undefined): ResultUrlOf;
  /** Checks a create request of that kind (fields, local inputs, engines it needs) before it is queued. */
  intake(kind: string, request: Record<string, unknown>): Promise<{ inputName: string }>;
  /** Validates a create body against its kind's schema, runs the kind's intake checks and queues the job (the API and `dubdesk run`). */
  readonly submit: Submit;
  /** The job kinds this core serves (built in plus CoreOptions.kinds). */
  readonly kinds: KindRegistry;
  /** Each kind's pipeline as built for this core (GET /v1/meta lists its stages). */
  readonly pipelines: PipelineRegistry;
  /** The input fields of a stored request (task lists name the inputs); none for a kind this core does not have. */
  inputRulesOf(kind: string, request: Record<string, unknown>): InputRule[];
  /** Starts the job runner and the callback deliverer. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** The one place everything is wired; native handles are closed in reverse order by close(). */
export async function createCore(config: DubDeskConfig, options: CoreOptions = {}): Promise<Core> {
  const paths = dataPaths(config.dataDir);
  const opened = await openCoreData(config, paths, { workerOnly: options.workerOnly, log: options.log });
  const { database, storage } = opened;
  const { store } = database;
  const serviceLog = createServiceLog({ dir: paths.logs });
  // Every line of the `log` option also lands in the service log, whatever the caller does with it.
  const log = (line: string, level: 'info' | 'warn' | 'error' = 'info') => {
    serviceLog.logger[level](line);
    options.log?.(line);
  };
  if (opened.madePrivate.length > 0) log(describeModeChanges(paths.root, opened.madePrivate), 'warn');
  const { tasks, logs, keys, idempotency, glossaries, reusableModels, subtitleStyles, outbox } = store;
  const settings = await loadSettingsCache(store.settings);
  const events = new TaskEvents();
  const folders = createCoreFolders(paths, storage, { settings, tasks, isRunning: (id) => runner.isActive(id), log });
  const files = createFileStore({ records: store.files, paths, maxInputBytes: config.maxInputBytes, ...folders.bytes });
  const signer = createFileUrlSigner(await settings.getOrInit('file_url_secret', randomToken(32)));
  const models = createModelStore({ ...options.models, modelsDir: paths.models });
  const media = resolveMediaTools({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const addressPolicy = { refusePrivate: config.refusePrivateAddresses };
  const { engines, voiceSamples } = createCoreEngines({
    paths,
    models,
    media,
    settings,
    addressPolicy,
    registered: options.registeredEngines,
    replacements: options.engines,
  });
  serviceLog.addSecret(config.apiKey);
  serviceLog.addSecret(settings.get('llm_api_key'));
  // This process's id for its task leases and callback claims.
  const owner = newId();
  const { callbacks, webhookSecret } = await createCoreCallbacks({
    config,
    settings,
    outbox,
    owner,
    addressPolicy,
    serviceLog,
    log,
  });
  const address = createServiceAddress(config, settings, signer);
  const { baseUrl, fileUrl } = address;
  const kinds = createKindRegistry(options.kinds);
  const inputEnvironment = createInputEnvironment({
    files,
    media,
    models,
    engines,
    store,
    signer,
    baseUrl,
    maxInputBytes: config.maxInputBytes,
    addressPolicy,
    copyLocalInputs: Boolean(storage),
    reusableModelFolder: folders.reusableModelFolder,
  });
  const pipelines = createCorePipelines(kinds, inputEnvironment, { config, paths, models, reusableModels, folders });
  const { transitions, runner, jobs, projects } = createCoreJobs({
    config,
    paths,
    store,
    events,
    kinds,
    pipelines,
    engines,
    files,
    media,
    callbacks,
    address,
    folders,
    owner,
    retryDelayMs: options.retryDelayMs,
    serviceLog,
    log,
  });
  const intake = (kind: JobKindModule, request: Record<string, unknown>) =>
    intakeRequest(kind, request, { ...inputEnvironment, baseUrl: baseUrl() });
  const lifecycle = createCoreLifecycle({
    ...opened,
    config,
    store,
    events,
    settings,
    owner,
    listeningUrl: address.listeningUrl,
    runner,
    callbacks,
    projects,
    engines,
    models,
    serviceLog,
    log,
  });

  return {
    config,
    paths,
    version: DUBDESK_VERSION,
    store,
    tasks,
    logs,
    keys,
    settings,
    idempotency,
    glossaries,
    reusableModels,
    reusableFolders: folders.reusableFolders,
    subtitleStyles,
    voiceSamples,
    events,
    files,
    signer,
    media,
    models,
    engines,
    outbox,
    callbacks,
    transitions,
    runner,
    jobs,
    projects,
    webhookSecret,
    serviceLog,
    baseUrl,
    setBaseUrl: address.setBaseUrl,
    fileUrl,
    resultUrls: address.resultUrls,
    resultUrlsAt: address.resultUrlsAt,
    kinds,
    pipelines,
    intake: (kind, request) => intake(kinds.get(kind), request),
    inputRulesOf: (kind, request) => kinds.find(kind)?.intake.inputRules(request) ?? [],
    submit: createSubmit({ kinds, idempotency, tasks, jobs, intake }),
    start: lifecycle.start,
    close: lifecycle.close,
  };
}
