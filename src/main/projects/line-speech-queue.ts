// Project lines waiting to be spoken, off the request path: one at a time (a long line's speech and preview take
// seconds of CPU the jobs also need), first come first served, a bounded number waiting, all cancelled on close.
import { DubDeskError } from '../../shared/errors.js';
import { newId } from '../ids.js';

export interface SpeechJob {
  speechId: string;
  projectId: string;
  segmentId: string;
  /** The line's revision when it was queued: an edit since supersedes the job. */
  revision: number;
  purpose: 'fit' | 'preview';
}

export interface LineSpeechQueue {
  /** Queues a line and answers its speech id; rate_limited when `limit` lines already wait. */
  enqueue(job: Omit<SpeechJob, 'speechId'>): string;
  /** Resolves once nothing waits or runs (tests, shutdown). */
  idle(): Promise<void>;
  /** Drops what waits and cancels what runs; later enqueues are refused. */
  close(): Promise<void>;
}

/** More lines than an editor can queue by hand; a script that queues more waits for their events first. */
export const MAX_WAITING_SPEECHES = 500;

export function createLineSpeechQueue(options: {
  run: (job: SpeechJob, signal: AbortSignal) => Promise<void>;
  limit?: number;
}): LineSpeechQueue {
  const limit = options.limit ?? MAX_WAITING_SPEECHES;
  const waiting: SpeechJob[] = [];
  let running: { job: SpeechJob; controller: AbortController; done: Promise<void> } | undefined;
  let closed = false;
  const idleWaiters: Array<() => void> = [];

  const next = (): void => {
    if (running || closed) return;
    const job = waiting.shift();
    if (!job) {
      for (const resolve of idleWaiters.splice(0)) resolve();
      return;
    }
    const controller = new AbortController();
    // run() reports its own failures as events; a rejection here would be a bug in it, kept from stopping the queue.
    const done = options
      .run(job, controller.signal)
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        next();
      });
    running = { job, controller, done };
  };

  return {
    enqueue(job) {
      if (closed) throw new DubDeskError('rate_limited', 'The service is stopping; ask again once it is back.');
      if (waiting.length >= limit) {
        throw new DubDeskError(
          'rate_limited',
          `${limit} lines are already waiting to be spoken; wait for their line_spoken events (GET /v1/events), then ask again.`,
        );
      }
      const speechId = newId();
      waiting.push({ ...job, speechId });
      // Started on the next turn, so the request that queued it answers first.
      setImmediate(next);
      return speechId;
    },
    idle: () =>
      !running && waiting.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
    async close() {
      closed = true;
      waiting.length = 0;
      running?.controller.abort(new DubDeskError('cancelled', 'The service is stopping.'));
      await running?.done;
      for (const resolve of idleWaiters.splice(0)) resolve();
    },
  };
}
