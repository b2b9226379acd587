// A retryable stage failure puts the job back in the queue after a backoff and it resumes; a final one
// ends the job failed at once with its code and message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { jobWorkDir } from '../../src/main/config.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import {
  countRuns,
  ENCODE_ATTEMPTS_FILE,
  lipsyncBody,
  PREPARE_RUNS_FILE,
  testKinds,
} from '../fixtures/test-pipelines.js';

const NO_FACE_MESSAGE = 'No face was found in the reference video; use a clip where one face is clearly visible.';

async function logOf(svc: TestService, taskId: string): Promise<Array<{ ts: string; level: string; message: string }>> {
  return (await svc.api(`/v1/tasks/${taskId}/log`)).body.lines;
}

describe('job retries', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let video: string;
  const services: TestService[] = [];

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-queue-retry-');
    video = await makeVideo(media.dir, { durationSec: 1 });
  });

  afterAll(async () => {
    for (const svc of services) await svc.stop();
    await media?.cleanup();
  });

  it('retries a stage that failed with a retryable error after a backoff, then finishes done', async () => {
    const svc = await startTestService({
      service: { kinds: testKinds({ encodeSeconds: 1, failuresBeforeSuccess: 1 }) },
    });
    services.push(svc);
    const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    const taskId: string = created.task_id;

    // While it waits for the retry the user sees it still processing, with one failed attempt, not failed.
    const waiting = await svc.waitForTask(
      taskId,
      (task) => task.attempts === 1 || ['done', 'failed', 'cancelled'].includes(task.status),
    );
    expect(waiting).toMatchObject({ status: 'processing', attempts: 1, stage: 'encode' });
    expect(waiting.err_code).toBeUndefined();
    expect((await svc.api(`/v1/video_generation/${taskId}`)).body.status).toBe('processing');

    const done = await svc.waitForTask(taskId, undefined, 40_000);
    expect(done).toMatchObject({ status: 'done', attempts: 1, progress: 1 });
    expect(done.video_url).toMatch(/\/v1\/files\/\w+\?token=/);
    expect((await fetch(done.video_url)).status).toBe(200);

    const lines = await logOf(svc, taskId);
    const warning = lines.find((line) => line.level === 'warn' && line.message.startsWith('attempt 1 failed'));
    expect(warning?.message).toMatch(
      /^attempt 1 failed \(engine_failed: The test engine failed on purpose \(flaky stage\)\.\); retrying in \d+ s$/,
    );
    const encodeStarts = lines.filter((line) => line.message === 'stage encode started');
    expect(encodeStarts).toHaveLength(2);
    // The retry waited out its backoff (5-10 s for the first retry) rather than running again at once.
    expect(Date.parse(encodeStarts[1]!.ts) - Date.parse(warning!.ts)).toBeGreaterThanOrEqual(4_000);
    expect(lines.map((line) => line.message)).toContain(
      'stage prepare already finished in an earlier run; resuming after it',
    );

    const workDir = jobWorkDir(svc.service.core.paths, taskId);
    expect(await countRuns(workDir, PREPARE_RUNS_FILE)).toBe(1);
    expect(await countRuns(workDir, ENCODE_ATTEMPTS_FILE)).toBe(2);
  });

  it('gives up after the third failed attempt and ends failed with the last error', async () => {
    const svc = await startTestService({
      service: { kinds: testKinds({ encodeSeconds: 1, failuresBeforeSuccess: 99 }), retryDelayMs: () => 100 },
    });
    services.push(svc);
    const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    const task = await svc.waitForTask(created.task_id);
    expect(task).toMatchObject({ status: 'failed', err_code: 'engine_failed', attempts: 2 });
    const messages = (await logOf(svc, created.task_id)).map((line) => line.message);
    expect(messages.filter((message) => message.startsWith('attempt '))).toHaveLength(2);
    expect(await countRuns(jobWorkDir(svc.service.core.paths, created.task_id), ENCODE_ATTEMPTS_FILE)).toBe(3);
  });

  it('fails a job at once on an error that retrying cannot fix, with its code and message', async () => {
    const svc = await startTestService({
      service: {
        kinds: testKinds({
          failuresBeforeSuccess: Infinity,
          failure: () => new DubDeskError('no_face_detected', NO_FACE_MESSAGE),
        }),
      },
    });
    services.push(svc);
    const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    const taskId: string = created.task_id;

    const failed = await svc.waitForTask(taskId, undefined, 20_000);
    expect(failed).toMatchObject({
      status: 'failed',
      attempts: 0,
      stage: 'encode',
      err_code: 'no_face_detected',
      err_message: NO_FACE_MESSAGE,
    });
    const cloud = (await svc.api(`/v1/video_generation/${taskId}`)).body;
    expect(cloud).toMatchObject({
      task_id: taskId,
      status: 'failed',
      err_code: 'no_face_detected',
      err_message: NO_FACE_MESSAGE,
    });
    expect(cloud.video_url).toBeUndefined();

    const lines = await logOf(svc, taskId);
    expect(lines.some((line) => line.level === 'warn' && line.message.includes('retrying'))).toBe(false);
    expect(lines.at(-1)).toMatchObject({
      level: 'error',
      message: `status processing -> failed (no_face_detected: ${NO_FACE_MESSAGE})`,
    });
    expect(await countRuns(jobWorkDir(svc.service.core.paths, taskId), ENCODE_ATTEMPTS_FILE)).toBe(1);
  });
});
