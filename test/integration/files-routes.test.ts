import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/main/api/app-types.js';
import { routeTestApp } from '../fixtures/route-app.js';
import { fileRoutes } from '../../src/main/api/routes/files.js';
import { dataPaths, type DataPaths } from '../../src/main/config.js';
import { createFileStore, type FileStore } from '../../src/main/files/file-store.js';
import { createFileUrlSigner } from '../../src/main/files/signed-urls.js';
import { randomToken } from '../../src/main/ids.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createFileRepository } from '../../src/main/store/files-repository.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import type { SharedStorage } from '../../src/main/files/shared-storage.js';
import { startS3LoopbackServer, type S3LoopbackServer } from '../fixtures/s3-loopback-server.js';

const API_KEY = 'test-key';
const MAX_INPUT_BYTES = 64 * 1024;

interface Service {
  app: App;
  base: string;
  dir: string;
  paths: DataPaths;
  db: Db;
  files: FileStore;
  storage?: SharedStorage;
  /** Where an upload is written on this machine: the files folder, or with shared storage the download cache. */
  uploadsDir: string;
}

const BUCKET = 'dubdesk-files-routes';
let s3: S3LoopbackServer;
beforeAll(async () => {
  s3 = await startS3LoopbackServer({ buckets: [BUCKET] });
});
afterAll(() => s3.close());

/** Where the bytes live: the data folder (the embedded default), or shared storage as `--storage` opens it. */
const BACKENDS: { name: string; open(dir: string): Promise<SharedStorage | undefined> }[] = [
  { name: 'the data folder', open: async () => undefined },
  {
    name: 'a shared folder',
    async open(dir) {
      fs.mkdirSync(path.join(dir, 'share'));
      return openStorage(path.join(dir, 'share'));
    },
  },
  {
    name: 'an S3 bucket',
    open: (dir) =>
      openStorage(`s3://${BUCKET}/${path.basename(dir)}`, {
        env: { DUBDESK_S3_FORCE_PATH_STYLE: '1' },
        s3: { endpoint: s3.endpoint, region: s3.region, credentials: s3.credentials, maxAttempts: 1 },
      }),
  },
];

async function startService(backend: (typeof BACKENDS)[number]): Promise<Service> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-files-routes-'));
  const paths = dataPaths(dir);
  const db = openDatabase(paths.database);
  const storage = await backend.open(dir);
  const files = createFileStore({
    records: createFileRepository(createSqliteClient(db)),
    paths,
    maxInputBytes: MAX_INPUT_BYTES,
    storage,
  });
  let base = '';
  const app: App = routeTestApp();
  // What the lead's auth hook does on success: a valid bearer key marks the request with apiKeyId.
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization === `Bearer ${API_KEY}`) (request as { apiKeyId?: string }).apiKeyId = 'key-1';
  });
  await app.register(fileRoutes, { files, signer: createFileUrlSigner(randomToken()), baseUrl: () => base });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  return {
    app,
    base,
    dir,
    paths,
    db,
    files,
    storage,
    uploadsDir: storage ? path.join(paths.cache, 'files') : paths.files,
  };
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

const auth = { authorization: `Bearer ${API_KEY}` };

interface Uploaded {
  file_id: string;
  url: string;
  name: string;
  size: number;
}

describe.each(BACKENDS)('POST /v1/files and GET /v1/files/:file_id over HTTP, the bytes in $name', (backend) => {
  let service: Service;
  const video = randomBytes(40_000);
  let uploaded: Uploaded;

  beforeAll(async () => {
    service = await startService(backend);
    const response = await fetch(`${service.base}/v1/files`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': 'application/octet-stream',
        'x-file-name': encodeURIComponent('Interview täglich.mp4'),
      },
      body: video,
    });
    expect(response.status).toBe(201);
    uploaded = (await response.json()) as Uploaded;
  });

  afterAll(async () => {
    await service?.app.close();
    await service?.storage?.close();
    service?.db.close();
    if (service) fs.rmSync(service.dir, { recursive: true, force: true });
  });

  const storedEntries = (): string[] => (fs.existsSync(service.uploadsDir) ? fs.readdirSync(service.uploadsDir) : []);
  const fileRows = (): number => (service.db.prepare('SELECT COUNT(*) AS n FROM files').get() as { n: number }).n;

  it('stores a raw-body upload under its decoded X-File-Name and answers an absolute signed URL', async () => {
    expect(uploaded.name).toBe('Interview täglich.mp4');
    expect(uploaded.size).toBe(video.length);
    expect(uploaded.url).toMatch(new RegExp(`^${service.base}/v1/files/${uploaded.file_id}\\?token=[\\w.-]+$`));
    const record = (await service.files.get(uploaded.file_id))!;
    expect(record.mime).toBe('video/mp4');
    expect(fs.readFileSync(await service.files.localPath(record)).equals(video)).toBe(true);
    // With shared storage the bytes are in the storage under the record's path, and not in the data folder's files/.
    if (service.storage) {
      expect(await service.storage.stat(record.path)).toEqual({ size: video.length });
      expect(fs.existsSync(path.join(service.paths.files, record.id))).toBe(false);
    }
  });

  it('serves the upload through its signed URL without an Authorization header, byte for byte', async () => {
    const response = await fetch(uploaded.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-length')).toBe(String(video.length));
    expect(response.headers.get('content-disposition')).toContain(`filename*=UTF-8''Interview%20t%C3%A4glich.mp4`);
    expect(response.headers.get('content-disposition')).toMatch(/^inline;/);
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
  });

  it('serves with an API key and no token', async () => {
    const response = await fetch(`${service.base}/v1/files/${uploaded.file_id}`, { headers: auth });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
  });

  it('refuses a wrong token, a token of another file and a missing token with 401 unauthorized', async () => {
    const other = await fetch(`${service.base}/v1/files?name=other.wav`, {
      method: 'POST',
      headers: auth,
      body: randomBytes(100),
    });
    const otherToken = new URL(((await other.json()) as Uploaded).url).searchParams.get('token')!;
    for (const query of ['?token=not-a-token', `?token=${otherToken}`, '']) {
      const response = await fetch(`${service.base}/v1/files/${uploaded.file_id}${query}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: 'unauthorized' });
    }
  });

  it('answers a Range request with 206, Content-Range and exactly those bytes', async () => {
    const response = await fetch(uploaded.url, { headers: { range: 'bytes=1000-1999' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(response.headers.get('content-length')).toBe('1000');
    expect(Buffer.from(await response.arrayBuffer()).equals(video.subarray(1000, 2000))).toBe(true);
  });

  it('answers open-ended and suffix ranges, clamping an end past the file', async () => {
    const open = await fetch(uploaded.url, { headers: { range: 'bytes=39000-' } });
    expect(open.status).toBe(206);
    expect(Buffer.from(await open.arrayBuffer()).equals(video.subarray(39000))).toBe(true);

    const suffix = await fetch(uploaded.url, { headers: { range: 'bytes=-7' } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get('content-range')).toBe(`bytes ${video.length - 7}-${video.length - 1}/${video.length}`);
    expect(Buffer.from(await suffix.arrayBuffer()).equals(video.subarray(-7))).toBe(true);

    const past = await fetch(uploaded.url, { headers: { range: 'bytes=39990-99999' } });
    expect(past.headers.get('content-range')).toBe(`bytes 39990-39999/${video.length}`);
    expect(Buffer.from(await past.arrayBuffer()).equals(video.subarray(39990))).toBe(true);
  });

  it('answers a range past the end with 416 and Content-Range bytes */size', async () => {
    const response = await fetch(uploaded.url, { headers: { range: `bytes=${video.length}-` } });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${video.length}`);
    expect(await response.json()).toMatchObject({ code: 'invalid_request' });
  });

  it('answers HEAD with the length and range support but no body', async () => {
    const response = await fetch(uploaded.url, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(video.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('offers the file as an attachment with ?download=1 and revalidates with its ETag', async () => {
    const response = await fetch(`${uploaded.url}&download=1`);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/);
    await response.arrayBuffer();
    const again = await fetch(uploaded.url, { headers: { 'if-none-match': response.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('answers 404 not_found for a file id that does not exist', async () => {
    const response = await fetch(`${service.base}/v1/files/doesnotexist`, { headers: auth });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers 404 not_found for a file whose bytes are gone, and DELETE removes an upload and its bytes', async () => {
    const posted = await fetch(`${service.base}/v1/files?name=gone.wav`, {
      method: 'POST',
      headers: auth,
      body: randomBytes(500),
    });
    const gone = (await posted.json()) as Uploaded;
    const record = (await service.files.get(gone.file_id))!;
    if (service.storage) await service.storage.delete(record.path);
    else fs.rmSync(path.join(service.paths.files, record.id), { recursive: true });
    for (const method of ['GET', 'HEAD']) {
      const response = await fetch(gone.url, { method });
      expect(response.status).toBe(404);
      if (method === 'GET')
        expect(await response.json()).toMatchObject({
          code: 'not_found',
          message: `File ${gone.file_id} is no longer stored.`,
        });
    }

    const kept = (await (
      await fetch(`${service.base}/v1/files?name=kept.wav`, { method: 'POST', headers: auth, body: randomBytes(500) })
    ).json()) as Uploaded;
    const keptRecord = (await service.files.get(kept.file_id))!;
    expect((await fetch(`${service.base}/v1/files/${kept.file_id}`, { method: 'DELETE', headers: auth })).status).toBe(
      204,
    );
    expect((await fetch(kept.url)).status).toBe(404);
    expect(await service.files.stat(keptRecord)).toBeNull();
    if (service.storage) expect(await service.storage.stat(keptRecord.path)).toBeNull();
    expect(storedEntries()).not.toContain(kept.file_id);
  });

  it('stores a multipart upload under the part file name and type', async () => {
    const subtitles = Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nHallo\n');
    const form = new FormData();
    form.append('purpose', 'subtitles');
    form.append('file', new Blob([subtitles], { type: 'application/octet-stream' }), 'dialog.srt');
    const response = await fetch(`${service.base}/v1/files`, { method: 'POST', headers: auth, body: form });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Uploaded;
    expect(body).toMatchObject({ name: 'dialog.srt', size: subtitles.length });
    const download = await fetch(body.url);
    expect(download.headers.get('content-type')).toBe('application/x-subrip');
    expect(Buffer.from(await download.arrayBuffer()).equals(subtitles)).toBe(true);
  });

  it('names a raw upload without a name after its content type and keeps path separators out of names', async () => {
    const unnamed = await fetch(`${service.base}/v1/files`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'audio/wav' },
      body: randomBytes(10),
    });
    expect(((await unnamed.json()) as Uploaded).name).toBe('upload.wav');
    const sneaky = await fetch(`${service.base}/v1/files?name=${encodeURIComponent('../../etc/passwd')}`, {
      method: 'POST',
      headers: auth,
      body: randomBytes(10),
    });
    const body = (await sneaky.json()) as Uploaded;
    expect(body.name).toBe('passwd');
    expect(path.dirname(await service.files.localPath((await service.files.get(body.file_id))!))).toBe(
      path.join(service.uploadsDir, body.file_id),
    );
  });

  it('refuses a JSON body with invalid_request', async () => {
    const response = await fetch(`${service.base}/v1/files`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/a.mp4' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_request' });
  });

  describe('uploads over the size cap', () => {
    it('refuses a raw body with a Content-Length over the cap with 413 and stores nothing', async () => {
      const before = { entries: storedEntries().length, rows: fileRows() };
      const response = await fetch(`${service.base}/v1/files?name=big.mp4`, {
        method: 'POST',
        headers: auth,
        body: randomBytes(MAX_INPUT_BYTES + 1),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
      expect({ entries: storedEntries().length, rows: fileRows() }).toEqual(before);
    });

    it('stops a streamed body without a length once it passes the cap, answers 413 and leaves no partial file', async () => {
      const before = { entries: storedEntries().length, rows: fileRows() };
      const chunks = Array.from({ length: 12 }, () => randomBytes(8 * 1024));
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          const next = chunks.shift();
          if (next) controller.enqueue(next);
          else controller.close();
        },
      });
      const response = await fetch(`${service.base}/v1/files?name=stream.mp4`, {
        method: 'POST',
        headers: auth,
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
      expect({ entries: storedEntries().length, rows: fileRows() }).toEqual(before);
    });

    it('refuses a multipart file over the cap with 413 and leaves no partial file', async () => {
      const before = { entries: storedEntries().length, rows: fileRows() };
      const form = new FormData();
      form.append('file', new Blob([randomBytes(MAX_INPUT_BYTES + 5000)]), 'huge.mov');
      const response = await fetch(`${service.base}/v1/files`, { method: 'POST', headers: auth, body: form });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: 'payload_too_large' });
      expect({ entries: storedEntries().length, rows: fileRows() }).toEqual(before);
    });

    it('removes the partial file when the client disconnects mid-upload', async () => {
      const before = { entries: storedEntries().length, rows: fileRows() };
      const request = http.request(`${service.base}/v1/files?name=cut.mp4`, {
        method: 'POST',
        headers: { ...auth, 'content-length': 50_000 },
      });
      request.on('error', () => undefined);
      request.write(randomBytes(10_000));
      // Disconnect only once the upload is being written, so the cleanup path is the one exercised.
      await waitFor(() => storedEntries().length > before.entries);
      request.destroy();
      await waitFor(() => storedEntries().length === before.entries);
      expect(fileRows()).toBe(before.rows);
    });

    it('still accepts an upload of exactly the cap', async () => {
      const response = await fetch(`${service.base}/v1/files?name=exact.mp4`, {
        method: 'POST',
        headers: auth,
        body: randomBytes(MAX_INPUT_BYTES),
      });
      expect(response.status).toBe(201);
      expect(((await response.json()) as Uploaded).size).toBe(MAX_INPUT_BYTES);
    });
  });
});
