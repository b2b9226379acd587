import { Type } from 'typebox';
import { JOB_KINDS } from '../../../shared/jobs.js';
import type { ModelStore } from '../../models/model-store.js';
import type { ProjectEvents } from '../../projects/project-events.js';
import type { TaskEvent, TaskEvents } from '../../queue/task-events.js';
import type { App, DescribeTask } from '../app-types.js';
import { toApiInstallEvent } from './models.js';
import { StringEnum } from '../../../shared/schemas/common.js';
import { REQUEST_ID_HEADER } from '../../logging/request-id.js';

export interface EventRoutesOptions {
  describe: DescribeTask;
  events: Pick<TaskEvents, 'subscribe'>;
  /** Model installs are streamed too (`event: model`). */
  models: Pick<ModelStore, 'subscribe'>;
  /** Project lines spoken off the request path (`event: line_spoken`). */
  projects?: Pick<ProjectEvents, 'subscribe'>;
}

const HEARTBEAT_MS = 15_000;

const EventsQuery = Type.Object({
  key: Type.Optional(
    Type.String({ description: 'The API key, for clients that cannot send the Authorization header (EventSource).' }),
  ),
  task_id: Type.Optional(Type.String({ description: 'Only the events of this task.' })),
  kind: Type.Optional(StringEnum(JOB_KINDS, { description: 'Only the task events of tasks of this kind.' })),
  project_id: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Only the `line_spoken` events of this project (no task or model events).',
    }),
  ),
});

const STREAM_HEADERS = {
  'Content-Type': 'text/event-stream; charset=utf-8',
  'Cache-Control': 'no-cache, no-transform',
  Connection: 'keep-alive',
  'X-Accel-Buffering': 'no',
};

/**
 * Server-Sent Events of task changes (`event: task`, data = the task summary; `event: task_deleted`) and
 * model installs (`event: model`, data = install progress).
 * EventSource cannot send headers, so this route also accepts the key as `?key=`.
 */
export async function eventRoutes(app: App, { describe, events, models, projects }: EventRoutesOptions): Promise<void> {
  app.get(
    '/v1/events',
    {
      schema: { querystring: EventsQuery },
      config: {
        auth: 'key-or-query',
        operationId: 'streamEvents',
        summary: 'Live task changes as Server-Sent Events',
        description:
          'A `text/event-stream` that stays open: `event: task` (data: the TaskSummary, on every ' +
          'status or progress change), `event: task_deleted` (data: `{"task_id"}`) ' +
          'and `event: model` (data: an InstallProgress of a model install), and `event: ' +
          'line_spoken` (data: a LineSpokenEvent: a project line queued by an edit or by synthesize ' +
          'was spoken, or could not be). ' +
          "`task_id` keeps only that task's events; `kind` keeps the `task` events of that kind " +
          '(and every `task_deleted`); either drops the `model` and `line_spoken` events. ' +
          "`project_id` keeps only that project's `line_spoken` events. " +
          'The key may come as `?key=` because EventSource cannot send headers; a comment every 15 s keeps the stream alive.',
        responseContent: {
          200: {
            'text/event-stream': {
              schema: {
                type: 'string',
                description: 'Server-Sent Events, each with an `id`, an `event` name and JSON `data`.',
              },
            },
          },
        },
      },
    },
    (request, reply) => {
      reply.hijack();
      const socket = reply.raw;
      // A hijacked reply skips the headers set on `reply`, so the request id is written here.
      socket.writeHead(200, { ...STREAM_HEADERS, [REQUEST_ID_HEADER]: String(request.id) });
      // HEAD gets the headers GET would send (no length: the stream has none) and no body; the stream itself never ends.
      if (request.method === 'HEAD') {
        socket.end();
        return;
      }
      const { task_id: onlyTask, kind: onlyKind, project_id: onlyProject } = request.query;
      socket.write('retry: 2000\n: connected\n\n');
      let sequence = 0;
      // Describing a task reads the database; the chain keeps the events in the order they happened.
      let written: Promise<void> = Promise.resolve();
      const send = (event: TaskEvent) => {
        if (event.type === 'task') {
          if ((onlyTask && event.task.id !== onlyTask) || (onlyKind && event.task.kind !== onlyKind)) return;
          const described = describe(event.task, request);
          written = written
            .then(async () => {
              socket.write(`id: ${++sequence}\nevent: task\ndata: ${JSON.stringify(await described)}\n\n`);
            })
            .catch(() => {});
        } else if (!onlyTask || event.taskId === onlyTask) {
          written = written.then(() => {
            socket.write(
              `id: ${++sequence}\nevent: task_deleted\ndata: ${JSON.stringify({ task_id: event.taskId })}\n\n`,
            );
          });
        }
      };
      const unsubscribeTasks = onlyProject ? () => {} : events.subscribe(send);
      const unsubscribeModels =
        onlyTask || onlyKind || onlyProject
          ? () => {}
          : models.subscribe((event) => {
              written = written.then(() => {
                socket.write(`id: ${++sequence}\nevent: model\ndata: ${JSON.stringify(toApiInstallEvent(event))}\n\n`);
              });
            });
      const unsubscribeLines =
        onlyTask || onlyKind || !projects
          ? () => {}
          : projects.subscribe((event) => {
              if (onlyProject && event.project_id !== onlyProject) return;
              written = written.then(() => {
                socket.write(`id: ${++sequence}\nevent: line_spoken\ndata: ${JSON.stringify(event)}\n\n`);
              });
            });
      // Comments keep proxies and idle timeouts from closing a quiet stream.
      const heartbeat = setInterval(() => socket.write(': ping\n\n'), HEARTBEAT_MS);
      const close = () => {
        clearInterval(heartbeat);
        unsubscribeTasks();
        unsubscribeModels();
        unsubscribeLines();
      };
      request.raw.on('close', close);
      socket.on('error', close);
    },
  );
}
