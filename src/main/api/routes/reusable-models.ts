import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { StrictObject } from '../../../shared/schemas/common.js';
import { newId } from '../../ids.js';
import {
  makeReusableModelFolder,
  removeReusableModelFolder,
  type ReusableModelFolders,
} from '../../pipelines/reusable-lipsync/make-model.js';
import type { JobService } from '../../queue/job-service.js';
import type { ReusableModelRecord, ReusableModelsRepository } from '../../store/reusable-models-repository.js';
import type { App } from '../app-types.js';

export interface ReusableModelRoutesOptions {
  /** Finds the task a model is made from (not_found when it does not exist). */
  jobs: Pick<JobService, 'get'>;
  models: ReusableModelsRepository;
  folders: ReusableModelFolders;
}

const ModelRecord = Type.Object(
  { model_id: Type.String(), task_id: Type.String(), created_at: Type.String() },
  { $id: 'ReusableLipsyncModel' },
);
const Params = Type.Object({ model_id: Type.String({ minLength: 1, maxLength: 64 }) });

function present(record: ReusableModelRecord) {
  return { model_id: record.id, task_id: record.taskId, created_at: new Date(record.createdAt).toISOString() };
}

/** Reusable lip-sync models made from finished precision_v1 tasks (docs/api.md "Reusable-model lip-sync"). */
export async function reusableModelRoutes(
  app: App,
  { jobs, models, folders }: ReusableModelRoutesOptions,
): Promise<void> {
  const find = async (id: string) => {
    const record = await models.get(id);
    if (!record) throw new DubDeskError('not_found', `Reusable lip-sync model ${id} does not exist.`);
    return record;
  };

  app.post(
    '/v1/reusable_lipsync_models',
    {
      schema: {
        body: StrictObject({ task_id: Type.String({ minLength: 1, maxLength: 64 }) }),
        response: { 200: Type.Object({ model_id: Type.String() }) },
      },
      config: {
        operationId: 'createReusableLipsyncModel',
        summary: 'Make a reusable lip-sync model',
        description:
          'Keeps the face a finished `precision_v1` lip-sync task prepared, so reusable-model jobs ' +
          'make new videos of it from audio alone. ' +
          'A task of another kind or model is `invalid_request`; one that has not finished is `conflict`; an unknown task is `not_found`.',
        errors: ['conflict', 'not_found'],
      },
    },
    async (request) => {
      const task = await jobs.get(request.body.task_id);
      const id = newId();
      const path = await makeReusableModelFolder(task, id, folders);
      await models.insert({ id, taskId: task.id, path, createdAt: Date.now() });
      return { model_id: id };
    },
  );

  app.get(
    '/v1/reusable_lipsync_models',
    {
      schema: { response: { 200: Type.Object({ models: Type.Array(ModelRecord) }) } },
      config: {
        operationId: 'listReusableLipsyncModels',
        summary: 'List reusable lip-sync models',
        description: 'Every reusable lip-sync model with the task it was made from.',
      },
    },
    async () => ({ models: (await models.list()).map(present) }),
  );

  app.get(
    '/v1/reusable_lipsync_models/:model_id',
    {
      schema: { params: Params, response: { 200: ModelRecord } },
      config: {
        operationId: 'getReusableLipsyncModel',
        summary: 'One reusable lip-sync model',
        description: 'The model and the task it was made from.',
      },
    },
    async (request) => present(await find(request.params.model_id)),
  );

  app.delete(
    '/v1/reusable_lipsync_models/:model_id',
    {
      schema: { params: Params },
      config: {
        operationId: 'deleteReusableLipsyncModel',
        summary: 'Delete a reusable lip-sync model',
        description: 'Deletes the model and its prepared data; jobs that name it afterwards answer `not_found`.',
        responseContent: { 204: {} },
      },
    },
    async (request, reply) => {
      const record = await find(request.params.model_id);
      await models.delete(record.id);
      await removeReusableModelFolder(record.path, folders);
      return reply.status(204).send();
    },
  );
}
