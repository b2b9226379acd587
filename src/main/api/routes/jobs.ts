import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { ErrorBodySchema, TaskIdParams, TaskReferenceSchema } from '../../../shared/schemas/common.js';
import type { KindRegistry } from '../../pipelines/kinds.js';
import type { JobService } from '../../queue/job-service.js';
import { cloudStatusRecord, type ResultUrlOf } from '../../queue/status-record.js';
import type { App } from '../app-types.js';

const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) });

export interface JobRoutesOptions {
  kinds: Pick<KindRegistry, 'list'>;
  /** core.submit: validate against the kind's schema, intake, create. */
  submit(kind: string, body: unknown, options: { idempotencyKey?: string }): Promise<{ taskId: string }>;
  jobs: Pick<JobService, 'get'>;
  resultUrls: ResultUrlOf;
}

/** The cloud-shaped create and status operations of every registered job kind (docs/api.md "Job routes at a glance"). */
export async function jobRoutes(app: App, { kinds, submit, jobs, resultUrls }: JobRoutesOptions): Promise<void> {
  for (const kind of kinds.list()) {
    // The body schema here also drives the OpenAPI document; core.submit validates with the same compiler.
    app.post(kind.route, {
      schema: { body: kind.requestSchema, headers: IdempotencyHeaders, response: { 200: TaskReferenceSchema, 400: ErrorBodySchema } },
      config: { summary: `Create a ${kind.title} job` },
    }, async (request: FastifyRequest) => {
      const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? undefined;
      const { taskId } = await submit(kind.id, request.body, { idempotencyKey });
      return { task_id: taskId };
    });

    app.get(`${kind.route}/:task_id`, {
      schema: { params: TaskIdParams, response: { 200: kind.statusSchema, 404: ErrorBodySchema } },
      config: { summary: `Status of a ${kind.title} job` },
    }, async (request) => {
      const task = jobs.get(request.params.task_id);
      if (task.kind !== kind.id) throw new DubDeskError('not_found', `Task ${task.id} is not a ${kind.title} job; see GET /v1/tasks/${task.id}.`);
      return cloudStatusRecord(task, resultUrls, kind.statusShape);
    });
  }
}
