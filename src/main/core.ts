import os from 'node:os';
import path from 'node:path';
import { DUBDESK_VERSION } from '../shared/version.js';
import { dataPaths, jobWorkDir, type DataPaths, type DubDeskConfig } from './config.js';
import { createFileStore, type FileStore } from './files/file-store.js';
import { createFileUrlSigner, type FileUrlSigner } from './files/signed-urls.js';
import { createWorkFolders } from './files/work-folders.js';
import { sweepStaleTempFolders } from './files/temp-sweep.js';
import { describeModeChanges, makeDataFolderPrivate } from './files/private-data-folder.js';
import { openStorage } from './storage/open-storage.js';
import type { SharedStorage } from './files/shared-storage.js';
import { randomToken, newId } from './ids.js';
import { resolveMediaTools, type MediaTools } from './media/ffmpeg-paths.js';
import type { InputRule } from './requests/input-checks.js';
import type { PipelineRegistry } from './pipelines/types.js';
import { jobRetryDelayMs } from './queue/backoff.js';
import { createCallbackDeliverer, type CallbackDeliverer } from './queue/callbacks/deliverer.js';
import type { CallbackOutbox } from './store/callback-outbox-repository.js';
import { resolveWebhookSecret } from './queue/callbacks/webhook-secret.js';
import { createJobService, type JobService } from './queue/job-service.js';
import { createRunner, type Runner, type RunnerOptions } from './queue/runner.js';
import { createGraphileRunner } from './queue/graphile-runner.js';
import { cloudStatusRecord, type ResultUrlOf } from './queue/status-record.js';
import { projectUrl } from '../shared/schemas/projects.js';
import { TaskEvents } from './queue/task-events.js';
import { relayBetweenNodes } from './queue/node-relay.js';
import { createTaskTransitions, type TaskTransitions } from './queue/task-transitions.js';
import { acquireDataDirLock } from './store/data-dir-lock.js';
import { openPostgresStore, openSqliteStore, type OpenedStore } from './store/open-store.js';
import type { IdempotencyRepository } from './store/idempotency-repository.js';
import type { KeysRepository } from './store/keys-repository.js';
import { loadSettingsCache, type SettingsCache } from './store/settings-cache.js';
import type { TaskLogsRepository } from './store/task-logs-repository.js';
import type { TasksRepository } from './store/tasks-repository.js';
import type { GlossariesRepository } from './store/glossaries-repository.js';
import type { Store } from './store/store.js';
import { createKindRegistry, pipelinesOf, type KindRegistry } from './pipelines/kinds.js';
import { storedPlan } from './plans/job-plan.js';
import type { JobPlan } from '../shared/schemas/job-plan.js';
import type { JobKindModule } from './pipelines/kind.js';
import { reusableFolderEngine } from './engines/lipsync/reusable-data.js';
import type { ReusableModelFolders } from './pipelines/reusable-lipsync/make-model.js';
import { createSharedDataFolders } from './files/shared-data-folders.js';
import { checkBody, describeValidation } from './requests/body-validation.js';
import { DubDeskError } from '../shared/errors.js';
import { createEngines, type Engines, type EngineSet } from './engines/registry.js';
import { createEngineSet } from './engines/engine-set.js';
import { combinedVoices, createVoiceSampleCache, type VoiceSampleCache } from './engines/tts/voice-samples.js';
import type { SubtitleStylesRepository } from './store/subtitle-styles-repository.js';
import { intakeRequest } from './requests/intake.js';
import { snapshotJobResources } from './requests/resource-snapshot.js';
import type { JobKind } from '../shared/jobs.js';
import type { FetchInputsDeps } from './pipelines/fetch-inputs-stage.js';
import { createModelStore, type ModelStore, type ModelStoreOptions } from './models/model-store.js';
import { createServiceLog, type ServiceLog } from './logging/service-log.js';
import { createProjectService, type ProjectService } from './projects/project-service.js';
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

export interface SubmitOptions {
  /** The same key within 24 h returns the first task's id without checking the body again. */
  idempotencyKey?: string;
  /** What validation messages call the body ("body" for HTTP, the request file for the CLI). */
  bodyName?: string;
}

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
  /** Checks a create request of that kind (fields, local inputs, engines it needs) before it is queued. */
  intake(kind: string, request: Record<string, unknown>): Promise<{ inputName: string }>;
  /** Validates a create body against its kind's schema, runs the kind's intake checks and queues the job (the API and `dubdesk run`). */
  submit(kind: string, body: unknown, options?: SubmitOptions): Promise<{ taskId: string }>;
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

/** The setting where a service on a shared database records its address, for workers' result links. */
const SERVICE_URL_SETTING = 'service_url';

/** The one place everything is wired; native handles are closed in reverse order by close(). */
export async function createCore(config: DubDeskConfig, options: CoreOptions = {}): Promise<Core> {
  const paths = dataPaths(config.dataDir);
  // Before anything is written: the database and the log hold secrets.
  const madePrivate = makeDataFolderPrivate(paths);
  const releaseLock = acquireDataDirLock(paths.lockFile);
  let database: OpenedStore;
  try {
    database = config.databaseUrl
      ? await openPostgresStore(config.databaseUrl, {
          applicationName: `dubdesk ${os.hostname()}`,
          // Without shared storage a service's files are in its own data folder: one service per database, and no workers.
          serviceLock: !options.workerOnly && !config.storage,
          onIdleError: (error) =>
            options.log?.(`PostgreSQL connection lost (${error.message}); it is replaced at the next query.`),
        })
      : openSqliteStore(paths.database, { nativeBinding: config.sqliteNativeBinding });
  } catch (error) {
    releaseLock();
    throw error;
  }
  // Shared storage (scale-out): uploads, results and work folders live there; the data folder keeps local copies.
  let storage: SharedStorage | undefined;
  try {
    storage = config.storage ? await openStorage(config.storage) : undefined;
  } catch (error) {
    await database.close();
    releaseLock();
    throw error;
  }
  const { store } = database;
  const serviceLog = createServiceLog({ dir: paths.logs });
  // Every line of the `log` option also lands in the service log, whatever the caller does with it.
  const log = (line: string, level: 'info' | 'warn' | 'error' = 'info') => {
    serviceLog.logger[level](line);
    options.log?.(line);
  };
  if (madePrivate.length > 0) log(describeModeChanges(paths.root, madePrivate), 'warn');
  const { tasks, logs, keys, idempotency, glossaries, reusableModels, subtitleStyles, outbox } = store;
  const settings = await loadSettingsCache(store.settings);
  const events = new TaskEvents();
  const files = createFileStore({ records: store.files, paths, maxInputBytes: config.maxInputBytes, storage });
  const signer = createFileUrlSigner(await settings.getOrInit('file_url_secret', randomToken(32)));
  const models = createModelStore({ ...options.models, modelsDir: paths.models });
  const media = resolveMediaTools({ ffmpegPath: config.ffmpegPath, ffprobePath: config.ffprobePath });
  const addressPolicy = { refusePrivate: config.refusePrivateAddresses };
  const built = createEngineSet({
    models,
    media,
    settings,
    cacheDir: path.join(paths.root, 'engines'),
    connectGuard: { policy: addressPolicy },
    registered: options.registeredEngines,
  });
  const engines = createEngines({ ...built.set, ...options.engines }, models, settings);
  const voiceSamples = createVoiceSampleCache({
    engine: combinedVoices(engines),
    cacheDir: path.join(paths.root, 'voice-samples'),
  });
  const webhookSecret = await resolveWebhookSecret(settings, config.webhookSecret);
  serviceLog.addSecret(webhookSecret);
  serviceLog.addSecret(config.apiKey);
  serviceLog.addSecret(settings.get('llm_api_key'));
  // This process's id for its task leases and callback claims.
  const owner = newId();
  const callbacks = createCallbackDeliverer({
    outbox,
    owner,
    secret: webhookSecret,
    version: DUBDESK_VERSION,
    connectGuard: { policy: addressPolicy },
    log: (level, message) => log(`[callbacks] ${level}: ${message}`, level),
  });
  // A service knows its own address once it listens; a worker without HTTP links results to the service's address,
  // which the service records in the shared settings (callbacks a worker queues carry result URLs).
  let listeningUrl: string | undefined;
  const baseUrl = () => listeningUrl ?? settings.get(SERVICE_URL_SETTING) ?? `http://${config.host}:${config.port}`;
  const fileUrl = (fileId: string) => signer.fileUrl(baseUrl(), fileId);
  const resultUrls: ResultUrlOf = { file: fileUrl, project: (projectId) => projectUrl(baseUrl(), projectId) };

  const kinds = createKindRegistry(options.kinds);
  // One planner for create, legacy tasks' first run and the API's plan answer: the kind's, over this core's engines.
  const planJob = (kindId: string, request: Record<string, unknown>): JobPlan | undefined => {
    const kind = kinds.find(kindId);
    return kind?.plan ? storedPlan(kind.plan(request, engines), new Date()) : undefined;
  };
  const statusShapeOf = (kind: string) => kinds.find(kind)?.statusShape ?? 'result';
  const transitions = createTaskTransitions({
    store,
    events,
    statusesOf: kinds.statusesOf,
    async onStatusChanged(task, tx) {
      if (!task.callbackUrl) return;
      await tx.outbox.enqueue({
        taskId: task.id,
        url: task.callbackUrl,
        body: cloudStatusRecord(task, resultUrls, statusShapeOf(task.kind)),
      });
    },
    afterStatusChanged(task) {
      if (task.callbackUrl) setImmediate(() => callbacks.kick());
    },
  });
  const workDirFor = (taskId: string) => jobWorkDir(paths, taskId);
  const workFolders = storage
    ? createWorkFolders({ storage, workDirFor, stateDir: path.join(paths.cache, 'work-folders') })
    : undefined;
  // A task's work folder brought here before its outputs are read outside its job (it may have run on another machine).
  const fetchWorkFolder = workFolders ? (taskId: string) => workFolders.pull(taskId) : undefined;
  const sharedFolders = storage ? createSharedDataFolders(storage, paths.root) : undefined;
  // A reusable model's folder, here: with shared storage, fetched on first use (another machine may have made it).
  const reusableModelFolder = async (relative: string) =>
    sharedFolders?.local(relative) ?? path.join(paths.root, relative);
  const reusableFolders: ReusableModelFolders = {
    dataDir: paths.root,
    workDirFor,
    fetchWorkFolder,
    shareFolder: sharedFolders?.share,
    removeSharedFolder: sharedFolders?.remove,
  };
  // What request checks consult, at create time and again in each job's first stage.
  const inputEnvironment: FetchInputsDeps & { engines: Engines } = {
    files,
    media,
    glossaries,
    models,
    engines,
    baseUrl,
    maxInputBytes: config.maxInputBytes,
    addressPolicy,
    // An upload URL signed here is ours whichever service address it names (expiry aside: the task was accepted).
    ownsFileUrl: (fileId, token) => signer.verifyToken(fileId, token, 0),
    // With shared storage a work folder moves between machines, so it holds copies of its local inputs.
    copyLocalInputs: Boolean(storage),
    reusableModelExists: async (id) => (await reusableModels.get(id)) !== undefined,
    reusableModelEngine: async (id) => {
      const record = await reusableModels.get(id);
      return record ? reusableFolderEngine(await reusableModelFolder(record.path)) : 'unreadable';
    },
    subtitleStyleExists: async (id) => (await subtitleStyles.get(id)) !== undefined,
  };
  // A job's error lines (an internal error's stack) also go to the service log, which a failed job's message points at.
  const runnerLogs: TaskLogsRepository = {
    ...logs,
    async append(taskId, level, message, at) {
      if (level === 'error') serviceLog.logger.error({ taskId }, message);
      await logs.append(taskId, level, message, at);
    },
  };
  const pipelines = pipelinesOf(kinds, {
    ...inputEnvironment,
    models,
    fontconfigDir: path.join(paths.root, 'fontconfig'),
    loudnessLufs: config.loudnessLufs,
    maxStretch: config.maxStretch,
    reusableModelDir: async (id) => {
      const record = await reusableModels.get(id);
      return record ? reusableModelFolder(record.path) : undefined;
    },
  });
  // The runner stores projects through this service, which needs the job service the runner feeds: made after both.
  let projects: ProjectService | undefined;
  const runnerOptions: RunnerOptions = {
    tasks,
    transitions,
    logs: runnerLogs,
    pipelines,
    planLate: (task) => planJob(task.kind, task.request),
    workDirFor,
    workFolderFor: workFolders?.forTask,
    concurrency: config.concurrency,
    owner,
    workerName: `${os.hostname()}:${process.pid}`,
    workers: store.workers,
    retryDelayMs: options.retryDelayMs ?? jobRetryDelayMs,
    reportError: (message) => log(`[runner] ${message}`, 'error'),
    async publishResults(task, produced, workDir) {
      const result: Record<string, string> = {};
      for (const file of produced) {
        const record = await files.registerResult(task.id, path.join(workDir, file.path), file.name);
        result[file.role] = record.id;
      }
      return result;
    },
    publishProject: (task, draft) => projects!.publish(task, draft, workDirFor(task.id)),
  };
  // On PostgreSQL graphile-worker hands out the jobs, to this process and to `dubdesk worker` processes elsewhere.
  const runner = config.databaseUrl
    ? createGraphileRunner({
        ...runnerOptions,
        connectionString: config.databaseUrl,
        db: store.client,
        kinds: config.workerKinds ?? null,
        log: (level, message) => log(`[runner] ${message}`, level),
      })
    : createRunner(runnerOptions);
  const jobs = createJobService({
    store,
    runner,
    events,
    workDirFor,
    statusesOf: kinds.statusesOf,
    workFolders,
    planJob,
    snapshotResources: (request, workDir) => snapshotJobResources(request, workDir, { glossaries, subtitleStyles }),
    deleteTaskFiles: async (taskId) => {
      await projects!.removeTaskProjectFiles(taskId);
      await files.deleteForTask(taskId);
      await workFolders?.remove(taskId);
    },
    maxQueuedJobs: config.maxQueuedJobs,
  });

  projects = createProjectService({
    projects: store.projects,
    tasks,
    jobs,
    files,
    engines,
    media,
    pipelines,
    projectsDir: paths.projects,
    workDirFor,
    fetchWorkFolder,
    fileUrl,
    baseUrl,
    maxStretch: config.maxStretch,
    log,
  });

  const intake = (kind: JobKindModule, request: Record<string, unknown>) =>
    intakeRequest(kind, request, { ...inputEnvironment, baseUrl: baseUrl() });
  let started = false;
  let stopRelay: (() => Promise<void>) | undefined;

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
    reusableFolders,
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
    async setBaseUrl(url) {
      listeningUrl = url.replace(/\/+$/, '');
      if (config.databaseUrl) await settings.set(SERVICE_URL_SETTING, listeningUrl);
    },
    fileUrl,
    resultUrls,
    kinds,
    pipelines,
    intake: (kind, request) => intake(kinds.get(kind), request),
    inputRulesOf: (kind, request) => kinds.find(kind)?.intake.inputRules(request) ?? [],
    async submit(kindId, body, submitOptions = {}) {
      const kind = kinds.get(kindId);
      // The same validator as the HTTP routes' (api/validation.ts): strict types, unknown fields refused, defaults filled.
      const checked = checkBody(kind.requestSchema, body);
      if (!checked.ok)
        throw new DubDeskError('invalid_request', describeValidation(checked.errors, submitOptions.bodyName ?? 'body'));
      const request = body as Record<string, unknown>;
      const { idempotencyKey } = submitOptions;
      if (idempotencyKey) {
        const existing = await idempotency.find(idempotencyKey, kind.id as JobKind, Date.now());
        if (existing && (await tasks.get(existing))) return { taskId: existing };
      }
      const { inputName } = await intake(kind, request);
      // A registered kind's id is stored like a built-in one's; JobKind names only the contract's kinds.
      const { taskId } = await jobs.create(kind.id as JobKind, request, {
        idempotencyKey,
        inputName,
        callbackUrl: (request.callback_url as string | undefined) ?? null,
      });
      return { taskId };
    },
    async start() {
      if (started) return;
      started = true;
      if (database.notices) {
        stopRelay = relayBetweenNodes({
          events,
          settings,
          notices: database.notices,
          tasks,
          node: owner,
          onError: (error) =>
            log(`[nodes] listening for other nodes' changes failed (${error.message}); trying again`, 'warn'),
        });
        // The address recorded before the relay ran (setBaseUrl) reaches workers started earlier.
        if (listeningUrl) settings.onChange?.();
      }
      const swept = await sweepStaleTempFolders().catch((error: Error) => {
        log(`Could not look for temporary engine folders left in ${os.tmpdir()}: ${error.message}`, 'warn');
        return [];
      });
      if (swept.length > 0)
        log(
          `Removed ${swept.length} temporary engine folder(s) left in ${os.tmpdir()} by a process that was stopped mid-call.`,
        );
      // Expired idempotency keys and callbacks finished a week ago are only history; keep the tables small.
      await idempotency.prune(Date.now());
      await outbox.pruneFinished(Date.now() - 7 * 24 * 60 * 60 * 1000);
      // This process owns the data folder's SQLite file: a claim of any other owner is a killed process's.
      if (!config.databaseUrl) await outbox.releaseForeignClaims(owner);
      await runner.start();
      callbacks.start();
    },
    async close() {
      // The line being spoken uses the engines, the files and the database closed below.
      await projects!.close();
      await runner.stop();
      await callbacks.stop();
      await stopRelay?.();
      await engines.dispose();
      await models.close();
      await storage?.close();
      await database.close();
      await serviceLog.close();
      releaseLock();
    },
  };
}
