import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { StrictObject } from '../../../shared/schemas/common.js';
import { newId } from '../../ids.js';
import { makeReusableModelFolder, removeReusableModelFolder, type ReusableModelFolders } from '../../pipelines/reusable-lipsync/make-model.js';
import type { JobService } from '../../queue/job-service.js';
import type { ReusableModelRecord, ReusableModelsRepository } from '../../store/reusable-models-repository.js';
import type { App } from '../app-types.js';

export interface ReusableModelRoutesOptions {
  /** Finds the task a model is made from (not_found when it does not exist). */
  jobs: Pick<JobService, 'get'>;
  models: ReusableModelsRepository;
  folders: ReusableModelFolders;
}

const ModelRecord = Type.Object({ model_id: Type.String(), task_id: Type.String(), created_at: Type.String() });
const Params = Type.Object({ model_id: Type.String({ minLength: 1, maxLength: 64 }) });

function present(record: ReusableModelRecord) {
  return { model_id: record.id, task_id: record.taskId, created_at: new Date(record.createdAt).toISOString() };
}

/** Reusable lip-sync models made from finished precision_v1 tasks (docs/api.md "Reusable-model lip-sync"). */
export async function reusableModelRoutes(app: App, { jobs, models, folders }: ReusableModelRoutesOptions): Promise<void> {
  const find = (id: string) => {
    const record = models.get(id);
    if (!record) throw new DubDeskError('not_found', `Reusable lip-sync model ${id} does not exist.`);
    return record;
  };

  app.post('/v1/reusable_lipsync_models', {
    schema: { body: StrictObject({ task_id: Type.String({ minLength: 1, maxLength: 64 }) }), response: { 200: Type.Object({ model_id: Type.String() }) } },
    config: { summary: 'Make a reusable lip-sync model from a finished precision_v1 lip-sync task' },
  }, async (request) => {
    const task = jobs.get(request.body.task_id);
    const id = newId();
    const path = await makeReusableModelFolder(task, id, folders);
    models.insert({ id, taskId: task.id, path, createdAt: Date.now() });
    return { model_id: id };
  });

  app.get('/v1/reusable_lipsync_models', {
    schema: { response: { 200: Type.Object({ models: Type.Array(ModelRecord) }) } },
    config: { summary: 'List reusable lip-sync models' },
  }, async () => ({ models: models.list().map(present) }));

  app.get('/v1/reusable_lipsync_models/:model_id', {
    schema: { params: Params, response: { 200: ModelRecord } },
    config: { summary: 'One reusable lip-sync model' },
  }, async (request) => present(find(request.params.model_id)));

  app.delete('/v1/reusable_lipsync_models/:model_id', {
    schema: { params: Params },
    config: { summary: 'Delete a reusable lip-sync model and its data' },
  }, async (request, reply) => {
    const record = find(request.params.model_id);
    models.delete(record.id);
    await removeReusableModelFolder(record.path, folders.dataDir);
    return reply.status(204).send();
  });
}
