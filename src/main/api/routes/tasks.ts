import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { StringEnum, TaskIdParams } from '../../../shared/schemas/common.js';
import { TaskListQuerySchema, TaskListSchema, TaskSummarySchema } from '../../../shared/schemas/jobs.js';
import type { JobService } from '../../queue/job-service.js';
import type { TaskLogsRepository } from '../../store/task-logs-repository.js';
import type { TasksRepository } from '../../store/tasks-repository.js';
import type { App, DescribeTask } from '../app-types.js';

const TaskLogSchema = Type.Object(
  {
    lines: Type.Array(
      Type.Object({
        ts: Type.String({ description: 'ISO-8601 time the line was written.' }),
        level: StringEnum(['info', 'warn', 'error'] as const),
        message: Type.String(),
      }),
      { description: 'Oldest first.' },
    ),
  },
  { $id: 'TaskLog' },
);
const TaskLogQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 5000, default: 200, description: 'How many of the last lines to answer.' }),
  ),
});

export interface TaskRoutesOptions {
  describe: DescribeTask;
  jobs: Pick<JobService, 'get' | 'cancel' | 'retry' | 'delete'>;
  tasks: Pick<TasksRepository, 'list'>;
  logs: Pick<TaskLogsRepository, 'tail'>;
}

/** Local task management for every kind (docs/api.md "Local task routes"). */
export async function taskRoutes(app: App, { describe, jobs, tasks, logs }: TaskRoutesOptions): Promise<void> {
  const summary = async (id: string, request: FastifyRequest) => describe(await jobs.get(id), request);

  app.get(
    '/v1/tasks',
    {
      schema: { querystring: TaskListQuerySchema, response: { 200: TaskListSchema } },
      config: {
        operationId: 'listTasks',
        summary: 'List tasks, newest first',
        description:
          'Tasks of every kind, newest first, optionally only those of one `kind` or `status`. ' +
          'A page holds at most `limit` tasks (default 50); pass its `next_cursor` as `cursor` for ' +
          'the next page, until `next_cursor` is null ' +
          '(a `cursor` the service did not give answers `invalid_request`). ' +
          'Any key may list every task.',
      },
    },
    async (request) => {
      const { kind, status, limit = 50, cursor } = request.query;
      const page = await tasks.list({ kind, status, limit, cursor });
      return {
        tasks: await Promise.all(page.tasks.map((task) => describe(task, request))),
        next_cursor: page.nextCursor,
      };
    },
  );

  app.get(
    '/v1/tasks/:task_id',
    {
      schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
      config: {
        operationId: 'getTask',
        summary: 'One task of any kind',
        description:
          "A task's summary (status, progress, stages, warnings, result URLs) with the request it " +
          'was created from (`request`, for "copy as API request") ' +
          'and its plan (`plan`: the engine each step runs, chosen when it was created). ' +
          'Unlike the status operation of its kind, it shows any kind and a cancelled task as `cancelled`. ' +
          "A `jobs` key sees only the origin of the request's `callback_url` (its scheme, host and " +
          "port: no user name, password, path or query, which may hold the receiver's credentials); " +
          'an `admin` key sees it whole.',
      },
    },
    async (request) => {
      const task = await jobs.get(request.params.task_id);
      const plan = task.plan ? { plan: task.plan } : {};
      return {
        ...(await describe(task, request)),
        request: request.apiKeyRole === 'admin' ? task.request : withCallbackOrigin(task.request),
        ...plan,
      };
    },
  );

  app.get(
    '/v1/tasks/:task_id/log',
    {
      schema: { params: TaskIdParams, querystring: TaskLogQuery, response: { 200: TaskLogSchema } },
      config: {
        operationId: 'getTaskLog',
        summary: "The task's log, oldest line first",
        description:
          'The last `limit` lines (default 200) the task wrote while it ran, oldest first: stages, engines chosen, warnings and errors.',
      },
    },
    async (request) => {
      await jobs.get(request.params.task_id);
      const lines = await logs.tail(request.params.task_id, request.query.limit ?? 200);
      return {
        lines: lines.map((line) => ({ ts: new Date(line.ts).toISOString(), level: line.level, message: line.message })),
      };
    },
  );

  app.post(
    '/v1/tasks/:task_id/cancel',
    {
      schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
      config: {
        operationId: 'cancelTask',
        summary: 'Cancel a queued or running task',
        description:
          'Stops a queued or running task at once and answers its summary: it ends `cancelled` (its ' +
          'status operation shows `failed` with `err_code` `cancelled`). ' +
          'A task that already ended (done, failed or cancelled) answers `conflict`.',
        errors: ['conflict'],
      },
    },
    async (request) => {
      await jobs.cancel(request.params.task_id);
      return summary(request.params.task_id, request);
    },
  );

  app.post(
    '/v1/tasks/:task_id/retry',
    {
      schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
      config: {
        operationId: 'retryTask',
        summary: 'Retry a failed or cancelled task',
        description:
          'Queues a new task with the same request (its `retry_of` names the old one) and answers ' +
          'its summary; it starts from a copy of the old work folder, so finished stages are not run again. ' +
          'Only a `failed` or `cancelled` task can be retried (else `conflict`); a full queue answers `rate_limited`. ' +
          'Inputs are fetched and checked again when the new task runs, so their errors show in its status, not here.',
        errors: ['conflict', 'rate_limited', 'out_of_disk'],
      },
    },
    async (request) => describe(await jobs.retry(request.params.task_id), request),
  );

  app.delete(
    '/v1/tasks/:task_id',
    {
      schema: { params: TaskIdParams },
      config: {
        operationId: 'deleteTask',
        summary: 'Delete a task and its files',
        description:
          'Deletes the task with its work folder, its result files (their URLs stop working) and its project, and answers 204. ' +
          'A queued or running task is cancelled first; an `event: task_deleted` tells open event streams.',
        responseContent: { 204: {} },
      },
    },
    async (request, reply) => {
      await jobs.delete(request.params.task_id);
      return reply.status(204).send();
    },
  );
}

/** The request with its callback_url cut to the origin: a jobs key shares the service, not the receiver's credentials. */
function withCallbackOrigin(request: Record<string, unknown>): Record<string, unknown> {
  if (typeof request.callback_url !== 'string') return request;
  let origin = '';
  try {
    origin = new URL(request.callback_url).origin;
  } catch {
    // Accepted at create, so always a URL; an unreadable one shows nothing rather than itself.
  }
  return { ...request, callback_url: origin };
}
