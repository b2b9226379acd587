import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { DubDeskError, type ErrorCode } from '../../../shared/errors.js';
import { TaskIdParams, TaskReferenceSchema } from '../../../shared/schemas/common.js';
import type { KindRegistry } from '../../pipelines/kinds.js';
import type { JobService } from '../../queue/job-service.js';
import { cloudStatusRecord, type ResultUrlOf } from '../../queue/status-record.js';
import type { App } from '../app-types.js';

/**
 * What a create can answer besides the errors of every route: its field and local-input checks (requests/intake.ts and
 * the kind's intake), the queue's limit, and a full disk while the job's resources are copied. Remote inputs are
 * fetched by the job, so download_failed and engine errors reach its status, never the create answer.
 */
const CREATE_ERRORS: readonly ErrorCode[] = [
  'conflicting_fields',
  'too_many_glossaries',
  'unsupported_language',
  'unsupported_media',
  'media_too_long',
  'invalid_subtitle',
  'model_not_installed',
  'not_found',
  'media_unreadable',
  'no_audio',
  'rate_limited',
  'out_of_disk',
];

const IdempotencyHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
});

export interface JobRoutesOptions {
  kinds: Pick<KindRegistry, 'list'>;
  /** core.submit: validate against the kind's schema, intake, create. */
  submit(
    kind: string,
    body: unknown,
    options: { idempotencyKey?: string; resultBaseUrl?: string },
  ): Promise<{ taskId: string }>;
  jobs: Pick<JobService, 'get'>;
  /** The address a request came to when its URLs name it (all-interfaces bind); undefined: the service's own address. */
  requestBaseUrl(request: FastifyRequest): string | undefined;
  /** Result URLs under that base (the service's own when undefined). */
  resultUrls(baseUrl: string | undefined): ResultUrlOf;
}

/** The cloud-shaped create and status operations of every registered job kind (docs/api.md "Job routes at a glance"). */
export async function jobRoutes(app: App, options: JobRoutesOptions): Promise<void> {
  const { kinds, submit, jobs, requestBaseUrl, resultUrls } = options;
  for (const kind of kinds.list()) {
    // The body schema here also drives the OpenAPI document; core.submit validates with the same compiler.
    app.post(
      kind.route,
      {
        schema: { body: kind.requestSchema, headers: IdempotencyHeaders, response: { 200: TaskReferenceSchema } },
        config: {
          operationId: `create${kind.apiName}Job`,
          summary: `Create a ${kind.title} job`,
          description:
            `Validates the request, checks local inputs (type, duration, subtitles), and queues a ${kind.title} job. ` +
            'Remote inputs are fetched by the job, whose status then carries their errors. ' +
            'The same `Idempotency-Key` within 24 h answers with the first task instead of queuing another.',
          errors: CREATE_ERRORS,
          bodyExamples: kind.requestExamples,
        },
      },
      async (request: FastifyRequest) => {
        const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? undefined;
        // Its callbacks carry result URLs naming the address the task was created at (docs/api.md "URLs").
        const { taskId } = await submit(kind.id, request.body, {
          idempotencyKey,
          resultBaseUrl: requestBaseUrl(request),
        });
        return { task_id: taskId };
      },
    );

    app.get(
      `${kind.route}/:task_id`,
      {
        schema: { params: TaskIdParams, response: { 200: kind.statusSchema } },
        config: {
          operationId: `get${kind.apiName}Job`,
          summary: `Status of a ${kind.title} job`,
          description:
            `The ${kind.title} job's status record, as its callbacks carry it; result URLs download without a key. ` +
            'A task of another kind is `not_found` here (GET /v1/tasks/{task_id} shows any kind).',
        },
      },
      async (request) => {
        const task = await jobs.get(request.params.task_id);
        if (task.kind !== kind.id)
          throw new DubDeskError(
            'not_found',
            `Task ${task.id} is not a ${kind.title} job; see GET /v1/tasks/${task.id}.`,
          );
        return cloudStatusRecord(task, resultUrls(requestBaseUrl(request)), kind.statusShape);
      },
    );
  }
}
