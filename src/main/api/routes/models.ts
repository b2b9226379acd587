// /v1/models: list the catalogue with install state, install (download in background or import from disk), remove.
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { ErrorBodySchema } from '../../../shared/schemas/common.js';
import * as schemas from '../../../shared/schemas/models.js';
import { requireUsed } from '../../models/catalogue.js';
import type { InstallEvent, ModelRecord, ModelStore } from '../../models/model-store.js';
import type { App } from '../app-types.js';

export interface ModelRoutesOptions {
  models: ModelStore;
}

function toApiProgress(event: InstallEvent): schemas.InstallProgress {
  return {
    state: event.state,
    received_bytes: event.receivedBytes,
    ...(event.totalBytes !== undefined ? { total_bytes: event.totalBytes } : {}),
    ...(event.file ? { file: event.file } : {}),
    ...(event.code ? { err_code: event.code } : {}),
    ...(event.message ? { err_message: event.message } : {}),
  };
}

/** Pure: the store's record in the API's snake_case shape. */
export function toApiModel(record: ModelRecord): schemas.ModelRecord {
  return {
    id: record.id,
    task: record.task,
    title: record.title,
    description: record.description,
    license: record.license,
    size_bytes: record.sizeBytes,
    ...(record.homepage ? { homepage: record.homepage } : {}),
    ...(record.usedBy ? { used_by: record.usedBy } : {}),
    files: record.files.map((f) => (f.sizeBytes !== undefined ? { name: f.name, size_bytes: f.sizeBytes } : { name: f.name })),
    ...(record.archive ? { archive: record.archive } : {}),
    installed: record.installed,
    ...(record.installedAt ? { installed_at: record.installedAt } : {}),
    ...(record.sizeOnDisk !== undefined ? { size_on_disk: record.sizeOnDisk } : {}),
    ...(record.source ? { source: record.source } : {}),
    ...(record.install ? { install: toApiProgress(record.install) } : {}),
  };
}

/** Pure: install progress as the event stream publishes it (`{id, ...progress}`). */
export function toApiInstallEvent(event: InstallEvent): schemas.InstallProgress & { id: string } {
  return { id: event.id, ...toApiProgress(event) };
}

const errorResponses = { 400: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 500: ErrorBodySchema };

export async function modelRoutes(app: App, opts: ModelRoutesOptions): Promise<void> {
  const { models } = opts;

  app.get('/v1/models', {
    config: { summary: 'List the model catalogue with what is installed and installs in progress.' },
    schema: { response: { 200: schemas.ModelList } },
  }, async () => ({ models: models.list().map(toApiModel) }));

  app.get('/v1/models/:id', {
    config: { summary: 'One model of the catalogue with its install state.' },
    schema: { params: schemas.ModelIdParams, response: { 200: schemas.ModelRecord, 404: ErrorBodySchema } },
  }, async (request) => toApiModel(models.get(request.params.id)));

  app.post('/v1/models', {
    config: { summary: 'Install a model: download it in the background (202), or import it from a local file or folder (201).', role: 'admin' },
    schema: {
      body: schemas.InstallModelBody,
      response: { 200: schemas.ModelRecord, 201: schemas.ModelRecord, 202: schemas.ModelRecord, ...errorResponses },
    },
  }, async (request, reply) => {
    const { id, source_path: sourcePath } = request.body;
    const current = models.get(id);
    requireUsed(current);
    if (sourcePath !== undefined) {
      // The service's working folder means nothing to a script: only absolute paths are accepted.
      if (!path.isAbsolute(sourcePath)) throw new DubDeskError('invalid_request', `source_path must be an absolute path; got '${sourcePath}'.`);
      const record = await models.importFrom(id, sourcePath);
      return reply.status(201).send(toApiModel(record));
    }
    if (current.installed) return reply.status(200).send(toApiModel(current));
    // The outcome is recorded in the store (GET shows `install.state: failed` with the reason) and published as events.
    models.install(id).catch(() => undefined);
    return reply.status(202).send(toApiModel(models.get(id)));
  });

  app.delete('/v1/models/:id', {
    config: { summary: 'Remove an installed model (cancels an install in progress).', role: 'admin' },
    schema: { params: schemas.ModelIdParams, response: { 200: schemas.ModelRecord, 404: ErrorBodySchema } },
  }, async (request) => {
    await models.remove(request.params.id);
    return toApiModel(models.get(request.params.id));
  });
}
