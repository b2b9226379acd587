// One contract for shared storage (src/main/storage), run on both backends: a shared folder in a temp directory
// and an S3 bucket on a loopback S3 server (test/fixtures/s3-loopback-server.ts), both opened through openStorage
// as `--storage` would. Then what only one backend can show: S3's requests on the wire and its failures, and the
// shared folder's refusal to follow a link out of its root.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { openStorage } from '../../src/main/storage/open-storage.js';
import { createS3Storage } from '../../src/main/storage/s3-storage.js';
import type { SharedStorage } from '../../src/main/files/shared-storage.js';
import { startS3LoopbackServer, type S3LoopbackServer } from '../fixtures/s3-loopback-server.js';

const BUCKET = 'dubdesk-test';
// Small pages, so a listing of a few keys already takes several ListObjectsV2 calls.
const PAGE_SIZE = 3;

let server: S3LoopbackServer;
let scratch: string;
beforeAll(async () => {
  server = await startS3LoopbackServer({ buckets: [BUCKET] });
});
afterAll(() => server.close());
beforeEach(async () => {
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-storage-'));
});
afterEach(() => fs.rm(scratch, { recursive: true, force: true }));

/** The loopback server's client settings, passed as options: tests never change the process's AWS_* variables. */
const s3Options = (overrides: { pageSize?: number } = {}) => ({
  endpoint: server.endpoint,
  region: server.region,
  credentials: server.credentials,
  maxAttempts: 1,
  pageSize: PAGE_SIZE,
  ...overrides,
});

const BACKENDS: { name: string; open(scratch: string): Promise<SharedStorage> }[] = [
  {
    name: 'a shared folder',
    async open(dir) {
      const root = path.join(dir, 'share');
      await fs.mkdir(root);
      return openStorage(root);
    },
  },
  {
    name: 'an S3 bucket',
    // A fresh prefix per test keeps tests apart in the one bucket.
    open: async (dir) =>
      openStorage(`s3://${BUCKET}/runs/${path.basename(dir)}`, {
        env: { DUBDESK_S3_FORCE_PATH_STYLE: '1' },
        s3: s3Options(),
      }),
  },
];

/** Deterministic bytes made by code (xorshift32), different for each seed. */
function generatedBytes(size: number, seed: number): Buffer {
  const words = new Uint32Array(Math.ceil(size / 4));
  let x = seed >>> 0 || 1;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return Buffer.from(words.buffer, 0, size);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Writes `bytes` to a new local file in the scratch folder and returns its path. */
async function localFile(name: string, bytes: Uint8Array): Promise<string> {
  const file = path.join(scratch, 'local', name);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, bytes);
  return file;
}

/** Every file under `dir` as relative posix paths, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

async function rejection(promise: Promise<unknown>): Promise<DubDeskError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DubDeskError);
  return error as DubDeskError;
}

describe.each(BACKENDS)('shared storage on $name', ({ open }) => {
  let storage: SharedStorage;
  beforeEach(async () => {
    storage = await open(scratch);
  });
  afterEach(() => storage.close());

  it('gives back the exact bytes of an 11 MB file put, with its size, downloaded without a temp file left over', async () => {
    // Over two S3 parts of 5 MiB, and not a whole number of them.
    const bytes = generatedBytes(11 * 1024 * 1024 + 123, 1);
    await storage.putFile('files/f1/film.mp4', await localFile('film.mp4', bytes));
    expect(await storage.stat('files/f1/film.mp4')).toEqual({ size: bytes.length });

    const target = path.join(scratch, 'download', 'nested', 'film.mp4');
    await storage.getFile('files/f1/film.mp4', target);
    expect(sha256(await fs.readFile(target))).toBe(sha256(bytes));
    expect(await fs.readdir(path.dirname(target))).toEqual(['film.mp4']);
  });

  it('keeps an empty file an empty object', async () => {
    await storage.putFile('files/f2/empty.srt', await localFile('empty.srt', new Uint8Array()));
    expect(await storage.stat('files/f2/empty.srt')).toEqual({ size: 0 });
    await storage.getFile('files/f2/empty.srt', path.join(scratch, 'empty.srt'));
    expect((await fs.readFile(path.join(scratch, 'empty.srt'))).length).toBe(0);
    const whole = await storage.read('files/f2/empty.srt');
    expect({ size: whole.size, bytes: (await readAll(whole.stream)).length }).toEqual({ size: 0, bytes: 0 });
  });

  it('overwrites atomically: a reader already streaming keeps the old bytes, racing writers leave one whole version', async () => {
    const first = generatedBytes(2 * 1024 * 1024, 2);
    await storage.putFile('jobs/t1/mix.wav', await localFile('first.wav', first));
    const reading = await storage.read('jobs/t1/mix.wav');

    const versions = [3, 4, 5, 6].map((seed) => generatedBytes(1024 * 1024 + seed, seed));
    const paths = await Promise.all(versions.map((bytes, i) => localFile(`v${i}.wav`, bytes)));
    const downloads: string[] = [];
    await Promise.all([
      ...paths.map((file) => storage.putFile('jobs/t1/mix.wav', file)),
      // Readers during the race see some whole version, never a mix or a partial file.
      ...[0, 1, 2].map(async (i) => {
        const target = path.join(scratch, `during-${i}.wav`);
        await storage.getFile('jobs/t1/mix.wav', target);
        downloads.push(sha256(await fs.readFile(target)));
      }),
    ]);

    expect(sha256(await readAll(reading.stream))).toBe(sha256(first));
    const whole = [first, ...versions].map(sha256);
    for (const download of downloads) expect(whole).toContain(download);
    const final = await storage.read('jobs/t1/mix.wav');
    expect(versions.map(sha256)).toContain(sha256(await readAll(final.stream)));
    expect(await storage.list('jobs/t1')).toEqual(['jobs/t1/mix.wav']);
  });

  it('reads a byte range as HTTP Range needs it: inclusive, cut at the end, refused past the end', async () => {
    const bytes = generatedBytes(100_000, 7);
    await storage.putFile('files/f3/clip.mp4', await localFile('clip.mp4', bytes));

    const middle = await storage.read('files/f3/clip.mp4', { start: 1000, end: 1999 });
    expect({ size: middle.size, start: middle.start, end: middle.end }).toEqual({
      size: 100_000,
      start: 1000,
      end: 1999,
    });
    expect((await readAll(middle.stream)).equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await storage.read('files/f3/clip.mp4', { start: 99_990, end: 200_000 });
    expect({ start: tail.start, end: tail.end }).toEqual({ start: 99_990, end: 99_999 });
    expect((await readAll(tail.stream)).equals(bytes.subarray(99_990))).toBe(true);

    const whole = await storage.read('files/f3/clip.mp4');
    expect({ size: whole.size, start: whole.start, end: whole.end }).toEqual({ size: 100_000, start: 0, end: 99_999 });
    expect((await readAll(whole.stream)).equals(bytes)).toBe(true);

    const past = await rejection(storage.read('files/f3/clip.mp4', { start: 100_000, end: 100_010 }));
    expect(past.code).toBe('invalid_request');
    expect(past.message).toContain('outside the object "files/f3/clip.mp4"');
    expect((await rejection(storage.read('files/f3/clip.mp4', { start: 5, end: 4 }))).code).toBe('invalid_request');
  });

  it('answers a missing object with null from stat and not_found from getFile and read', async () => {
    expect(await storage.stat('files/none/x.mp4')).toBeNull();
    const missing = await rejection(storage.getFile('files/none/x.mp4', path.join(scratch, 'x.mp4')));
    expect(missing.code).toBe('not_found');
    expect(missing.message).toBe(`Shared storage ${storage.location} has no object "files/none/x.mp4".`);
    await expect(fs.stat(path.join(scratch, 'x.mp4'))).rejects.toThrow();
    expect((await rejection(storage.read('files/none/x.mp4'))).code).toBe('not_found');
  });

  it('lists the keys under a folder prefix across pages, in byte order, and not those of a sibling sharing its start', async () => {
    const bit = await localFile('bit', Buffer.from('x'));
    const inside = [
      'jobs/t1/a.json',
      'jobs/t1/b.json',
      'jobs/t1/stems/voice.wav',
      'jobs/t1/stems/bg.wav',
      'jobs/t1/z/deep/er.txt',
      'jobs/t1/Ä.txt',
      'jobs/t1/c.json',
    ];
    const outside = ['jobs/t10/a.json', 'jobs/t1.json', 'files/f/a.mp4'];
    for (const key of [...inside, ...outside]) await storage.putFile(key, bit);

    const expected = [...inside].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect(await storage.list('jobs/t1')).toEqual(expected);
    expect(await storage.list('jobs/t1/')).toEqual(expected);
    expect(await storage.list('jobs/t1/stems')).toEqual(['jobs/t1/stems/bg.wav', 'jobs/t1/stems/voice.wav']);
    expect(await storage.list('')).toHaveLength(inside.length + outside.length);
    expect(await storage.list('jobs/t2')).toEqual([]);
    // A key is not a folder: nothing is listed under it.
    expect(await storage.list('jobs/t1.json')).toEqual([]);
  });

  it('deletes one key (a missing one quietly) and every key under a prefix, and never the whole storage at once', async () => {
    const bit = await localFile('bit', Buffer.from('x'));
    const doomed = Array.from({ length: 8 }, (_, i) => `jobs/t1/part-${i}.bin`).concat('jobs/t1/sub/deeper.bin');
    for (const key of [...doomed, 'jobs/t10/keep.bin', 'files/f/keep.bin']) await storage.putFile(key, bit);

    await storage.delete('files/f/keep.bin');
    expect(await storage.stat('files/f/keep.bin')).toBeNull();
    await storage.delete('files/f/keep.bin');

    await storage.deletePrefix('jobs/t1');
    expect(await storage.list('jobs')).toEqual(['jobs/t10/keep.bin']);
    await storage.deletePrefix('jobs/t1');

    const everything = await rejection(storage.deletePrefix(''));
    expect(everything.code).toBe('invalid_request');
    expect(await storage.list('')).toEqual(['jobs/t10/keep.bin']);
  });

  it('uploads a nested folder under a prefix and downloads it into another folder, file for file', async () => {
    const stage = path.join(scratch, 'work', 'separate');
    const tree: Record<string, Buffer> = {
      'output.json': Buffer.from('{"stems":2}'),
      'stems/voice.wav': generatedBytes(300_000, 11),
      'stems/background.wav': generatedBytes(300_001, 12),
      'stems/chunks/000.aac': generatedBytes(4_096, 13),
    };
    for (const [name, bytes] of Object.entries(tree)) {
      await fs.mkdir(path.dirname(path.join(stage, name)), { recursive: true });
      await fs.writeFile(path.join(stage, name), bytes);
    }
    // A crashed writer's temp file is not output and stays behind.
    await fs.writeFile(path.join(stage, 'stems', '.voice.0a1b2c3d.partial.wav'), 'half');

    await storage.putFolder('jobs/t1/separate', stage);
    expect(await storage.list('jobs/t1/separate')).toEqual(
      Object.keys(tree)
        .map((name) => `jobs/t1/separate/${name}`)
        .sort(),
    );

    const copy = path.join(scratch, 'other-machine', 'separate');
    await storage.getFolder('jobs/t1/separate', copy);
    expect(await filesUnder(copy)).toEqual(Object.keys(tree).sort());
    for (const [name, bytes] of Object.entries(tree))
      expect(sha256(await fs.readFile(path.join(copy, name)))).toBe(sha256(bytes));

    const none = path.join(scratch, 'empty-copy');
    await storage.getFolder('jobs/t9', none);
    expect(await fs.readdir(none)).toEqual([]);
    expect((await rejection(storage.putFolder('jobs/t1/x', path.join(scratch, 'no-such-folder')))).code).toBe(
      'not_found',
    );
  });

  it('refuses keys that could leave the storage or mean two things, with the reason, before any I/O', async () => {
    const bit = await localFile('bit', Buffer.from('x'));
    const bad: [key: string, reason: string][] = [
      ['../x', 'has a ".." segment'],
      ['files/../../etc/passwd', 'has a ".." segment'],
      ['/etc/passwd', 'is absolute'],
      ['files\\x.mp4', 'has a backslash'],
      ['files//x.mp4', 'has an empty segment'],
      ['files/x/', 'has an empty segment'],
      ['./x', 'has a "." segment'],
      ['', 'is empty'],
      ['C:/x', 'has the character ":"'],
    ];
    for (const [key, reason] of bad) {
      const calls = [
        () => storage.putFile(key, bit),
        () => storage.getFile(key, path.join(scratch, 'out')),
        () => storage.stat(key),
        () => storage.read(key),
        () => storage.delete(key),
      ];
      for (const call of calls) {
        const error = await rejection(call());
        expect(error.code).toBe('invalid_request');
        expect(error.message).toContain(`The shared storage key ${JSON.stringify(key)} ${reason}`);
      }
    }
    expect((await rejection(storage.list('../x'))).message).toContain(
      'The shared storage prefix "../x" has a ".." segment',
    );
    expect((await rejection(storage.deletePrefix('a/../..'))).code).toBe('invalid_request');
    expect(await storage.list('')).toEqual([]);
    await expect(fs.stat(path.join(scratch, 'x'))).rejects.toThrow();
    // Only a whole ".." segment climbs: names that merely start with dots are keys like any other.
    await storage.putFile('..cache/.x', bit);
    expect(await storage.stat('..cache/.x')).toEqual({ size: 1 });
    expect(await storage.list('')).toEqual(['..cache/.x']);
  });

  it('reports a local disk failure while downloading as the local error, not as a storage failure', async () => {
    await storage.putFile('files/f/a.bin', await localFile('a.bin', Buffer.from('abc')));
    await fs.writeFile(path.join(scratch, 'not-a-folder'), '');
    const error = await storage.getFile('files/f/a.bin', path.join(scratch, 'not-a-folder', 'a.bin')).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeInstanceOf(DubDeskError);
    expect(error).toMatchObject({
      code: expect.stringMatching(/^E(NOTDIR|EXIST)$/),
      path: expect.stringContaining('not-a-folder'),
    });
  });

  it('stops an upload whose signal is already aborted, storing nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      storage.putFile('files/f/x.bin', await localFile('x.bin', Buffer.from('x')), controller.signal),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(await storage.stat('files/f/x.bin')).toBeNull();
  });
});

describe('shared storage on an S3 bucket, on the wire', () => {
  it('sends a file larger than a part as a multipart upload and a small one as one PUT, without the checksums S3-compatible servers refuse', async () => {
    const storage = createS3Storage({ bucket: BUCKET, prefix: 'wire', forcePathStyle: true, ...s3Options() });
    const from = server.requests.length;
    await storage.putFile('big.bin', await localFile('big.bin', generatedBytes(12 * 1024 * 1024, 21)));
    await storage.putFile('small.bin', await localFile('small.bin', Buffer.from('small')));
    const sent = server.requests.slice(from).map((request) => ({ ...request, url: decodeURIComponent(request.url) }));
    expect(sent.filter((request) => request.method === 'POST' && request.url.includes('?uploads'))).toHaveLength(1);
    expect(sent.filter((request) => request.method === 'PUT' && request.url.includes('partNumber='))).toHaveLength(3);
    expect(
      sent.filter(
        (request) =>
          request.method === 'PUT' &&
          request.url.startsWith(`/${BUCKET}/wire/small.bin`) &&
          !request.url.includes('uploadId'),
      ),
    ).toHaveLength(1);
    for (const request of sent)
      expect(Object.keys(request.headers).filter((name) => name.startsWith('x-amz-checksum-'))).toEqual([]);
    await storage.close();
  });

  it('deletes a prefix a page at a time with DeleteObjects carrying Content-MD5 (which the loopback server, like S3, requires)', async () => {
    const storage = createS3Storage({ bucket: BUCKET, prefix: 'wire-delete', forcePathStyle: true, ...s3Options() });
    const bit = await localFile('bit', Buffer.from('x'));
    for (let i = 0; i < 7; i++) await storage.putFile(`jobs/t1/${i}.bin`, bit);
    const from = server.requests.length;
    await storage.deletePrefix('jobs');
    const deletes = server.requests
      .slice(from)
      .filter((request) => request.method === 'POST' && request.url.includes('?delete'));
    expect(deletes).toHaveLength(Math.ceil(7 / PAGE_SIZE));
    for (const request of deletes) expect(request.headers['content-md5']).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(await storage.list('')).toEqual([]);
    await storage.close();
  });

  it('turns refused credentials, a missing bucket and an unreachable server into clear errors, retryable only when the server was out of reach', async () => {
    const wrongKey = createS3Storage({
      bucket: BUCKET,
      forcePathStyle: true,
      ...s3Options(),
      credentials: { accessKeyId: 'NOSUCHKEY', secretAccessKey: 'very-secret-value' },
    });
    const refused = await rejection(wrongKey.list(''));
    expect(refused.message).toContain(`Shared storage s3://${BUCKET} (${server.endpoint}) refused the credentials`);
    expect(refused.message).toContain('AWS_ACCESS_KEY_ID');
    expect(refused.message).not.toContain('very-secret-value');
    expect(refused.retryable).toBe(false);
    expect(await rejection(wrongKey.stat('x'))).toMatchObject({ retryable: false });
    await wrongKey.close();

    const noBucket = createS3Storage({ bucket: 'no-such-bucket', forcePathStyle: true, ...s3Options() });
    const missing = await rejection(noBucket.getFile('x', path.join(scratch, 'x')));
    expect(missing.message).toContain('The bucket of shared storage s3://no-such-bucket');
    expect(missing.message).toContain('does not exist');
    await noBucket.close();

    // A port that was just free: nothing listens there.
    const closed = await startS3LoopbackServer({ buckets: [] });
    await closed.close();
    const unreachable = createS3Storage({
      bucket: BUCKET,
      forcePathStyle: true,
      ...s3Options(),
      endpoint: closed.endpoint,
    });
    const down = await rejection(unreachable.stat('x'));
    expect(down.message).toContain(`Shared storage s3://${BUCKET} (${closed.endpoint}) could not be reached`);
    expect(down.message).toContain('ECONNREFUSED');
    expect(down.retryable).toBe(true);
    await unreachable.close();
  });
});

describe('shared storage on a shared folder, on disk', () => {
  it('refuses a key that leads out of the root through a symbolic link inside it', async () => {
    const root = path.join(scratch, 'share');
    const outside = path.join(scratch, 'outside');
    await fs.mkdir(root);
    await fs.mkdir(outside);
    await fs.writeFile(path.join(outside, 'secret.txt'), 'secret');
    await fs.symlink(outside, path.join(root, 'files'));
    const storage = await openStorage(root);

    const read = await rejection(storage.read('files/secret.txt'));
    expect(read.message).toContain('leads outside');
    await rejection(storage.putFile('files/new.txt', await localFile('new.txt', Buffer.from('x'))));
    await rejection(storage.deletePrefix('files/sub'));
    expect(await fs.readdir(outside)).toEqual(['secret.txt']);
    // A linked folder is not listed as keys.
    expect(await storage.list('')).toEqual([]);
  });

  it('leaves no temp file beside what it wrote', async () => {
    const root = path.join(scratch, 'share');
    await fs.mkdir(root);
    const storage = await openStorage(root);
    await storage.putFile('files/f/a.bin', await localFile('a.bin', generatedBytes(1_000_000, 31)));
    await storage.putFolder('jobs/t1', path.join(scratch, 'local'));
    expect(await filesUnder(root)).toEqual(['files/f/a.bin', 'jobs/t1/a.bin']);
  });
});
