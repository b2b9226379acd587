// Cancelling a running job stops its ffmpeg at once and ends it `cancelled`; a retry resumes it as a new
// task; deleting a task removes its work folder and its result files.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { countRuns, ENCODED_FILE, lipsyncBody, PREPARE_RUNS_FILE, testKinds } from '../fixtures/test-pipelines.js';

/** Command lines of running ffmpeg processes that write into `workDir`. */
async function ffmpegProcessesIn(workDir: string): Promise<string[]> {
  // -ww: whole command lines, however narrow COLUMNS is.
  const { stdout } = await promisify(execFile)('ps', ['-ww', '-eo', 'args']);
  return stdout.split('\n').filter((line) => line.includes('ffmpeg') && line.includes(workDir));
}

describe('cancelling, retrying and deleting a lip-sync job', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let video: string;
  let svc: TestService;
  const workDirOf = (taskId: string) => jobWorkDir(svc.service.core.paths, taskId);

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-queue-cancel-');
    video = await makeVideo(media.dir, { durationSec: 1 });
    svc = await startTestService({ service: { kinds: testKinds({ encodeSeconds: 6 }) } });
  });

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('cancels during the encode, kills ffmpeg, and a retry resumes as a new task that deleting removes again', async () => {
    const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    const taskId: string = created.task_id;
    const workDir = workDirOf(taskId);
    await svc.waitForTask(taskId, (task) => task.stage === 'encode' && task.stage_progress > 0);
    expect(await ffmpegProcessesIn(workDir)).toHaveLength(1);

    const cancel = await svc.api(`/v1/tasks/${taskId}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ task_id: taskId, status: 'cancelled', err_code: 'cancelled' });

    // The ffmpeg child is stopped by the cancel itself, not left to finish its encode.
    const deadline = Date.now() + 5_000;
    while ((await ffmpegProcessesIn(workDir)).length > 0) {
      if (Date.now() > deadline)
        throw new Error(`ffmpeg still runs after the cancel: ${await ffmpegProcessesIn(workDir)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await svc.service.core.runner.settle(taskId);

    const task = await svc.api(`/v1/tasks/${taskId}`);
    expect(task.body).toMatchObject({ status: 'cancelled', stage: 'encode', err_code: 'cancelled' });
    expect(task.body.result).toBeUndefined();
    const cloud = await svc.api(`/v1/video_generation/${taskId}`);
    expect(cloud.body).toMatchObject({ task_id: taskId, status: 'failed', err_code: 'cancelled' });
    expect(cloud.body.err_message).toMatch(/cancelled/);
    expect(cloud.body.video_url).toBeUndefined();
    expect(existsSync(path.join(workDir, ENCODED_FILE))).toBe(false);

    const again = await svc.api(`/v1/tasks/${taskId}/cancel`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');

    const retry = await svc.api(`/v1/tasks/${taskId}/retry`, { method: 'POST' });
    expect(retry.status).toBe(200);
    const retryId: string = retry.body.task_id;
    expect(retryId).not.toBe(taskId);
    expect(retry.body).toMatchObject({ retry_of: taskId, kind: 'lipsync' });

    const done = await svc.waitForTask(retryId);
    expect(done).toMatchObject({ status: 'done', retry_of: taskId, progress: 1 });
    expect(done.video_url).toMatch(/\/v1\/files\/\w+\?token=/);
    // The retry started from the cancelled task's finished stages: 'prepare' ran once, in the first task.
    expect(await countRuns(workDirOf(retryId), PREPARE_RUNS_FILE)).toBe(1);
    const { body: log } = await svc.api(`/v1/tasks/${retryId}/log`);
    const messages: string[] = log.lines.map((line: { message: string }) => line.message);
    expect(messages).toContain(`retry of task ${taskId}`);
    expect(messages).toContain('stage prepare already finished in an earlier run; resuming after it');
    expect(messages).not.toContain('stage prepare started');
    // The cancelled task stays as it was.
    expect((await svc.api(`/v1/tasks/${taskId}`)).body.status).toBe('cancelled');

    expect((await fetch(done.video_url)).status).toBe(200);
    const removed = await svc.api(`/v1/tasks/${retryId}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(existsSync(workDirOf(retryId))).toBe(false);
    expect((await fetch(done.video_url)).status).toBe(404);
    expect((await svc.api(`/v1/tasks/${retryId}`)).status).toBe(404);
    expect((await svc.api(`/v1/tasks/${taskId}`, { method: 'DELETE' })).status).toBe(204);
    expect(existsSync(workDir)).toBe(false);
    const { body: list } = await svc.api('/v1/tasks');
    expect(list.tasks).toEqual([]);
  });

  it('deleting a running task cancels it, stops its ffmpeg and removes its folder', async () => {
    const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    const taskId: string = created.task_id;
    await svc.waitForTask(taskId, (task) => task.stage === 'encode' && task.stage_progress > 0);
    const removed = await svc.api(`/v1/tasks/${taskId}`, { method: 'DELETE' });
    expect(removed.status).toBe(204);
    expect(existsSync(workDirOf(taskId))).toBe(false);
    expect(await ffmpegProcessesIn(workDirOf(taskId))).toEqual([]);
    expect((await svc.api(`/v1/tasks/${taskId}`)).status).toBe(404);
  });
});
