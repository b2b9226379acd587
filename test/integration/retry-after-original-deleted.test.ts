// A retry starts from a copy of the cancelled task's work folder; stage outputs hold paths relative to that folder,
// so the retry reads its own copy and still finishes after the original task (and its folder) is deleted.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { faceVideo } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, makeSpokenVideo } from '../fixtures/speech.js';

let svc: TestService;
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let server: http.Server;
let base: string;

/** Remote inputs are downloaded into the work folder, which is what a retry must not keep pointing at. */
function serveMediaDir(dir: string): Promise<http.Server> {
  const served = http.createServer((request, response) => {
    const file = path.join(dir, path.basename(new URL(request.url!, 'http://x').pathname));
    fs.readFile(file).then(
      (data) => response.writeHead(200, { 'content-length': data.length }).end(data),
      () => response.writeHead(404).end('no such file'),
    );
  });
  return new Promise((resolve) => served.listen(0, '127.0.0.1', () => resolve(served)));
}

/** Every string in the stage outputs of a task's work folder. */
async function stageOutputStrings(taskId: string): Promise<string[]> {
  const dir = path.join(jobWorkDir(svc.service.core.paths, taskId), 'stages');
  const strings: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const name of (await fs.readdir(dir)).filter((file) => file.endsWith('.json')))
    collect(JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')));
  return strings;
}

/**
 * Starts a job, cancels it once `firstStage` has finished (the task reports a later stage), retries it, deletes the
 * original task, and returns the retry once it is final.
 */
async function cancelRetryDeleteOriginal(
  route: string,
  body: Record<string, unknown>,
  firstStage: string,
): Promise<{ retry: any; originalId: string }> {
  const created = await svc.api(route, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const originalId: string = created.body.task_id;
  const finishedStages = ['fetch-inputs', firstStage];
  const running = await svc.waitForTask(
    originalId,
    (task) =>
      (Boolean(task.stage) && !finishedStages.includes(task.stage)) ||
      ['done', 'failed', 'cancelled'].includes(task.status),
    120_000,
  );
  expect(running.status, `the job must still run after ${firstStage}: ${JSON.stringify(running)}`).not.toMatch(
    /^(done|failed|cancelled)$/,
  );
  const cancelled = await svc.api(`/v1/tasks/${originalId}/cancel`, { method: 'POST' });
  expect(cancelled.body, JSON.stringify(cancelled.body)).toMatchObject({ status: 'cancelled' });

  const retried = await svc.api(`/v1/tasks/${originalId}/retry`, { method: 'POST' });
  expect(retried.status, JSON.stringify(retried.body)).toBe(200);
  const retryId: string = retried.body.task_id;
  expect((await svc.api(`/v1/tasks/${originalId}`, { method: 'DELETE' })).status).toBe(204);
  await expect(fs.stat(jobWorkDir(svc.service.core.paths, originalId))).rejects.toMatchObject({ code: 'ENOENT' });

  const retry = await svc.waitForTask(retryId, undefined, 180_000);
  const log = (await svc.api(`/v1/tasks/${retryId}/log?limit=500`)).body.lines.map(
    (line: { message: string }) => line.message,
  );
  // The retry resumed after the stages the original finished: it read their outputs, not run them again.
  expect(log).toContain(`stage ${firstStage} already finished in an earlier run; resuming after it`);
  return { retry, originalId };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-retry-deleted-');
  server = await serveMediaDir(media.dir);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  svc = await startTestService();
}, 60_000);

afterAll(async () => {
  await svc?.stop();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await media?.cleanup();
});

describe('a retry whose original task was deleted', () => {
  it('translate: finishes done from the copied work folder, with no stage output pointing into another task', async () => {
    const cues = [
      { startMs: 300, endMs: 2300, text: 'Good morning and welcome to the show.' },
      { startMs: 3000, endMs: 5000, text: 'Let us talk about the weather today.' },
    ];
    await makeSpokenVideo(media.dir, { cues, width: 640, height: 360, fps: 25, name: 'talk', durationSec: 8 });
    const { retry, originalId } = await cancelRetryDeleteOriginal(
      '/v1/media/translate',
      {
        media_type: 'video',
        media_url: `${base}/talk.mp4`,
        subtitle_url: `${base}/talk.srt`,
        subtitle_usage_type: 'final_translated',
        source_language: 'en',
        target_language: 'de',
        subtitle_mode: 'add',
        export_type: 'video',
      },
      'prepare-media',
    );
    expect(retry.status, JSON.stringify(retry)).toBe('done');
    expect((await fetch(retry.result.video_url)).status).toBe(200);
    const jobsDir = svc.service.core.paths.jobs;
    expect((await stageOutputStrings(retry.task_id)).filter((value) => value.startsWith(jobsDir))).toEqual([]);
    expect(retry.retry_of).toBe(originalId);
  }, 300_000);

  it('lip-sync standard_v1: finishes done from the copied work folder, with no stage output pointing into another task', async () => {
    const speech = await makeSpokenAudio(media.dir, {
      cues: [{ startMs: 200, endMs: 1600, text: 'Hello, my friends.' }],
      background: 'silence',
      name: 'hello',
      durationSec: 2,
    });
    await faceVideo(media.dir, { durationSec: 2, width: 320, height: 180, name: 'face.mp4' });
    const { retry } = await cancelRetryDeleteOriginal(
      '/v1/video_generation',
      {
        reference_file_url: `${base}/face.mp4`,
        audio_url: `${base}/${path.basename(speech.audioPath)}`,
        model: 'standard_v1',
        reference_file_type: 'video',
      },
      'prepare',
    );
    expect(retry.status, JSON.stringify(retry)).toBe('done');
    expect((await fetch(retry.video_url)).status).toBe(200);
    const jobsDir = svc.service.core.paths.jobs;
    expect((await stageOutputStrings(retry.task_id)).filter((value) => value.startsWith(jobsDir))).toEqual([]);
  }, 300_000);
});
