// Webhook callbacks of a real job, end to end: one signed POST per status change, in order, each body the
// status route's record of that moment; and a receiver that was down gets them after a service restart.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSecretCommand } from '../../src/cli/commands/admin.js';
import { verifySignature } from '../../src/main/queue/callbacks/signature.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { makeDataDir, startTestService, type TestService } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';
import { startReceiver, waitFor, type ReceivedRequest } from './callbacks-receiver.js';

const kinds = testKinds({ encodeSeconds: 2 });

/** What `dubdesk webhook-secret --data-dir <dir>` prints. */
async function webhookSecretOf(dataDir: string, databaseUrl?: string): Promise<string> {
  const out = new PassThrough();
  let printed = '';
  out.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  // On PostgreSQL the secret lives in the shared database, which the command is pointed at as a node would be.
  expect(
    await webhookSecretCommand(['--data-dir', dataDir, ...(databaseUrl ? ['--database', databaseUrl] : [])], out),
  ).toBe(0);
  return printed.trim();
}

/** A loopback port nothing listens on (a receiver that is down refuses connections). */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A receiver on a given port that answers 200 to everything and keeps what arrived. */
async function listenOn(port: number): Promise<{ requests: ReceivedRequest[]; close(): Promise<void> }> {
  const requests: ReceivedRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    requests.push({ path: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('job callbacks', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let video: string;
  const cleanups: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-queue-callbacks-');
    video = await makeVideo(media.dir, { durationSec: 1 });
  });

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await media?.cleanup();
  });

  it('posts every status change in order, signed, with the status route body of that moment', async () => {
    const dataDir = await makeDataDir();
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const svc = await startTestService({ dataDir, service: { kinds } });
    cleanups.push(() => svc.stop());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());

    const { body: created } = await svc.api('/v1/video_generation', {
      body: lipsyncBody(video, { callback_url: receiver.url }),
    });
    const taskId: string = created.task_id;
    const { body: whileProcessing } = await pollStatus(svc, taskId, (body) => body.status === 'processing');
    await svc.waitForTask(taskId);
    const { body: final } = await svc.api(`/v1/video_generation/${taskId}`);
    expect(final.status).toBe('done');

    await waitFor(() => receiver.accepted.length >= 2, 'two callbacks', 20_000);
    // Nothing more follows: pending is the initial state, and processing -> processing between stages is no change.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.requests).toHaveLength(2);
    const bodies = receiver.requests.map((request) => JSON.parse(request.body));
    expect(bodies.map((body) => body.status)).toEqual(['processing', 'done']);

    expect(Object.keys(bodies[0]).sort()).toEqual(Object.keys(whileProcessing).sort());
    // Sent when the job left pending: the first stage had just started.
    expect(bodies[0]).toMatchObject({
      task_id: taskId,
      status: 'processing',
      stage: 'prepare',
      progress: 0,
      created_at: final.created_at,
    });
    expect(bodies[1]).toEqual(final);
    expect(bodies[1].video_url).toMatch(/\/v1\/files\/\w+\?token=/);

    const secret = await webhookSecretOf(dataDir, svc.service.core.config.databaseUrl);
    expect(secret).toBe(svc.service.core.webhookSecret);
    for (const request of receiver.requests) {
      expect(request.path).toBe('/hook');
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/^DubDesk\//);
      expect(verifySignature(secret, request.headers['x-dubdesk-signature'] as string, request.body)).toBe(true);
      expect(
        verifySignature('whsec_some_other_secret', request.headers['x-dubdesk-signature'] as string, request.body),
      ).toBe(false);
    }
    const eventIds = receiver.requests.map((request) => request.headers['x-dubdesk-event-id']);
    expect(new Set(eventIds).size).toBe(2);
  });

  it('keeps callbacks a down receiver missed across a restart and delivers them once it is up', async () => {
    const dataDir = await makeDataDir();
    cleanups.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const receiverPort = await freePort();
    const callbackUrl = `http://127.0.0.1:${receiverPort}/hook`;

    const first = await startTestService({ dataDir, service: { kinds } });
    const { body: created } = await first.api('/v1/video_generation', {
      body: lipsyncBody(video, { callback_url: callbackUrl }),
    });
    const taskId: string = created.task_id;
    expect((await first.waitForTask(taskId)).status).toBe('done');
    const servicePort = Number(new URL(first.url).port);
    await first.stop();

    // The same data folder and port, as a user's service restarts; only now does the receiver come up.
    const second = await startTestService({ dataDir, config: { port: servicePort }, service: { kinds } });
    cleanups.push(() => second.stop());
    const receiver = await listenOn(receiverPort);
    cleanups.push(() => receiver.close());

    // Retries back off (1-2 s, 2-4 s, 4-8 s ...) from the failures before the restart.
    await waitFor(() => receiver.requests.length >= 2, 'the missed callbacks after the restart', 40_000);
    const bodies = receiver.requests.map((request) => JSON.parse(request.body));
    expect(bodies.map((body) => body.status)).toEqual(['processing', 'done']);
    const { body: final } = await second.api(`/v1/video_generation/${taskId}`);
    expect(bodies[1]).toEqual(final);
    expect((await fetch(bodies[1].video_url)).status).toBe(200);
    const secret = await webhookSecretOf(dataDir, second.service.core.config.databaseUrl);
    for (const request of receiver.requests) {
      expect(verifySignature(secret, request.headers['x-dubdesk-signature'] as string, request.body)).toBe(true);
    }
    expect(new Set(receiver.requests.map((request) => request.headers['x-dubdesk-event-id'])).size).toBe(2);
  });
});

async function pollStatus(svc: TestService, taskId: string, until: (body: any) => boolean): Promise<{ body: any }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const response = await svc.api(`/v1/video_generation/${taskId}`);
    if (until(response.body)) return response;
    if (Date.now() > deadline) throw new Error(`status never matched: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
