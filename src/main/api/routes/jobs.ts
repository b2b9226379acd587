import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DubDeskError } from '../../../shared/errors.js';
import { KIND_ROUTES, type JobKind } from '../../../shared/jobs.js';
import { ErrorBodySchema, TaskIdParams, TaskReferenceSchema } from '../../../shared/schemas/common.js';
import {
  FrameTranslateRequestSchema, FrameTranslateStatusSchema, LipsyncRequestSchema, LipsyncStatusSchema,
  ReusableLipsyncRequestSchema, TranslateRequestSchema, TranslateStatusSchema,
} from '../../../shared/schemas/jobs.js';
import type { Core } from '../../core.js';
import { cloudStatusRecord } from '../../queue/status-record.js';
import type { App } from '../app-types.js';

const KIND_SCHEMAS: Record<JobKind, { request: object; status: object; summary: string }> = {
  lipsync: { request: LipsyncRequestSchema, status: LipsyncStatusSchema, summary: 'lip-sync job' },
  reusable_lipsync: { request: ReusableLipsyncRequestSchema, status: LipsyncStatusSchema, summary: 'reusable-model lip-sync job' },
  translate: { request: TranslateRequestSchema, status: TranslateStatusSchema, summary: 'translate and dub job' },
  frame_translate: { request: FrameTranslateRequestSchema, status: FrameTranslateStatusSchema, summary: 'visual translate job' },
};

const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) });

/** The cloud-shaped create and status operations of every job kind (docs/api.md "Job routes at a glance"). */
export async function jobRoutes(app: App, { core }: { core: Core }): Promise<void> {
  for (const kind of Object.keys(KIND_ROUTES) as JobKind[]) {
    const route = KIND_ROUTES[kind];
    const schemas = KIND_SCHEMAS[kind];

    app.post(route, {
      schema: { body: schemas.request, headers: IdempotencyHeaders, response: { 200: TaskReferenceSchema, 400: ErrorBodySchema } },
      config: { summary: `Create a ${schemas.summary}` },
    }, async (request: FastifyRequest) => {
      const body = request.body as Record<string, unknown>;
      const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? undefined;
      if (idempotencyKey) {
        const existing = core.idempotency.find(idempotencyKey, kind, Date.now());
        if (existing && core.tasks.get(existing)) return { task_id: existing };
      }
      const { inputName } = await core.intake(kind, body);
      const { taskId } = core.jobs.create(kind, body, {
        idempotencyKey, inputName, callbackUrl: (body.callback_url as string | undefined) ?? null,
      });
      return { task_id: taskId };
    });

    app.get(`${route}/:task_id`, {
      schema: { params: TaskIdParams, response: { 200: schemas.status, 404: ErrorBodySchema } },
      config: { summary: `Status of a ${schemas.summary}` },
    }, async (request) => {
      const task = core.jobs.get(request.params.task_id);
      if (task.kind !== kind) throw new DubDeskError('not_found', `Task ${task.id} is not a ${schemas.summary}; see GET /v1/tasks/${task.id}.`);
      return cloudStatusRecord(task, core.fileUrl);
    });
  }
}
