import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { Core } from '../core.js';
import type { App } from './app-types.js';
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
import { reusableModelRoutes } from './routes/reusable-models.js';
import { subtitleStyleRoutes } from './routes/subtitle-styles.js';
import { voiceRoutes } from './routes/voices.js';
import { taskRoutes } from './routes/tasks.js';
import { hostsFor, installSecurity } from './security.js';
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
  // Every answer names its request, so a user can find its line in the service log (SSE sets it on its own head).
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  installSecurity(app, {
    keys: core.keys,
    runKey: core.config.apiKey,
    // The bound host, not the base URL's: bound to all interfaces, the machine's own addresses reach us too.
    allowedHosts: () => hostsFor(core.config.host, Number(new URL(core.baseUrl()).port)),
  });
  const routes = collectRoutes(app);
  await app.register(jobRoutes, { core });
  await app.register(taskRoutes, { core });
  await app.register(keyRoutes, { core });
  await app.register(eventRoutes, { core });
  await app.register(fileRoutes, { files: core.files, signer: core.signer, baseUrl: () => core.baseUrl() });
  await app.register(glossaryRoutes, { core });
  await app.register(modelRoutes, { models: core.models });
  await app.register(reusableModelRoutes, { core });
  await app.register(subtitleStyleRoutes, { styles: core.subtitleStyles });
  await app.register(voiceRoutes, { voices: () => core.engines.voices(), sampleFile: core.voiceSamples.sampleFile, baseUrl: () => core.baseUrl() });
  await app.register(metaRoutes, { core, routes });
  await app.register(guiRoutes, { rendererDir: options.rendererDir ?? '' });
  return app;
}
