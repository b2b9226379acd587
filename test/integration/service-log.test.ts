// The service log over real HTTP: a 500 names the log file and the request id, the file holds that request's line,
// every answer carries X-Request-Id, callbacks' lines land there too, and no key, token or webhook secret is ever written.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/main/api/app-types.js';
import { buildApp } from '../../src/main/api/build-app.js';
import { resolveConfig } from '../../src/main/config.js';
import { createCore, type Core } from '../../src/main/core.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { makeDataDir, startTestService, TEST_API_KEY } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';
import { DubDeskError } from '../../src/shared/errors.js';

const WEBHOOK_SECRET = 'whsec_service_log_test_secret_0123456789';
const auth = { authorization: `Bearer ${TEST_API_KEY}` };

async function waitFor<T>(read: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function readLog(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
}

/** The parsed log lines (pino writes one JSON object per line). */
function logLines(file: string): Record<string, unknown>[] {
  return readLog(file)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('service log', () => {
  let dataDir: string;
  let core: Core;
  let app: App;
  let base: string;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    core = await createCore(
      resolveConfig(
        { dataDir, host: '127.0.0.1', port: 0, apiKey: TEST_API_KEY, webhookSecret: WEBHOOK_SECRET, concurrency: 1 },
        {},
      ),
    );
    app = await buildApp(core);
    // Test-only route: an unexpected failure whose message embeds credentials, as a careless error might.
    app.get('/v1/test-only/boom', async () => {
      throw new Error(`database said no; secret ${WEBHOOK_SECRET}, key ${TEST_API_KEY}`);
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await core.setBaseUrl(base);
  });

  afterAll(async () => {
    await app?.close();
    await core?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the log in <data>/logs/service.log', () => {
    expect(core.serviceLog.file).toBe(path.join(dataDir, 'logs', 'service.log'));
  });

  it("answers an internal error with 500 naming the log file and the request id, and the file holds that request's line", async () => {
    const response = await fetch(`${base}/v1/test-only/boom`, { headers: auth });
    const body = await response.json();
    const requestId = response.headers.get('x-request-id');

    expect(response.status).toBe(500);
    expect(Object.keys(body).sort()).toEqual(['code', 'message', 'serverTs']);
    expect(body.code).toBe('internal');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.message).toBe(
      `An unexpected error happened inside DubDesk. The service log (${core.serviceLog.file}) has the details: look for request id ${requestId}.`,
    );
    expect(body.message).not.toContain('database said no');

    const line = await waitFor(
      () => logLines(core.serviceLog.file).find((l) => l.reqId === requestId && l.level === 50),
      'the error line',
    );
    expect(line.msg).toBe('unexpected error');
    expect((line.err as { message: string }).message).toContain('database said no');
  });

  it('puts X-Request-Id on every answer, echoing a short plain one the client sent and replacing an unsafe one', async () => {
    const ok = await fetch(`${base}/v1/health`, { headers: { ...auth, 'x-request-id': 'trace-42.abc' } });
    expect(ok.headers.get('x-request-id')).toBe('trace-42.abc');

    const unauthorized = await fetch(`${base}/v1/tasks`);
    expect(unauthorized.status).toBe(401);
    expect(unauthorized.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const notFound = await fetch(`${base}/v1/no-such-route`, { headers: auth });
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const unsafe = await fetch(`${base}/v1/health`, {
      headers: { ...auth, 'x-request-id': 'evil id\twith "quotes" and spaces' },
    });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const tooLong = await fetch(`${base}/v1/health`, { headers: { ...auth, 'x-request-id': 'x'.repeat(65) } });
    expect(tooLong.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    await waitFor(
      () => (readLog(core.serviceLog.file).includes('"reqId":"trace-42.abc"') ? true : undefined),
      'the echoed id in the log',
    );
    // One line per request, written when it is answered, saying what it was and how it ended.
    const lines = logLines(core.serviceLog.file).filter((l) => l.reqId === 'trace-42.abc');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', statusCode: 200 });
  });

  it('never writes the API key, a file token or the webhook secret, however they arrive', async () => {
    const fileToken = 'tok_file_token_that_must_not_be_logged_12345';
    await fetch(`${base}/v1/tasks?key=${TEST_API_KEY}`);
    await fetch(`${base}/v1/health`, { headers: auth });
    await fetch(`${base}/v1/files/0123456789abcdef0123456789abcdef?token=${fileToken}`);
    // The event stream takes ?key=; its request line is logged while the stream stays open.
    const events = new AbortController();
    const stream = await fetch(`${base}/v1/events?key=${TEST_API_KEY}`, { signal: events.signal });
    expect(stream.status).toBe(200);
    events.abort();
    const boom = await fetch(`${base}/v1/test-only/boom?secret=${WEBHOOK_SECRET}`, {
      headers: { ...auth, 'x-request-id': 'secrets-check' },
    });
    expect(boom.status).toBe(500);

    const log = await waitFor(() => {
      const text = readLog(core.serviceLog.file);
      return text.includes('"reqId":"secrets-check","err"') ||
        /"reqId":"secrets-check".*"msg":"unexpected error"/.test(text)
        ? text
        : undefined;
    }, 'the boom line');
    expect(log).toContain('/v1/tasks?key=[redacted]');
    expect(log).toContain('token=[redacted]');
    expect(log).not.toContain(TEST_API_KEY);
    expect(log).not.toContain(fileToken);
    expect(log).not.toContain(WEBHOOK_SECRET);
  });
});

describe('service log lines from the core', () => {
  it("writes a failed callback delivery (the core's log option) to the service log, without the callback URL's token", async () => {
    const media = await makeMediaDir('dubdesk-service-log-');
    const dataDir = await makeDataDir();
    // A loopback port nothing listens on: the delivery fails and the deliverer logs it.
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const svc = await startTestService({ dataDir, service: { kinds: testKinds({ encodeSeconds: 0 }) } });
    try {
      const video = await makeVideo(media.dir, { durationSec: 1 });
      const callbackToken = 'cb_token_that_must_not_be_logged_98765';
      const created = await svc.api('/v1/video_generation', {
        body: lipsyncBody(video, { callback_url: `http://127.0.0.1:${port}/hook?token=${callbackToken}` }),
      });
      expect(created.status).toBe(200);
      const logFile = svc.service.core.serviceLog.file;
      const line = await waitFor(
        () =>
          logLines(logFile).find((l) => typeof l.msg === 'string' && l.msg.startsWith('[callbacks] warn: Callback')),
        'the callback failure line',
        20_000,
      );
      expect(line.level).toBe(40);
      expect(line.msg).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}\\b.*failed \\(attempt 1\\)`));
      expect(readLog(logFile)).not.toContain(callbackToken);
      expect(logLines(logFile).some((l) => l.msg === 'DubDesk listening')).toBe(true);
    } finally {
      await svc.stop();
      await media.cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("writes a job's internal error, which its err_message points at, to the service log with the task id", async () => {
    const media = await makeMediaDir('dubdesk-service-log-');
    const kinds = testKinds({
      encodeSeconds: 0,
      failuresBeforeSuccess: Infinity,
      failure: () => new DubDeskError('internal', 'the encode stage broke in an unexpected way'),
    });
    const svc = await startTestService({ service: { kinds } });
    try {
      const video = await makeVideo(media.dir, { durationSec: 1 });
      const created = await svc.api('/v1/video_generation', { body: lipsyncBody(video) });
      const taskId: string = created.body.task_id;
      const task = await svc.waitForTask(taskId);
      expect(task).toMatchObject({ status: 'failed', err_code: 'internal' });
      const line = await waitFor(
        () => logLines(svc.service.core.serviceLog.file).find((l) => l.taskId === taskId && l.level === 50),
        'the job error line',
      );
      expect(line.msg).toContain('the encode stage broke in an unexpected way');
    } finally {
      await svc.stop();
      await media.cleanup();
    }
  });
});
