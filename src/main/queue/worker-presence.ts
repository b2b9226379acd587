import type { WorkersRepository } from '../store/workers-repository.js';

/** How often a worker says it is alive; GET /v1/workers lists those heard from within WORKER_SILENCE_MS. */
export const WORKER_HEARTBEAT_MS = 5_000;
export const WORKER_SILENCE_MS = 3 * WORKER_HEARTBEAT_MS;
// Rows of workers silent for a day are a killed process's: nothing else would remove them.
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export interface WorkerPresenceOptions {
  workers: WorkersRepository;
  id: string;
  /** host:pid */
  name: string;
  /** The job kinds it takes; null for all. */
  kinds: string[] | null;
  concurrency: number;
  /** Jobs running now (the load GET /v1/workers shows). */
  load(): number;
  heartbeatMs?: number;
  now: () => number;
}

/** This process's row in the worker registry: written at start, renewed with its load, removed at stop. */
export function createWorkerPresence(options: WorkerPresenceOptions) {
  const { workers, now } = options;
  let timer: NodeJS.Timeout | undefined;
  // A missed beat (database unreachable) is made up by the next.
  const beat = (): void => {
    workers.heartbeat(options.id, options.load(), now()).catch(() => {});
  };
  return {
    async start(): Promise<void> {
      await workers.prune(now() - FORGET_AFTER_MS);
      await workers.register({
        id: options.id,
        name: options.name,
        kinds: options.kinds,
        concurrency: options.concurrency,
        startedAt: now(),
      });
      timer = setInterval(beat, options.heartbeatMs ?? WORKER_HEARTBEAT_MS);
    },
    /** Says the load changed, so the worker list shows it at once. */
    beat,
    async stop(): Promise<void> {
      clearInterval(timer);
      await workers.remove(options.id).catch(() => {});
    },
  };
}
