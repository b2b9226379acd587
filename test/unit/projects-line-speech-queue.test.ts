// The queue of project lines waiting to be spoken: one at a time in the order asked, answered before it starts, a
// bounded number waiting (429 rate_limited past it), and on close the running line cancelled and the rest dropped.
import { describe, expect, it } from 'vitest';
import { createLineSpeechQueue, type SpeechJob } from '../../src/main/projects/line-speech-queue.js';
import { thrown } from '../fixtures/thrown.js';

const job = (segmentId: string): Omit<SpeechJob, 'speechId'> => ({
  projectId: 'p',
  segmentId,
  revision: 1,
  purpose: 'fit',
});

describe('the line speech queue', () => {
  it('speaks one line at a time, in the order asked, and only after the request that queued it has its answer', async () => {
    const log: string[] = [];
    let running = 0;
    const queue = createLineSpeechQueue({
      async run(item) {
        running++;
        expect(running).toBe(1);
        log.push(`start ${item.segmentId}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        log.push(`end ${item.segmentId}`);
        running--;
      },
    });
    const ids = ['s1', 's2', 's3'].map((id) => queue.enqueue(job(id)));
    log.push('answered');
    expect(new Set(ids).size).toBe(3);
    await queue.idle();
    expect(log).toEqual(['answered', 'start s1', 'end s1', 'start s2', 'end s2', 'start s3', 'end s3']);
  });

  it('keeps going after a line whose speaking throws', async () => {
    const done: string[] = [];
    const queue = createLineSpeechQueue({
      async run(item) {
        if (item.segmentId === 's1') throw new Error('a bug');
        done.push(item.segmentId);
      },
    });
    queue.enqueue(job('s1'));
    queue.enqueue(job('s2'));
    await queue.idle();
    expect(done).toEqual(['s2']);
  });

  it('refuses with rate_limited past its limit of waiting lines', async () => {
    const queue = createLineSpeechQueue({ run: () => new Promise((resolve) => setTimeout(resolve, 20)), limit: 2 });
    queue.enqueue(job('s1'));
    queue.enqueue(job('s2'));
    expect(thrown(() => queue.enqueue(job('s3')))).toMatchObject({
      code: 'rate_limited',
      message: expect.stringContaining('2 lines are already waiting'),
    });
    await queue.idle();
  });

  it('on close cancels the line being spoken, drops the waiting ones and refuses new ones', async () => {
    const started: string[] = [];
    let cancelled: unknown;
    const queue = createLineSpeechQueue({
      run: (item, signal) => {
        started.push(item.segmentId);
        return new Promise<void>((resolve) =>
          signal.addEventListener('abort', () => {
            cancelled = signal.reason;
            resolve();
          }),
        );
      },
    });
    queue.enqueue(job('s1'));
    queue.enqueue(job('s2'));
    await new Promise((resolve) => setImmediate(resolve));
    await queue.close();
    expect(started).toEqual(['s1']);
    expect(cancelled).toMatchObject({ code: 'cancelled' });
    expect(thrown(() => queue.enqueue(job('s3'))).code).toBe('rate_limited');
  });
});
