import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { fetchToFile } from '../../src/main/files/remote-fetch.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

const media = randomBytes(256 * 1024);
const routes = new Map<string, Handler>();
let server: http.Server;
let base: string;
let dir: string;
let destCounter = 0;

const newDest = (name = 'input.mp4'): string => path.join(dir, `job-${++destCounter}`, name);

async function failureOf(promise: Promise<unknown>): Promise<DubDeskError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DubDeskError);
  return error as DubDeskError;
}

function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const poll = (): void => {
      if (condition()) resolve();
      else if (Date.now() > deadline) reject(new Error('condition not met in time'));
      else setTimeout(poll, 10);
    };
    poll();
  });
}

const fileSize = (file: string): number => (fs.existsSync(file) ? fs.statSync(file).size : 0);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-remote-fetch-'));
  server = http.createServer((request, response) => {
    const handler = routes.get(new URL(request.url!, 'http://x').pathname);
    if (handler) handler(request, response);
    else response.writeHead(404).end('no such file');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(() => routes.clear());

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('fetchToFile from a loopback server', () => {
  it('downloads the body to the destination with its type and the name the server suggests', async () => {
    routes.set('/media', (_request, response) => {
      response.writeHead(200, {
        'content-type': 'video/mp4; codecs="avc1"',
        'content-length': media.length,
        'content-disposition': 'attachment; filename="Trailer (final).mp4"',
      });
      response.end(media);
    });
    const dest = newDest();
    const progress: number[] = [];
    const result = await fetchToFile(`${base}/media?sig=abc`, dest, { onProgress: (p) => progress.push(p.bytes) });
    expect(result).toEqual({
      path: dest,
      bytes: media.length,
      contentType: 'video/mp4',
      fileName: 'Trailer (final).mp4',
    });
    expect(fs.readFileSync(dest).equals(media)).toBe(true);
    expect(fs.existsSync(`${dest}.part`)).toBe(false);
    // The first report comes before any byte, so a progress bar can show the size at once.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(media.length);
  });

  it('names the file after the last URL segment when the server suggests none', async () => {
    routes.set('/videos/My%20Clip.webm', (_request, response) => response.end(media.subarray(0, 100)));
    const result = await fetchToFile(`${base}/videos/My%20Clip.webm`, newDest());
    expect(result.fileName).toBe('My Clip.webm');
    expect(result.bytes).toBe(100);
  });

  it('follows a chain of redirects within the cap', async () => {
    routes.set('/hop1', (_request, response) => response.writeHead(302, { location: '/hop2' }).end());
    routes.set('/hop2', (_request, response) => response.writeHead(301, { location: `${base}/hop3` }).end());
    routes.set('/hop3', (_request, response) => response.writeHead(307, { location: 'media' }).end());
    routes.set('/media', (_request, response) => response.end(media));
    const dest = newDest();
    const result = await fetchToFile(`${base}/hop1`, dest, { maxRedirects: 3 });
    expect(result.bytes).toBe(media.length);
    expect(fs.readFileSync(dest).equals(media)).toBe(true);
  });

  it('fails a redirect loop with a final download_failed once past the cap', async () => {
    let hops = 0;
    routes.set('/loop', (_request, response) => {
      hops += 1;
      response.writeHead(302, { location: '/loop' }).end();
    });
    const failure = await failureOf(fetchToFile(`${base}/loop`, newDest(), { maxRedirects: 4 }));
    expect(failure.code).toBe('download_failed');
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain('redirected more than 4 times');
    expect(hops).toBe(5);
  });

  it('fails a 404 with a final download_failed that names the status', async () => {
    const failure = await failureOf(fetchToFile(`${base}/gone.mp4?token=secret`, newDest()));
    expect(failure.code).toBe('download_failed');
    expect(failure.retryable).toBe(false);
    expect(failure.message).toContain('HTTP 404 Not Found');
    expect(failure.message).toContain(`${base}/gone.mp4`);
    // Query strings often carry signatures; they stay out of messages kept in the task.
    expect(failure.message).not.toContain('secret');
  });

  it('fails a 503 with a retryable download_failed', async () => {
    routes.set('/busy', (_request, response) => response.writeHead(503).end());
    const failure = await failureOf(fetchToFile(`${base}/busy`, newDest()));
    expect(failure.code).toBe('download_failed');
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain('HTTP 503');
  });

  it('fails a refused connection with a retryable download_failed that says so', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await failureOf(fetchToFile(`http://127.0.0.1:${port}/a.mp4`, newDest()));
    expect(failure.code).toBe('download_failed');
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain(`127.0.0.1:${port} refused the connection`);
  });

  it('gives up on a server that never sends headers after the connect timeout', async () => {
    routes.set('/silent', () => undefined);
    const failure = await failureOf(fetchToFile(`${base}/silent`, newDest(), { connectTimeoutMs: 300 }));
    expect(failure.code).toBe('download_failed');
    expect(failure.message).toContain('did not answer within 0.3 s');
  });

  it('gives up on a body that stalls after the idle timeout and keeps the partial data for a resume', async () => {
    const dest = newDest();
    routes.set('/stall', (_request, response) => {
      response.writeHead(200, { 'content-length': media.length });
      response.write(media.subarray(0, 1000));
    });
    const failure = await failureOf(fetchToFile(`${base}/stall`, dest, { idleTimeoutMs: 300 }));
    expect(failure.code).toBe('download_failed');
    expect(failure.retryable).toBe(true);
    expect(failure.message).toContain('no data arrived for 0.3 s');
    expect(fs.existsSync(dest)).toBe(false);
    expect(fileSize(`${dest}.part`)).toBe(1000);
  });

  it('refuses a declared length over maxBytes with payload_too_large before downloading', async () => {
    routes.set('/big', (_request, response) => response.writeHead(200, { 'content-length': media.length }).end(media));
    const dest = newDest();
    const failure = await failureOf(fetchToFile(`${base}/big`, dest, { maxBytes: 10_000 }));
    expect(failure.code).toBe('payload_too_large');
    expect(failure.message).toContain('larger than the 10 kB');
    expect(fs.existsSync(`${dest}.part`)).toBe(false);
  });

  it('stops a body without a length once it passes maxBytes and removes the .part', async () => {
    routes.set('/endless', (_request, response) => {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      const pump = (): void => {
        while (!response.destroyed && response.write(randomBytes(16 * 1024)));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    });
    const dest = newDest();
    const failure = await failureOf(fetchToFile(`${base}/endless`, dest, { maxBytes: 100_000 }));
    expect(failure.code).toBe('payload_too_large');
    expect(fs.existsSync(`${dest}.part`)).toBe(false);
    expect(fs.existsSync(dest)).toBe(false);
  });

  it('resumes after a dropped connection with a Range request from the .part size', async () => {
    const dest = newDest();
    const half = media.length / 2;
    const rangesAsked: (string | undefined)[] = [];
    const ifRangesSent: (string | undefined)[] = [];
    routes.set('/flaky', (request, response) => {
      rangesAsked.push(request.headers.range);
      ifRangesSent.push(request.headers['if-range'] as string | undefined);
      if (rangesAsked.length === 1) {
        response.writeHead(200, { 'content-length': media.length, etag: '"v1"', 'content-type': 'video/mp4' });
        response.write(media.subarray(0, half));
        // Drop the connection only once the client has written bytes to disk.
        void waitFor(() => fileSize(`${dest}.part`) > 0).finally(() => response.socket?.destroy());
        return;
      }
      const start = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);
      response.writeHead(206, {
        'content-range': `bytes ${start}-${media.length - 1}/${media.length}`,
        'content-length': media.length - start,
        etag: '"v1"',
      });
      response.end(media.subarray(start));
    });

    const first = await failureOf(fetchToFile(`${base}/flaky`, dest));
    expect(first.code).toBe('download_failed');
    expect(first.retryable).toBe(true);
    expect(first.message).toContain('closed after');
    const kept = fileSize(`${dest}.part`);
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(half);

    const result = await fetchToFile(`${base}/flaky`, dest);
    expect(rangesAsked).toEqual([undefined, `bytes=${kept}-`]);
    expect(ifRangesSent[1]).toBe('"v1"');
    expect(result.bytes).toBe(media.length);
    expect(result.contentType).toBe('video/mp4');
    expect(fs.readFileSync(dest).equals(media)).toBe(true);
    expect(fs.existsSync(`${dest}.part`)).toBe(false);
  });

  it('starts over when the server answers a resume with the whole file (200)', async () => {
    const dest = newDest();
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(`${dest}.part`, Buffer.from('stale bytes of another version'));
    const rangesAsked: (string | undefined)[] = [];
    routes.set('/whole', (request, response) => {
      rangesAsked.push(request.headers.range);
      response.writeHead(200, { 'content-length': media.length }).end(media);
    });
    const result = await fetchToFile(`${base}/whole`, dest);
    expect(rangesAsked).toEqual(['bytes=30-']);
    expect(result.bytes).toBe(media.length);
    expect(fs.readFileSync(dest).equals(media)).toBe(true);
  });

  it('keeps the default timeouts for options passed as undefined', async () => {
    routes.set('/slow-start', (_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-length': media.length }).end(media), 200);
    });
    const result = await fetchToFile(`${base}/slow-start`, newDest(), {
      connectTimeoutMs: undefined,
      idleTimeoutMs: undefined,
    });
    expect(result.bytes).toBe(media.length);
  });

  it('asks the server to confirm a file already at the destination when continueExisting is set', async () => {
    const dest = newDest();
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, media);
    const rangesAsked: (string | undefined)[] = [];
    routes.set('/done', (request, response) => {
      rangesAsked.push(request.headers.range);
      response.writeHead(416, { 'content-range': `bytes */${media.length}` }).end();
    });
    const progress: { bytes: number; totalBytes: number | null }[] = [];
    const result = await fetchToFile(`${base}/done`, dest, {
      continueExisting: true,
      onProgress: (p) => progress.push(p),
    });
    expect(rangesAsked).toEqual([`bytes=${media.length}-`]);
    expect(result.bytes).toBe(media.length);
    expect(progress).toEqual([{ bytes: media.length, totalBytes: media.length }]);
    expect(fs.readFileSync(dest).equals(media)).toBe(true);
    expect(fs.existsSync(`${dest}.part`)).toBe(false);
  });

  it('continues a partial file already at the destination when continueExisting is set', async () => {
    const dest = newDest();
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    fs.writeFileSync(dest, media.subarray(0, 1000));
    routes.set('/rest', (request, response) => {
      const start = Number(/^bytes=(\d+)-$/.exec(request.headers.range ?? '')?.[1] ?? 0);
      response.writeHead(206, {
        'content-range': `bytes ${start}-${media.length - 1}/${media.length}`,
        'content-length': media.length - start,
      });
      response.end(media.subarray(start));
    });
    const result = await fetchToFile(`${base}/rest`, dest, { continueExisting: true });
    expect(result.bytes).toBe(media.length);
    expect(fs.readFileSync(dest).equals(media)).toBe(true);
  });

  it("ends a resumable failure with the caller's resume hint", async () => {
    routes.set('/stall-hint', (_request, response) => {
      response.writeHead(200, { 'content-length': media.length });
      response.write(media.subarray(0, 1000));
    });
    const failure = await failureOf(
      fetchToFile(`${base}/stall-hint`, newDest(), { idleTimeoutMs: 300, resumeHint: 'Install again to resume.' }),
    );
    expect(failure.message).toBe(
      `Downloading ${base}/stall-hint failed: no data arrived for 0.3 s (after 1 kB). Install again to resume.`,
    );
  });

  it('stops with the abort reason when the job is cancelled mid-download', async () => {
    routes.set('/slow', (_request, response) => {
      response.writeHead(200, { 'content-length': media.length });
      response.write(media.subarray(0, 1000));
    });
    const controller = new AbortController();
    const dest = newDest();
    const download = fetchToFile(`${base}/slow`, dest, { signal: controller.signal, idleTimeoutMs: 60_000 });
    await waitFor(() => fileSize(`${dest}.part`) > 0);
    controller.abort();
    await expect(download).rejects.toMatchObject({ name: 'AbortError' });
    expect(fs.existsSync(dest)).toBe(false);
  });
});
