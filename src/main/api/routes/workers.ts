// GET /v1/workers: the processes that run jobs, as their heartbeats keep them recorded.
import { Type, type Static } from 'typebox';
import type { WorkerRecord } from '../../store/workers-repository.js';
import type { App } from '../app-types.js';

const WorkerSchema = Type.Object(
  {
    worker_id: Type.String(),
    name: Type.String({ description: 'host:pid of the process.' }),
    kinds: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'The job kinds it takes; null for every kind.',
    }),
    concurrency: Type.Integer({ description: 'Tasks it runs at once at most.' }),
    running: Type.Integer({ description: 'Tasks it is running now.' }),
    started_at: Type.String({ format: 'date-time' }),
    heartbeat_at: Type.String({
      format: 'date-time',
      description: 'Its last heartbeat; a worker silent for 15 s is no longer listed.',
    }),
  },
  { $id: 'Worker' },
);

export interface WorkerRoutesOptions {
  /** The workers heard from recently (store.workers.live with the runner's silence window). */
  liveWorkers(): Promise<WorkerRecord[]>;
}

function present(worker: WorkerRecord): Static<typeof WorkerSchema> {
  return {
    worker_id: worker.id,
    name: worker.name,
    kinds: worker.kinds,
    concurrency: worker.concurrency,
    running: worker.running,
    started_at: new Date(worker.startedAt).toISOString(),
    heartbeat_at: new Date(worker.heartbeatAt).toISOString(),
  };
}

export async function workerRoutes(app: App, { liveWorkers }: WorkerRoutesOptions): Promise<void> {
  app.get(
    '/v1/workers',
    {
      schema: { response: { 200: Type.Object({ workers: Type.Array(WorkerSchema) }, { $id: 'WorkerList' }) } },
      config: {
        operationId: 'listWorkers',
        summary: 'The workers that run jobs',
        description:
          'Every live worker (heard from in the last 15 s), oldest first, with the kinds it takes, ' +
          'its load (`running` of `concurrency`) and its last heartbeat. ' +
          'A service on one machine is itself the one worker; each stage of a task names the worker that ran it (`stages[].worker`).',
      },
    },
    async () => ({ workers: (await liveWorkers()).map(present) }),
  );
}
