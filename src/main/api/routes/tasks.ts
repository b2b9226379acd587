import { Type } from 'typebox';
import { TaskIdParams } from '../../../shared/schemas/common.js';
import { TaskListQuerySchema, TaskListSchema, TaskSummarySchema } from '../../../shared/schemas/jobs.js';
import type { JobService } from '../../queue/job-service.js';
import type { TaskLogsRepository } from '../../store/task-logs-repository.js';
import type { TasksRepository } from '../../store/tasks-repository.js';
import type { App, DescribeTask } from '../app-types.js';

const TaskLogSchema = Type.Object({
  lines: Type.Array(Type.Object({ ts: Type.String(), level: Type.String(), message: Type.String() })),
}, { $id: 'TaskLog' });

export interface TaskRoutesOptions {
  describe: DescribeTask;
  jobs: Pick<JobService, 'get' | 'cancel' | 'retry' | 'delete'>;
  tasks: Pick<TasksRepository, 'list'>;
  logs: Pick<TaskLogsRepository, 'tail'>;
}

/** Local task management for every kind (docs/api.md "Local task routes"). */
export async function taskRoutes(app: App, { describe, jobs, tasks, logs }: TaskRoutesOptions): Promise<void> {
  const summary = (id: string) => describe(jobs.get(id));

  app.get('/v1/tasks', {
    schema: { querystring: TaskListQuerySchema, response: { 200: TaskListSchema } },
    config: {
      operationId: 'listTasks',
      summary: 'List tasks, newest first',
      description: 'Tasks of every kind, newest first, optionally of one `kind` or `status`. A page holds `limit` tasks (default 50); pass its `next_cursor` as `cursor` for the next page.',
    },
  }, async (request) => {
    const { kind, status, limit = 50, cursor } = request.query;
    const page = tasks.list({ kind, status, limit, cursor });
    return { tasks: page.tasks.map(describe), next_cursor: page.nextCursor };
  });

  app.get('/v1/tasks/:task_id', {
    schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
    config: {
      operationId: 'getTask',
      summary: 'One task of any kind',
      description: "A task's summary (status, progress, stages, warnings, result URLs) with the request it was created from.",
    },
  }, async (request) => {
    const task = jobs.get(request.params.task_id);
    return { ...describe(task), request: task.request };
  });

  app.get('/v1/tasks/:task_id/log', {
    schema: { params: TaskIdParams, querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })) }), response: { 200: TaskLogSchema } },
    config: {
      operationId: 'getTaskLog',
      summary: "The task's log, oldest line first",
      description: 'The last `limit` lines (default 200) the task wrote while it ran: stages, engines chosen, warnings and errors.',
    },
  }, async (request) => {
    jobs.get(request.params.task_id);
    const lines = logs.tail(request.params.task_id, request.query.limit ?? 200);
    return { lines: lines.map((line) => ({ ts: new Date(line.ts).toISOString(), level: line.level, message: line.message })) };
  });

  app.post('/v1/tasks/:task_id/cancel', {
    schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
    config: {
      operationId: 'cancelTask',
      summary: 'Cancel a queued or running task',
      description: 'Stops the task at once; it ends `cancelled` (its status operation shows `failed` with `err_code` `cancelled`). A task that already ended answers `conflict`.',
      errors: ['conflict'],
    },
  }, async (request) => {
    jobs.cancel(request.params.task_id);
    return summary(request.params.task_id);
  });

  app.post('/v1/tasks/:task_id/retry', {
    schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
    config: {
      operationId: 'retryTask',
      summary: 'Retry a failed or cancelled task',
      description: 'Creates a new task from the same request that resumes from the stages the old one finished. Only a `failed` or `cancelled` task can be retried (else `conflict`); its inputs are checked again.',
      errors: ['conflict', 'rate_limited', 'unsupported_media', 'media_unreadable', 'model_not_installed', 'pipeline_unavailable'],
    },
  }, async (request) => describe(await jobs.retry(request.params.task_id)));

  app.delete('/v1/tasks/:task_id', {
    schema: { params: TaskIdParams },
    config: {
      operationId: 'deleteTask',
      summary: 'Delete a task and its files',
      description: 'Deletes the task with its work folder, its result files and its project; a running task is cancelled first.',
      responseContent: { 204: {} },
    },
  }, async (request, reply) => {
    await jobs.delete(request.params.task_id);
    return reply.status(204).send();
  });
}
