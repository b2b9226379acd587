// GET /v1/workers: a service is itself a worker, listed with its load while it beats, and each stage of a job names
// the worker that ran it. (Runs on SQLite and, in the postgres test project, on PostgreSQL.)
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';

const WORKER = `${os.hostname()}:${process.pid}`;

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
beforeAll(async () => {
  media = await makeMediaDir('dubdesk-workers-');
  svc = await startTestService({ config: { concurrency: 2 }, service: { kinds: testKinds() } });
});
afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('the workers', () => {
  it('list this service as the one live worker, taking every kind, with its concurrency and load', async () => {
    const { status, body } = await svc.api('/v1/workers');
    expect(status).toBe(200);
    expect(body.workers).toHaveLength(1);
    const [worker] = body.workers;
    expect(worker).toMatchObject({ name: WORKER, kinds: null, concurrency: 2, running: 0 });
    expect(Date.parse(worker.heartbeat_at)).toBeGreaterThan(Date.now() - 15_000);
    expect(Date.parse(worker.started_at)).toBeLessThanOrEqual(Date.parse(worker.heartbeat_at));
  });

  it('name the worker on every stage that ran', async () => {
    const video = await makeVideo(media.dir, { durationSec: 1 });
    const { body: created } = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    const done = await svc.waitForTask(created.task_id);
    expect(done.status).toBe('done');
    const ran = done.stages.filter((stage: { state: string }) => stage.state === 'done');
    expect(ran.length).toBeGreaterThan(0);
    for (const stage of ran) expect(stage.worker).toBe(WORKER);
  });
});
