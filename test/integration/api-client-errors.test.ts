// Errors the client causes answer 4xx from the catalogue, HEAD on the event stream answers, and UTF-8 upload names survive.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request over node:http, which (unlike fetch) sends header strings byte for byte as latin1; fails after timeoutMs. */
function rawRequest(
  url: string,
  options: { method: string; headers: Record<string, string>; body?: Buffer | string; timeoutMs?: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: options.method, headers: options.headers, timeout: options.timeoutMs ?? 5_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`no answer to ${options.method} ${url} within ${options.timeoutMs ?? 5_000} ms`)),
    );
    request.on('error', reject);
    // A string body would make Node write the head with it as UTF-8, re-encoding the latin1 header bytes.
    request.end(typeof options.body === 'string' ? Buffer.from(options.body) : options.body);
  });
}

/** A header value whose bytes on the wire are the UTF-8 encoding of `text` (Node writes header strings as latin1). */
const rawUtf8Header = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const auth = { authorization: `Bearer ${TEST_API_KEY}` };

describe('client errors, HEAD /v1/events and upload names over real HTTP', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await startTestService();
  });

  afterAll(async () => {
    await svc.stop();
  });

  describe('POST /v1/files with a multipart Content-Type and a body that is not multipart', () => {
    it('answers 400 invalid_request, not 500, when the body lacks the declared boundary', async () => {
      const answer = await rawRequest(`${svc.url}/v1/files`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=----dubdesk', 'content-length': '26' },
        body: 'hello there, not multipart',
      });
      const body = JSON.parse(answer.body);
      expect(answer.status).toBe(400);
      expect(Object.keys(body).sort()).toEqual(['code', 'message', 'serverTs']);
      expect(body.code).toBe('invalid_request');
      expect(body.message).toMatch(/^The body is not the multipart\/form-data its Content-Type says/);
      expect(answer.headers['x-request-id']).toMatch(/\S/);
    });

    it('answers 400 invalid_request naming the missing boundary parameter', async () => {
      const answer = await rawRequest(`${svc.url}/v1/files`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'multipart/form-data', 'content-length': '5' },
        body: 'hello',
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        code: 'invalid_request',
        message: expect.stringContaining('needs a boundary parameter'),
      });
    });
  });

  describe('POST /v1/models importing a file that is not a model', () => {
    it("answers 400 unsupported_media naming the user's file and no internal path", async () => {
      const notAModel = path.join(svc.dataDir, '..', `not-a-model-${process.pid}.onnx`);
      fs.writeFileSync(notAModel, 'these are words, not an ONNX graph');
      try {
        // Any single-file ONNX model an engine uses can be imported; the catalogue decides which ones.
        const listed = (await svc.api('/v1/models')).body.models as {
          id: string;
          title: string;
          files: { name: string }[];
          used_by?: unknown[];
        }[];
        const model = listed.find(
          (m) =>
            m.files.length === 1 &&
            m.files[0].name.endsWith('.onnx') &&
            (m.used_by === undefined || m.used_by.length > 0),
        );
        expect(model).toBeDefined();
        const { status, body } = await svc.api('/v1/models', { body: { id: model!.id, source_path: notAModel } });
        expect(status).toBe(400);
        expect(body.code).toBe('unsupported_media');
        expect(body.message).toContain(`The file at ${notAModel} does not look like ${model!.title}`);
        expect(body.message).not.toContain('.partial');
        expect(body.message).not.toContain(svc.dataDir);
        const record = await svc.api(`/v1/models/${model!.id}`);
        expect(record.body.installed).toBe(false);
      } finally {
        fs.rmSync(notAModel, { force: true });
      }
    });
  });

  describe('HEAD /v1/events', () => {
    it('answers at once with the event-stream headers GET sends and no body', async () => {
      const answer = await rawRequest(`${svc.url}/v1/events`, { method: 'HEAD', headers: auth, timeoutMs: 3_000 });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(answer.headers['x-request-id']).toMatch(/\S/);
      expect(answer.body).toBe('');
    });

    it('still asks for a key', async () => {
      const answer = await rawRequest(`${svc.url}/v1/events`, { method: 'HEAD', headers: {}, timeoutMs: 3_000 });
      expect(answer.status).toBe(401);
    });
  });

  describe('X-File-Name with non-ASCII names', () => {
    const name = 'é中文 clip.srt';
    const upload = (fileName: string) =>
      rawRequest(`${svc.url}/v1/files`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/octet-stream', 'x-file-name': fileName },
        body: '1\n00:00:00,000 --> 00:00:01,000\nHi\n',
      });

    it('keeps a name sent as raw UTF-8 bytes', async () => {
      const answer = await upload(rawUtf8Header(name));
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body).name).toBe(name);
    });

    it("decodes the RFC 8187 form UTF-8''<percent-encoded>", async () => {
      const answer = await upload(`UTF-8''${encodeURIComponent(name)}`);
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body).name).toBe(name);
    });

    it('decodes a plain percent-encoded name', async () => {
      const answer = await upload(encodeURIComponent(name));
      expect(answer.status).toBe(201);
      const { file_id: fileId, name: stored } = JSON.parse(answer.body);
      expect(stored).toBe(name);
      // The stored record gives the same name back on download.
      const download = await fetch(`${svc.url}/v1/files/${fileId}?download=1`, { headers: auth });
      expect(download.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    });

    it('keeps a latin1 name whose bytes are not UTF-8', async () => {
      const answer = await upload('caf\u00e9.srt');
      expect(answer.status).toBe(201);
      expect(JSON.parse(answer.body).name).toBe('café.srt');
    });
  });

  it('answers a JSON body over the 10 MB limit with 413 payload_too_large', async () => {
    // inject() delivers the whole body, so the answer is read whatever the socket would do with the rest.
    const answer = await svc.service.app.inject({
      method: 'POST',
      url: '/v1/media/translate',
      headers: { ...auth, host: new URL(svc.url).host, 'content-type': 'application/json' },
      payload: JSON.stringify({ user_prompt: 'z'.repeat(11 * 1024 * 1024) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'payload_too_large' });
  });

  describe('failures before routing keep the catalogue shape', () => {
    it('answers a malformed %-escape and an over-long path parameter with invalid_request', async () => {
      for (const pathname of ['/v1/tasks/%E0%A4%A', `/v1/tasks/${'x'.repeat(2_000)}`]) {
        const answer = await rawRequest(`${svc.url}${pathname}`, { method: 'GET', headers: auth });
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'invalid_request' });
      }
    });

    it('answers a request line Node cannot parse with a catalogue body, then closes', async () => {
      const { port } = new URL(svc.url);
      const reply = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(Number(port), '127.0.0.1', () =>
          socket.write(`FOO\u0001 /v1/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(reply.startsWith('HTTP/1.1 400')).toBe(true);
      expect(JSON.parse(reply.slice(reply.indexOf('\r\n\r\n') + 4))).toMatchObject({ code: 'invalid_request' });
    });

    it('stores an upload whose UTF-8 name is longer than a file system allows, shortened to fit', async () => {
      const name = `${'中'.repeat(100)}.mp4`;
      const answer = await rawRequest(`${svc.url}/v1/files?name=${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'video/mp4' },
        body: Buffer.from('AAAA'),
      });
      expect(answer.status).toBe(201);
      const stored = JSON.parse(answer.body).name as string;
      expect(stored.endsWith('.mp4')).toBe(true);
      expect(Buffer.byteLength(stored)).toBeLessThanOrEqual(180);
    });
  });
});
