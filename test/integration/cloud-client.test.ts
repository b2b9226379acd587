// A script written for the cloud API (examples/cloud/cloud-client.mjs: its routes, fields and statuses only) works
// against DubDesk with nothing changed but the base URL and the key. Its inputs are URLs, served here on loopback.
import { execFile } from 'node:child_process';
import { createReadStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { probeMedia } from '../../src/main/media/probe.js';
import { facePhoto } from '../fixtures/faces.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio, makeSpokenVideo } from '../fixtures/speech.js';
import { makeTextVideo } from '../fixtures/text-video.js';

const SCRIPT = fileURLToPath(new URL('../../examples/cloud/cloud-client.mjs', import.meta.url));

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let files: http.Server;
let filesUrl: string;
const served: string[] = [];

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-cloud-client-');
  svc = await startTestService();
  // The "public" media host of the cloud world: a plain static server on loopback.
  files = http.createServer((request, response) => {
    const name = path.basename(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    served.push(name);
    createReadStream(path.join(media.dir, name))
      .on('error', () => response.writeHead(404).end())
      .pipe(response);
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as { port: number }).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => files?.close(resolve));
  await svc?.stop();
  await media?.cleanup();
});

it('runs a lip-sync, a visual translate and a translate-and-dub job unchanged, with only the base URL and key set', async () => {
  const photo = path.join(media.dir, 'photo.jpg');
  await (await import('node:fs/promises')).copyFile(await facePhoto(), photo);
  await makeSpokenAudio(media.dir, {
    cues: [{ startMs: 200, endMs: 1600, text: 'Hello there, my friend.' }],
    background: 'silence',
    name: 'speech',
    durationSec: 2,
  });
  await makeTextVideo(media.dir, {
    texts: [
      {
        text: 'The house is big',
        startMs: 0,
        endMs: 3000,
        x: '(w-text_w)/2',
        y: '(h-text_h)/2',
        fontSize: 30,
        colour: 'white',
      },
    ],
    durationSec: 3,
    name: 'slides.mp4',
  });
  await makeSpokenVideo(media.dir, {
    cues: [{ startMs: 300, endMs: 2300, text: 'The house is big and the cat is black.' }],
    name: 'talk',
  });
  await makeTextFile(
    media.dir,
    'talk.en.srt',
    '1\n00:00:00,300 --> 00:00:02,300\nThe house is big and the cat is black.\n',
  );
  const out = path.join(media.dir, 'out');

  const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        SCRIPT,
        ...['photo.jpg', 'speech.wav', 'slides.mp4', 'talk.mp4', 'talk.en.srt'].map((name) => `${filesUrl}/${name}`),
        out,
      ],
      {
        env: { PATH: process.env.PATH, CLOUD_BASE_URL: svc.url, CLOUD_API_KEY: TEST_API_KEY, CALLBACK_PORT: '0' },
        timeout: 240_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
  expect(run.code, run.stderr).toBe(0);
  // Only the spec's statuses, and every input fetched from the media host by URL.
  const statuses = new Set([...run.stderr.matchAll(/: (\w+)$/gm)].map((match) => match[1]));
  for (const status of statuses)
    expect([
      'pending',
      'processing',
      'queuing',
      'done',
      'failed',
      'preprocessing',
      'transcribing',
      'translating',
      'dubbing',
      'rendering',
    ]).toContain(status);
  expect(statuses).toContain('done');
  expect(new Set(served)).toEqual(new Set(['photo.jpg', 'speech.wav', 'slides.mp4', 'talk.mp4', 'talk.en.srt']));

  const [lipsync, visual, dubbed] = run.stdout.trim().split('\n');
  expect(path.basename(lipsync)).toBe('lipsync.mp4');
  expect(Math.abs((await probeMedia(lipsync)).durationSec - 2)).toBeLessThan(0.3);
  expect(Math.abs((await probeMedia(visual)).durationSec - 3)).toBeLessThan(0.3);
  const dub = await probeMedia(dubbed);
  expect(dub.video).toBeTruthy();
  expect(dub.audio).toBeTruthy();
}, 300_000);
