// `dubdesk submit` and `dubdesk status` against a real service on loopback: local files are uploaded through the typed
// client, the job runs, and its results land in the output folder as real media.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseApiKey, chooseServiceUrl } from '../../src/cli/commands/remote-service.js';
import { statusCommand, submitCommand } from '../../src/cli/commands/submit.js';
import { main } from '../../src/cli/main.js';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { makeSpokenVideo, type SpokenCue } from '../fixtures/speech.js';

const CUES: SpokenCue[] = [
  { startMs: 300, endMs: 2200, text: 'Good morning and welcome.', speaker: 'Anna', voice: 'espeak:en+f2' },
];

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let requestFile: string;
let env: NodeJS.ProcessEnv;

function capture(): PassThrough & { text: () => string } {
  const stream = new PassThrough() as PassThrough & { text: () => string };
  let text = '';
  stream.on('data', (chunk) => (text += chunk));
  stream.text = () => text;
  return stream;
}

beforeAll(async () => {
  media = await makeMediaDir();
  svc = await startTestService();
  env = { DUBDESK_URL: svc.url, DUBDESK_API_KEY: TEST_API_KEY };
  const video = (await makeSpokenVideo(media.dir, { cues: CUES, width: 320, height: 240, fps: 25, name: 'hello' }))
    .videoPath;
  await makeTextFile(
    media.dir,
    'hello.de.srt',
    `1\n${formatSrtTime(300)} --> ${formatSrtTime(2200)}\nGuten Morgen und willkommen.\n`,
  );
  // Paths relative to the request file, as a user writes them next to their media.
  requestFile = await makeTextFile(
    media.dir,
    'dub.json',
    JSON.stringify({
      media_type: 'video',
      media_url: path.basename(video),
      subtitle_url: 'hello.de.srt',
      subtitle_usage_type: 'final_translated',
      target_language: 'de',
      export_type: 'all',
    }),
  );
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('dubdesk submit', () => {
  it('uploads the local inputs, follows the job and downloads every result', async () => {
    const out = capture();
    const err = capture();
    const outDir = path.join(media.dir, 'results');
    expect(await submitCommand(['translate', requestFile, '--out', outDir], out, err, env)).toBe(0);
    expect(err.text()).toMatch(/uploading .*hello\.mp4/);
    expect(err.text()).toMatch(/100%\s+done/);
    const written = Object.fromEntries(
      out
        .text()
        .trim()
        .split('\n')
        .map((line) => line.split(': ')),
    );
    expect(Object.keys(written).sort()).toEqual(expect.arrayContaining(['audio', 'subtitle', 'video']));
    const video = await probeMedia(written.video);
    expect(video.video).toBeTruthy();
    expect(video.durationSec).toBeGreaterThan(1.5);
    expect((await probeMedia(written.audio)).audio).toBeTruthy();
    expect(await fs.readFile(written.subtitle, 'utf8')).toContain('Guten Morgen');
    // The service received the inputs as uploads, not as paths on its own disk.
    const task = (await svc.api('/v1/tasks?limit=1')).body.tasks[0];
    expect(task.request ?? (await svc.api(`/v1/tasks/${task.task_id}`)).body.request).toMatchObject({
      media_url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//),
    });

    // Submitting again never overwrites what the first run downloaded.
    const again = capture();
    expect(await submitCommand(['translate', requestFile, '--out', outDir], again, capture(), env)).toBe(0);
    const second = Object.fromEntries(
      again
        .text()
        .trim()
        .split('\n')
        .map((line) => line.split(': ')),
    );
    expect(second.video).not.toBe(written.video);
    expect(second.video).toMatch(/-1\.mp4$/);
  }, 240_000);

  it('--no-wait prints the task id, and status shows it', async () => {
    const out = capture();
    expect(await submitCommand(['translate', requestFile, '--no-wait'], out, capture(), env)).toBe(0);
    const taskId = out.text().trim();
    expect(taskId).toMatch(/^[0-9a-f]{32}$/);
    await svc.waitForTask(taskId, undefined, 120_000);
    const status = capture();
    expect(await statusCommand([taskId], status, capture(), env)).toBe(0);
    expect(status.text()).toContain(`${taskId}  translate`);
    expect(status.text()).toMatch(/video: http:\/\/127\.0\.0\.1:\d+\/v1\/files\/\w+\?token=/);
  }, 180_000);

  it('prints the catalogue code of a refused request and exits 1', async () => {
    const bad = await makeTextFile(
      media.dir,
      'bad.json',
      JSON.stringify({ media_type: 'video', media_url: 'hello.mp4', target_language: 'xx', export_type: 'auto' }),
    );
    const err = capture();
    expect(await submitCommand(['translate', bad], capture(), err, env)).toBe(1);
    expect(err.text()).toMatch(/^invalid_request: |unsupported_language: /m);
    const unknown = capture();
    expect(await statusCommand(['0123456789abcdef0123456789abcdef'], capture(), unknown, env)).toBe(1);
    expect(unknown.text()).toMatch(/^not_found: /m);
    const wrongKey = capture();
    expect(await statusCommand(['x', '--key', 'not-a-key'], capture(), wrongKey, env)).toBe(1);
    expect(wrongKey.text()).toMatch(/^unauthorized: /m);
  });

  it('says how to get a key, and which service to talk to, instead of guessing', async () => {
    expect(() => chooseApiKey(undefined, {})).toThrow(/dubdesk keys create/);
    expect(() => chooseServiceUrl(undefined, {}, [])).toThrow(/No DubDesk service is running/);
    const two = [
      { pid: 1, dataDir: '/a', url: 'http://127.0.0.1:1', startedAt: '' },
      { pid: 2, dataDir: '/b', url: 'http://127.0.0.1:2', startedAt: '' },
    ];
    expect(() => chooseServiceUrl(undefined, {}, two)).toThrow(/Several DubDesk services are running/);
    expect(chooseServiceUrl(undefined, {}, two.slice(0, 1))).toBe('http://127.0.0.1:1');
    const err = capture();
    expect(
      await main(
        ['submit', 'translate', requestFile, '--url', svc.url],
        capture(),
        Object.assign(err, { isTTY: false }),
      ),
    ).toBe(2);
  });
});
