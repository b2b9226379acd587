import { EventEmitter } from 'node:events';
import type { Runner as QueueLibraryRunner, WorkerEvents } from 'graphile-worker';

export interface SupervisedQueueOptions {
  /** Starts graphile-worker with these events (e.g. `run({ ...options, events })`). */
  open(events: WorkerEvents): Promise<QueueLibraryRunner>;
  log?(level: 'warn' | 'error', message: string): void;
  /** The first wait before opening again after a failed open; doubled up to 30 s. */
  retryMs?: number;
}

export interface SupervisedQueue {
  stop(): Promise<void>;
}

const MAX_RETRY_MS = 30_000;

/**
 * graphile-worker (0.16) ends a queue worker for good when it cannot mark a job done or failed (its database went away
 * at that moment: "committing seppuku") and its pool never replaces it, so the process would stay up taking no jobs.
 * This opens the queue, and opens it again whenever one of its workers died that way, until the database answers.
 * The task leases and fencing tokens keep a job from running twice meanwhile; the job that was running is taken back
 * by the dead-worker sweep once its lease has run out.
 */
export async function openSupervisedQueue(options: SupervisedQueueOptions): Promise<SupervisedQueue> {
  const firstRetryMs = options.retryMs ?? 1_000;
  let stopping = false;
  let reopening: Promise<void> | undefined;
  let current: QueueLibraryRunner | undefined;
  let wakeUp: (() => void) | undefined;

  const open = async (): Promise<QueueLibraryRunner> => {
    const events = new EventEmitter() as WorkerEvents;
    events.on('worker:fatalError', ({ error }) => reopen(error instanceof Error ? error.message : String(error)));
    return options.open(events);
  };

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  function reopen(reason: string): void {
    if (stopping || reopening) return;
    options.log?.('warn', `[queue] a queue worker ended (${reason}); opening the queue again`);
    reopening = (async () => {
      const dead = current;
      current = undefined;
      // Its other workers finish the jobs they run; no new job is taken until the new queue is open.
      await dead?.stop().catch(() => {});
      for (let waitMs = firstRetryMs; !stopping; waitMs = Math.min(waitMs * 2, MAX_RETRY_MS)) {
        try {
          const opened = await open();
          if (stopping) await opened.stop();
          else current = opened;
          return;
        } catch (error) {
          options.log?.('warn', `[queue] opening the queue failed (${(error as Error).message}); trying again`);
          await pause(waitMs);
        }
      }
    })().finally(() => {
      reopening = undefined;
    });
  }

  current = await open();
  return {
    async stop() {
      stopping = true;
      wakeUp?.();
      await reopening;
      await current?.stop();
      current = undefined;
    },
  };
}
