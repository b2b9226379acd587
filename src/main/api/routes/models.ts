// /v1/models: list the catalogue with install state, install (download in background or import from disk), remove.
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
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
    ...(record.commercialUse ? { commercial_use: record.commercialUse } : {}),
    ...(record.commercialNote ? { commercial_note: record.commercialNote } : {}),
    size_bytes: record.sizeBytes,
    ...(record.homepage ? { homepage: record.homepage } : {}),
    ...(record.usedBy ? { used_by: record.usedBy } : {}),
    files: record.files.map((f) =>
      f.sizeBytes !== undefined ? { name: f.name, size_bytes: f.sizeBytes } : { name: f.name },
    ),
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

export async function modelRoutes(app: App, opts: ModelRoutesOptions): Promise<void> {
  const { models } = opts;

  app.get(
    '/v1/models',
    {
      config: {
        operationId: 'listModels',
        summary: 'List the model catalogue',
        description:
          'Every model DubDesk knows, with whether it is installed, its size, its license and ' +
          'whether that allows commercial use, the engine that uses it and the progress of an ' +
          'install under way.',
      },
      schema: { response: { 200: schemas.ModelList } },
    },
    async () => ({ models: models.list().map(toApiModel) }),
  );

  app.get(
    '/v1/models/:id',
    {
      config: {
        operationId: 'getModel',
        summary: 'One model of the catalogue',
        description: 'The model with its install state (and the reason when its last install failed).',
      },
      schema: { params: schemas.ModelIdParams, response: { 200: schemas.ModelRecord } },
    },
    async (request) => toApiModel(models.get(request.params.id)),
  );

  app.post(
    '/v1/models',
    {
      config: {
        operationId: 'installModel',
        summary: 'Install a model',
        description:
          'Downloads the model from its public URL in the background (202; follow it with GET /v1/models/{id} or the event stream), ' +
          'or imports it from a file or folder on this machine given as an absolute `source_path` (201). An installed model answers 200. ' +
          'A file that is not that model (wrong format, signature or checksum) is `unsupported_media`.',
        role: 'admin',
        errors: ['not_found', 'unsupported_media', 'conflict', 'out_of_disk'],
      },
      schema: {
        body: schemas.InstallModelBody,
        response: { 200: schemas.ModelRecord, 201: schemas.ModelRecord, 202: schemas.ModelRecord },
      },
    },
    async (request, reply) => {
      const { id, source_path: sourcePath } = request.body;
      const current = models.get(id);
      requireUsed(current);
      if (sourcePath !== undefined) {
        // The service's working folder means nothing to a script: only absolute paths are accepted.
        if (!path.isAbsolute(sourcePath))
          throw new DubDeskError('invalid_request', `source_path must be an absolute path; got '${sourcePath}'.`);
        const record = await models.importFrom(id, sourcePath);
        return reply.status(201).send(toApiModel(record));
      }
      if (current.installed) return reply.status(200).send(toApiModel(current));
      // The outcome is recorded in the store (GET shows `install.state: failed` with the reason) and published as events.
      models.install(id).catch(() => undefined);
      return reply.status(202).send(toApiModel(models.get(id)));
    },
  );

  app.delete(
    '/v1/models/:id',
    {
      config: {
        operationId: 'removeModel',
        summary: 'Remove an installed model',
        description:
          'Deletes the model files (and cancels an install under way); answers the model as it now ' +
          'is. Jobs that need it then fail with `model_not_installed`.',
        role: 'admin',
      },
      schema: { params: schemas.ModelIdParams, response: { 200: schemas.ModelRecord } },
    },
    async (request) => {
      await models.remove(request.params.id);
      return toApiModel(models.get(request.params.id));
    },
  );
}
