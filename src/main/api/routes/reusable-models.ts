import { cp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { StrictObject } from '../../../shared/schemas/common.js';
import { jobWorkDir } from '../../config.js';
import type { Core } from '../../core.js';
import { newId } from '../../ids.js';
import type { ReusableModelRecord } from '../../store/reusable-models-repository.js';
import type { App } from '../app-types.js';
import { REUSABLE_DIR } from '../../pipelines/lipsync/precision/reusable-data.js';


const ModelRecord = Type.Object({ model_id: Type.String(), task_id: Type.String(), created_at: Type.String() });
const Params = Type.Object({ model_id: Type.String({ minLength: 1, maxLength: 64 }) });

function present(record: ReusableModelRecord) {
  return { model_id: record.id, task_id: record.taskId, created_at: new Date(record.createdAt).toISOString() };
}

/** Reusable lip-sync models made from finished precision_v1 tasks (docs/api.md "Reusable-model lip-sync"). */
export async function reusableModelRoutes(app: App, { core }: { core: Core }): Promise<void> {
  const find = (id: string) => {
    const record = core.reusableModels.get(id);
    if (!record) throw new DubDeskError('not_found', `Reusable lip-sync model ${id} does not exist.`);
    return record;
  };

  app.post('/v1/reusable_lipsync_models', {
    schema: { body: StrictObject({ task_id: Type.String({ minLength: 1, maxLength: 64 }) }), response: { 200: Type.Object({ model_id: Type.String() }) } },
    config: { summary: 'Make a reusable lip-sync model from a finished precision_v1 lip-sync task' },
  }, async (request) => {
    const task = core.jobs.get(request.body.task_id);
    if (task.kind !== 'lipsync' || task.request.model !== 'precision_v1') {
      throw new DubDeskError('invalid_request', `Task ${task.id} is not a precision_v1 lip-sync task; only those can become reusable models.`);
    }
    if (task.status !== 'done') throw new DubDeskError('conflict', `Task ${task.id} is ${task.status}; wait until it is done.`);
    const source = path.join(jobWorkDir(core.paths, task.id), REUSABLE_DIR);
    if (!(await stat(source).catch(() => null))?.isDirectory()) {
      throw new DubDeskError('conflict', `Task ${task.id} kept no face data to reuse (its work folder was cleaned); run the lip-sync again.`);
    }
    const id = newId();
    const relative = path.join('reusable_models', id);
    await cp(source, path.join(core.paths.root, relative), { recursive: true });
    core.reusableModels.insert({ id, taskId: task.id, path: relative, createdAt: Date.now() });
    return { model_id: id };
  });

  app.get('/v1/reusable_lipsync_models', {
    schema: { response: { 200: Type.Object({ models: Type.Array(ModelRecord) }) } },
    config: { summary: 'List reusable lip-sync models' },
  }, async () => ({ models: core.reusableModels.list().map(present) }));

  app.get('/v1/reusable_lipsync_models/:model_id', {
    schema: { params: Params, response: { 200: ModelRecord } },
    config: { summary: 'One reusable lip-sync model' },
  }, async (request) => present(find(request.params.model_id)));

  app.delete('/v1/reusable_lipsync_models/:model_id', {
    schema: { params: Params },
    config: { summary: 'Delete a reusable lip-sync model and its data' },
  }, async (request, reply) => {
    const record = find(request.params.model_id);
    core.reusableModels.delete(record.id);
    await rm(path.join(core.paths.root, record.path), { recursive: true, force: true });
    return reply.status(204).send();
  });
}
