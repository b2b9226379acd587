// What the create operations promise around the queue: Idempotency-Key replays, the queued-jobs limit,
// and honest failures from the built-in pipelines (inputs checked, no fake result).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { makeImage, makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { makeTextVideo } from '../fixtures/text-video.js';

// Visual translate's en->es job needs Apertium's eng-spa pair (a Debian package).
const apertiumMissing = systemEngineMissing(
  'Apertium eng-spa',
  findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

let media: Awaited<ReturnType<typeof makeMediaDir>>;
let video: string;
const services: TestService[] = [];

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-queue-limits-');
  video = await makeVideo(media.dir, { durationSec: 1 });
});

afterAll(async () => {
  for (const svc of services) await svc.stop();
  await media?.cleanup();
});

async function start(options: Parameters<typeof startTestService>[0]): Promise<TestService> {
  const svc = await startTestService(options);
  services.push(svc);
  return svc;
}

async function cancelAll(svc: TestService): Promise<void> {
  const { body } = await svc.api('/v1/tasks?limit=200');
  for (const task of body.tasks)
    if (!['done', 'failed', 'cancelled'].includes(task.status))
      await svc.api(`/v1/tasks/${task.task_id}/cancel`, { method: 'POST' });
}

describe('Idempotency-Key and the queued-jobs limit', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await start({ config: { maxQueuedJobs: 3 }, service: { kinds: testKinds({ encodeSeconds: 8 }) } });
  });

  afterAll(async () => {
    await cancelAll(svc);
  });

  it('answers the same task_id for the same key, even for requests sent at once, and a new one for a new key', async () => {
    const create = (key: string) =>
      svc.api('/v1/video_generation', { body: lipsyncBody(video), headers: { 'idempotency-key': key } });
    const first = await create('order-1001');
    expect(first.status).toBe(200);
    const again = await create('order-1001');
    expect(again).toMatchObject({ status: 200, body: { task_id: first.body.task_id } });
    const together = await Promise.all([create('order-1002'), create('order-1002'), create('order-1002')]);
    expect(together.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(new Set(together.map((response) => response.body.task_id)).size).toBe(1);
    expect(together[0]!.body.task_id).not.toBe(first.body.task_id);

    const { body: list } = await svc.api('/v1/tasks');
    expect(list.tasks.map((task: { task_id: string }) => task.task_id).sort()).toEqual(
      [first.body.task_id, together[0]!.body.task_id].sort(),
    );
  });

  it('answers 429 rate_limited once maxQueuedJobs tasks wait or run, and accepts again when one ends', async () => {
    const { body: before } = await svc.api('/v1/tasks');
    const active = before.tasks.filter(
      (task: { status: string }) => !['done', 'failed', 'cancelled'].includes(task.status),
    );
    for (let i = active.length; i < 3; i++)
      expect((await svc.api('/v1/video_generation', { body: lipsyncBody(video) })).status).toBe(200);

    const refused = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(refused.body.message).toMatch(/3 tasks are already waiting or running/);
    expect(refused.headers.get('retry-after')).toBe('30');
    // A replay of an accepted request is not a new job, so the limit does not apply to it.
    const replay = await svc.api('/v1/video_generation', {
      body: lipsyncBody(video),
      headers: { 'idempotency-key': 'order-1001' },
    });
    expect(replay.status).toBe(200);

    const { body: list } = await svc.api('/v1/tasks');
    expect(list.tasks).toHaveLength(3);
    expect((await svc.api(`/v1/tasks/${list.tasks[0].task_id}/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await svc.api('/v1/video_generation', { body: lipsyncBody(video) })).status).toBe(200);
  });
});

describe('the built-in pipelines', () => {
  let svc: TestService;
  let server: http.Server;
  let remoteBase: string;

  beforeAll(async () => {
    svc = await start({});
    const png = readFileSync(await makeImage(media.dir, { format: 'png', name: 'picture.png' }));
    // A web server that serves a PNG picture as "clip.mp4", and even calls it video/mp4.
    server = http.createServer((req, res) => {
      if (req.url === '/media/clip.mp4')
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': png.length }).end(png);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    remoteBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  });

  it.skipIf(apertiumMissing)(
    'refuse a visual-translate pair without a translator at create time, and fail a video without text with no_text_detected, making no result',
    async () => {
      const videoUrl = lipsyncBody(video).reference_file_url;
      const refused = await svc.api('/v1/media/frame_translate', {
        body: { video_url: videoUrl, source_language: 'en', target_language: 'de' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('model_not_installed');
      expect(refused.body.message).toMatch(/English to German/);

      // testsrc2's running clock is text the job would read and draw again: this picture has it cut off.
      const { file: textFree } = await makeTextVideo(media.dir, { texts: [], durationSec: 1, name: 'no-text.mp4' });
      const { status, body } = await svc.api('/v1/media/frame_translate', {
        body: { video_url: pathToFileURL(textFree).href, source_language: 'en', target_language: 'es' },
      });
      expect(status).toBe(200);
      const task = await svc.waitForTask(body.task_id);
      expect(task).toMatchObject({ status: 'failed', err_code: 'no_text_detected', stage: 'find-text' });
      expect(task.err_message).toBe(
        'No readable English text was found in no-text.mp4: nothing to translate. Check source_language.',
      );
      const cloud = (await svc.api(`/v1/media/frame_translate/${body.task_id}`)).body;
      expect(cloud).toMatchObject({ status: 'failed', err_code: 'no_text_detected' });
      expect(cloud.result).toBeUndefined();
      const messages = (await svc.api(`/v1/tasks/${body.task_id}/log`)).body.lines.map(
        (line: { message: string }) => line.message,
      );
      expect(messages).toContain('stage fetch-inputs finished');
      expect(messages).not.toContain('stage translate-text started');
    },
  );

  it('fail a job whose remote input turns out to be a picture named .mp4 with unsupported_media', async () => {
    const { status, body } = await svc.api('/v1/video_generation', {
      body: { ...lipsyncBody(video), reference_file_url: `${remoteBase}/media/clip.mp4` },
    });
    // Remote inputs are only fetched by the job, so the create call accepts it.
    expect(status).toBe(200);
    const task = await svc.waitForTask(body.task_id);
    expect(task).toMatchObject({ status: 'failed', err_code: 'unsupported_media', stage: 'fetch-inputs', attempts: 0 });
    expect(task.err_message).toMatch(/clip\.mp4/);
    const cloud = (await svc.api(`/v1/video_generation/${body.task_id}`)).body;
    expect(cloud).toMatchObject({ status: 'failed', err_code: 'unsupported_media', err_message: task.err_message });
  });

  it('answer 400 unsupported_media at once for the same picture given as a local file', async () => {
    const renamed = await makeImage(media.dir, { format: 'png', name: 'local-clip.mp4' });
    const { status, body } = await svc.api('/v1/video_generation', { body: lipsyncBody(renamed) });
    expect(status).toBe(400);
    expect(body.code).toBe('unsupported_media');
  });
});
