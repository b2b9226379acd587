// Bound to every interface (--host 0.0.0.0), a service answers each client with URLs naming the address that client
// reached it at, so a client on the LAN downloads results without rewriting hosts; the signed token works at any of
// them. Linux routes all of 127/8 to lo, so 127.0.0.1 and 127.0.0.2 stand in for two addresses of one machine.
import fs from 'node:fs/promises';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';
import { makeProofreadingProject, type Api } from '../fixtures/proofreading-project.js';
import { startReceiver, waitFor, type Receiver } from './callbacks-receiver.js';

const kinds = testKinds({ encodeSeconds: 1 });

/** An answer from the service at `base` (http://<address>:<port>) with the test key. */
async function call(base: string, pathname: string, init: { method?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${TEST_API_KEY}` };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${pathname}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: await response.json() };
}

/** The fixtures' api() shape over one address of the service. */
function apiAt(base: string): Api {
  return async (pathname, init = {}) => call(base, pathname, init);
}

/** A signed URL downloaded without any key, as a browser or curl on the LAN would. */
async function download(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(url);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A GET with a Host header fetch() would not send (a path or userinfo in it), over a raw socket to 127.0.0.1. */
function getWithHost(port: number, pathname: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        setHost: false,
        headers: { host, authorization: `Bearer ${TEST_API_KEY}` },
      },
      (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

describe('result URLs on an all-interfaces bind', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let video: string;
  let svc: TestService;
  let receiver: Receiver;
  let port: number;
  const at = (address: string) => `http://${address}:${port}`;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-lan-urls-');
    video = await makeVideo(media.dir, { durationSec: 1 });
    svc = await startTestService({ config: { host: '0.0.0.0' }, service: { kinds } });
    port = Number(new URL(svc.url).port);
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver?.close();
    await svc?.stop();
    await media?.cleanup();
  });

  it('answers an upload with a URL naming the address it came to, and that URL downloads the file', async () => {
    const original = await fs.readFile(video);
    for (const address of ['127.0.0.1', '127.0.0.2']) {
      const response = await fetch(`${at(address)}/v1/files?name=clip.mp4`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/octet-stream' },
        body: original,
      });
      expect(response.status).toBe(201);
      const uploaded = (await response.json()) as { url: string };
      expect(uploaded.url.startsWith(`${at(address)}/v1/files/`)).toBe(true);
      const fetched = await download(uploaded.url);
      expect(fetched.status).toBe(200);
      expect(fetched.bytes.equals(original)).toBe(true);
      // Settings and the OpenAPI document name the same address.
      expect((await call(at(address), '/v1/settings')).body.base_url).toBe(at(address));
      expect((await call(at(address), '/v1/openapi.json')).body.servers[0].url).toBe(at(address));
    }
  });

  it("names each reader's address in a job's result URLs, and the callback the address the job was created at", async () => {
    // The input is an upload made through 127.0.0.2: its signed URL names that address and is ours at any.
    const upload = await fetch(`${at('127.0.0.2')}/v1/files?name=clip.mp4`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/octet-stream' },
      body: await fs.readFile(video),
    });
    const inputUrl = ((await upload.json()) as { url: string }).url;
    const created = await call(at('127.0.0.2'), '/v1/video_generation', {
      body: { ...lipsyncBody(video, { callback_url: `${receiver.url}` }), reference_file_url: inputUrl },
    });
    expect(created.status).toBe(200);
    const taskId: string = created.body.task_id;
    expect((await svc.waitForTask(taskId)).status).toBe('done');

    const videos: Buffer[] = [];
    for (const address of ['127.0.0.1', '127.0.0.2']) {
      const status = await call(at(address), `/v1/video_generation/${taskId}`);
      expect(status.body.status).toBe('done');
      expect(status.body.video_url.startsWith(`${at(address)}/v1/files/`)).toBe(true);
      const summary = await call(at(address), `/v1/tasks/${taskId}`);
      expect(summary.body.video_url).toBe(status.body.video_url);
      const fetched = await download(status.body.video_url);
      expect(fetched.status).toBe(200);
      videos.push(fetched.bytes);
    }
    expect(videos[0]!.length).toBeGreaterThan(1000);
    expect(videos[1]!.equals(videos[0]!)).toBe(true);

    await waitFor(
      () => receiver.accepted.some((request) => JSON.parse(request.body).status === 'done'),
      'the done callback',
      20_000,
    );
    const done = receiver.accepted.map((request) => JSON.parse(request.body)).find((body) => body.status === 'done');
    expect(done.video_url.startsWith(`${at('127.0.0.2')}/v1/files/`)).toBe(true);
    expect((await download(done.video_url)).bytes.equals(videos[0]!)).toBe(true);
  });

  it("names the reader's address in a project's URLs, and its media URL downloads", async () => {
    const projectId = await makeProofreadingProject(apiAt(at('127.0.0.2')), media.dir, {
      name: 'lan',
      durationSec: 2,
      lines: [{ startMs: 0, endMs: 1500, text: 'Hallo' }],
    });
    for (const address of ['127.0.0.1', '127.0.0.2']) {
      const project = (await call(at(address), `/v1/projects/${projectId}`)).body;
      expect(project.project_url.startsWith(`${at(address)}/`)).toBe(true);
      expect(project.media_url.startsWith(`${at(address)}/v1/files/`)).toBe(true);
      expect((await download(project.media_url)).status).toBe(200);
      const listed = (await call(at(address), `/v1/projects`)).body.projects;
      expect(listed.find((entry: { project_id: string }) => entry.project_id === projectId).media_url).toBe(
        project.media_url,
      );
    }
  });

  it('refuses a Host header with a path or user info, and puts it in no URL', async () => {
    for (const host of [`127.0.0.2:${port}/evil`, `user@127.0.0.2:${port}`, `127.0.0.2:${port}?evil`]) {
      const answer = await getWithHost(port, '/v1/settings', host);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'forbidden' });
      expect(answer.body).not.toContain('evil');
      expect(answer.body).not.toContain('user@');
    }
    // A name that is not this machine's, another port, and octets out of range are no address of ours either.
    for (const host of [`evil.example:${port}`, `127.0.0.2:${port + 1}`, `127.0.0.300:${port}`])
      expect((await getWithHost(port, '/v1/settings', host)).status).toBe(403);
  });
});

describe('result URLs on a specific bind', () => {
  it("keep the service's own address whatever name the client used", async () => {
    const svc = await startTestService();
    try {
      const port = Number(new URL(svc.url).port);
      const answer = await getWithHost(port, '/v1/settings', `localhost:${port}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body).base_url).toBe(`http://127.0.0.1:${port}`);
    } finally {
      await svc.stop();
    }
  });
});
