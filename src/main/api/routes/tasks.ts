import { Type } from 'typebox';
import { TaskIdParams } from '../../../shared/schemas/common.js';
import { TaskListQuerySchema, TaskListSchema, TaskSummarySchema } from '../../../shared/schemas/jobs.js';
import type { JobService } from '../../queue/job-service.js';
import type { TaskLogsRepository } from '../../store/task-logs-repository.js';
import type { TasksRepository } from '../../store/tasks-repository.js';
import type { App, DescribeTask } from '../app-types.js';

const TaskLogSchema = Type.Object({
  lines: Type.Array(Type.Object({ ts: Type.String(), level: Type.String(), message: Type.String() })),
});

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
    config: { summary: 'List tasks, newest first' },
  }, async (request) => {
    const { kind, status, limit = 50, cursor } = request.query;
    const page = tasks.list({ kind, status, limit, cursor });
    return { tasks: page.tasks.map(describe), next_cursor: page.nextCursor };
  });

  app.get('/v1/tasks/:task_id', {
    schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
    config: { summary: 'One task of any kind' },
  }, async (request) => {
    const task = jobs.get(request.params.task_id);
    return { ...describe(task), request: task.request };
  });

  app.get('/v1/tasks/:task_id/log', {
    schema: { params: TaskIdParams, querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })) }), response: { 200: TaskLogSchema } },
    config: { summary: "The task's log, oldest line first" },
  }, async (request) => {
    jobs.get(request.params.task_id);
    const lines = logs.tail(request.params.task_id, request.query.limit ?? 200);
    return { lines: lines.map((line) => ({ ts: new Date(line.ts).toISOString(), level: line.level, message: line.message })) };
  });

  app.post('/v1/tasks/:task_id/cancel', {
    schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
    config: { summary: 'Cancel a queued or running task' },
  }, async (request) => {
    jobs.cancel(request.params.task_id);
    return summary(request.params.task_id);
  });

  app.post('/v1/tasks/:task_id/retry', {
    schema: { params: TaskIdParams, response: { 200: TaskSummarySchema } },
    config: { summary: 'Retry a failed or cancelled task as a new task that resumes from its finished stages' },
  }, async (request) => describe(await jobs.retry(request.params.task_id)));

  app.delete('/v1/tasks/:task_id', {
    schema: { params: TaskIdParams },
    config: { summary: 'Delete a task with its work folder and result files' },
  }, async (request, reply) => {
    await jobs.delete(request.params.task_id);
    return reply.status(204).send();
  });
}
