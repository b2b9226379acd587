import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import type { Core } from '../core.js';
import { taskSummary } from '../queue/status-record.js';
import { taskDetails } from '../requests/task-details.js';
import type { App, DescribeTask } from './app-types.js';
import { clientErrorReply, frameworkErrorReply, installErrorHandling } from './errors.js';
import { REQUEST_ID_HEADER, requestIdFor } from '../logging/request-id.js';
import { collectRoutes } from './openapi.js';
import { eventRoutes } from './routes/events.js';
import { fileRoutes } from './routes/files.js';
import { glossaryRoutes } from './routes/glossaries.js';
import { guiRoutes } from './routes/gui.js';
import { jobRoutes } from './routes/jobs.js';
import { keyRoutes } from './routes/keys.js';
import { metaRoutes } from './routes/meta.js';
import { modelRoutes } from './routes/models.js';
import { projectRoutes } from './routes/projects.js';
import { reusableModelRoutes } from './routes/reusable-models.js';
import { settingsRoutes } from './routes/settings.js';
import { subtitleStyleRoutes } from './routes/subtitle-styles.js';
import { voiceRoutes } from './routes/voices.js';
import { workerRoutes } from './routes/workers.js';
import { WORKER_SILENCE_MS } from '../queue/runner.js';
import { taskRoutes } from './routes/tasks.js';
import { translatePlanRoutes } from './routes/translate-plan.js';
import { planTranslateEngines } from '../plans/translate-plan.js';
import { isLoopbackAlias } from './bind-addresses.js';
import { hostHeaderBaseUrl } from './request-base-url.js';
import { hostsFor, installSecurity } from './security.js';
import { refuseNulCharacters } from './nul-characters.js';
import { validatorCompiler } from './validation.js';

export interface BuildAppOptions {
  /** The built renderer (web mode); without it `/` says how to build the GUI. */
  rendererDir?: string;
}

/** The HTTP face of a core, not yet listening (tests can inject() without a socket). */
export async function buildApp(core: Core, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    // Requests and internal errors go to the core's service log, each line with its request id (reqId).
    loggerInstance: core.serviceLog.logger as FastifyBaseLogger,
    genReqId: requestIdFor,
    // One line per request, written when it is answered (onResponse below), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 10 * 1024 * 1024,
    // Long uploads and SSE streams must not be cut by a request timeout.
    requestTimeout: 0,
    // SSE streams are hijacked sockets; close() must end them or a shutdown would hang.
    forceCloseConnections: true,
    // Failures before routing (bad URL escapes, unparsable HTTP) answer in the catalogue's shape as well.
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: clientErrorReply,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  installErrorHandling(app, { logFile: core.serviceLog.file });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
  // Every answer names its request, so a user can find its line in the service log (SSE sets it on its own head).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  const port = () => Number(new URL(core.baseUrl()).port);
  installSecurity(app, {
    keys: core.keys,
    runKey: core.config.apiKey,
    // The bound host, not the base URL's: bound to all interfaces, the machine's own addresses reach us too.
    allowedHosts: () => hostsFor(core.config.host, port()),
    alsoAllows: (host) => isLoopbackAlias(core.config.host, host, port()),
  });
  // URLs in an answer name the address the request came to (bound to all interfaces), else the service's own.
  const hostBase = (request: FastifyRequest) => hostHeaderBaseUrl(request.headers.host, core.config.host);
  const baseUrl = (request: FastifyRequest) => hostBase(request) ?? core.baseUrl();
  refuseNulCharacters(app);
  const routes = collectRoutes(app);
  const exportedFrom = async (taskId: string) => {
    const projectId = await core.projects.exportedFrom(taskId);
    return projectId ? { exported_from_project: projectId } : {};
  };
  // Each plugin gets only what it uses.
  const describeTask: DescribeTask = async (task, request) => ({
    ...taskSummary(task, core.resultUrlsAt(hostBase(request))),
    ...(await taskDetails(task, {
      baseUrl: baseUrl(request),
      files: core.files,
      inputRulesOf: core.inputRulesOf,
      ownsFileUrl: (id, token) => core.signer.verifyToken(id, token, 0),
    })),
    stages: core.runner.stagesOf(task),
    ...(await exportedFrom(task.id)),
  });
  await app.register(jobRoutes, {
    kinds: core.kinds,
    submit: core.submit,
    jobs: core.jobs,
    requestBaseUrl: hostBase,
    resultUrls: core.resultUrlsAt,
  });
  await app.register(taskRoutes, { describe: describeTask, jobs: core.jobs, tasks: core.tasks, logs: core.logs });
  await app.register(translatePlanRoutes, { plan: (request) => planTranslateEngines(request, core.engines) });
  await app.register(keyRoutes, { keys: core.keys });
  await app.register(settingsRoutes, {
    version: core.version,
    baseUrl,
    dataDir: core.paths.root,
    webhookSecret: core.webhookSecret,
    config: core.config,
    media: core.media,
    store: core.settings,
    addSecret: (value) => core.serviceLog.addSecret(value),
  });
  await app.register(eventRoutes, {
    describe: describeTask,
    events: core.events,
    models: core.models,
    projects: core.projects.events,
  });
  await app.register(fileRoutes, { files: core.files, signer: core.signer, baseUrl });
  await app.register(glossaryRoutes, { glossaries: core.glossaries });
  await app.register(modelRoutes, { models: core.models });
  await app.register(reusableModelRoutes, {
    jobs: core.jobs,
    models: core.reusableModels,
    folders: core.reusableFolders,
  });
  await app.register(subtitleStyleRoutes, { styles: core.subtitleStyles });
  await app.register(voiceRoutes, {
    voices: () => core.engines.voices(),
    sampleFile: core.voiceSamples.sampleFile,
    baseUrl,
  });
  await app.register(metaRoutes, {
    version: core.version,
    activeTasks: () => core.tasks.countActive(),
    engines: core.engines,
    models: core.models,
    kinds: core.kinds,
    pipelines: core.pipelines,
    baseUrl,
    routes,
  });
  await app.register(projectRoutes, {
    projects: core.projects,
    urlsFor: (request) => core.resultUrlsAt(hostBase(request)),
  });
  await app.register(workerRoutes, { liveWorkers: () => core.store.workers.live(Date.now() - WORKER_SILENCE_MS) });
  await app.register(guiRoutes, { rendererDir: options.rendererDir ?? '' });
  return app;
}
