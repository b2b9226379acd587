// A visual translate job stopped in its render stage: cancelled through the API (its ffmpeg stopped at once, no
// result; a retry resumes after the finished stages), and `dubdesk serve` killed with SIGKILL mid-render, then
// started again on the same data folder: the job finishes from its render stage without finding or translating
// the text again.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths, jobWorkDir } from '../../src/main/config.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { readFrames } from '../../src/main/media/frames.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { makeMediaDir } from '../fixtures/media.js';
import { makeDataDir, startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { tesseractPresent, tesseractRead } from '../fixtures/text-frames.js';
import { makeTextVideo, type ShownText } from '../fixtures/text-video.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CLI_ENTRY = path.join(REPO_ROOT, 'src/cli/bin.ts');
const KEY = 'dd_frame_translate_resume_key_0123456789';
const FPS = 25;

const missing = systemEngineMissing(
  'Apertium eng-spa and the tesseract CLI',
  (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false) && tesseractPresent(),
);

const subtitle = (text: string, startMs: number, endMs: number): ShownText => ({
  text,
  startMs,
  endMs,
  x: '(w-text_w)/2',
  y: 'h-text_h-30',
  fontSize: 28,
  colour: 'white',
});

/** A video with `texts` over moving testsrc2 and a tone as its audio. */
async function textVideoWithAudio(
  dir: string,
  name: string,
  durationSec: number,
  texts: ShownText[],
): Promise<{ file: string; texts: ShownText[] }> {
  const made = await makeTextVideo(dir, { texts, fps: FPS, durationSec, name: `silent-${name}` });
  const file = path.join(dir, name);
  await runProcess(
    resolveMediaTools().ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-i',
      made.file,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${durationSec}`,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      '-b:a',
      '96k',
      '-shortest',
      file,
    ],
    { toolName: 'ffmpeg' },
  );
  return { file, texts: made.texts };
}

/** Command lines of running ffmpeg processes that read or write inside `workDir`. */
async function ffmpegProcessesIn(workDir: string): Promise<string[]> {
  const { stdout } = await promisify(execFile)('ps', ['-ww', '-eo', 'args']);
  return stdout.split('\n').filter((line) => line.includes('ffmpeg') && line.includes(workDir));
}

async function waitForNoFfmpegIn(workDir: string, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await ffmpegProcessesIn(workDir)).length > 0) {
    if (Date.now() > deadline) throw new Error(`ffmpeg still runs ${what}: ${await ffmpegProcessesIn(workDir)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Files (not folders) under `dir`, relative to it; none when it does not exist. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

const logMessages = async (api: (pathname: string) => Promise<{ body: any }>, taskId: string): Promise<string[]> =>
  (await api(`/v1/tasks/${taskId}/log`)).body.lines.map((line: { message: string }) => line.message);

const count = (messages: string[], message: string) => messages.filter((line) => line === message).length;

describe.skipIf(missing)('visual translate: cancelling mid-render', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let input: string;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-cancel-');
    input = (
      await textVideoWithAudio(media.dir, 'cancel-me.mp4', 10, [
        subtitle('Hello my friend', 1000, 4000),
        subtitle('The house is big', 5000, 9000),
      ])
    ).file;
    svc = await startTestService();
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  it('stops the render at once, keeps no result, and a retry finishes from the render stage', async () => {
    const created = await svc.api('/v1/media/frame_translate', {
      body: { video_url: pathToFileURL(input).href, source_language: 'en', target_language: 'es' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId: string = created.body.task_id;
    const workDir = jobWorkDir(svc.service.core.paths, taskId);
    await svc.waitForTask(
      taskId,
      (task) =>
        (task.stage === 'render' && task.stage_progress > 0) || ['done', 'failed', 'cancelled'].includes(task.status),
      180_000,
    );
    // Its decode and its encode, both working in the job's folder.
    expect((await ffmpegProcessesIn(workDir)).length).toBeGreaterThanOrEqual(1);

    const cancel = await svc.api(`/v1/tasks/${taskId}/cancel`, { method: 'POST' });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({ task_id: taskId, status: 'cancelled', err_code: 'cancelled' });
    await waitForNoFfmpegIn(workDir, 'after the cancel');
    await svc.service.core.runner.settle(taskId);

    const task = (await svc.api(`/v1/tasks/${taskId}`)).body;
    expect(task).toMatchObject({ status: 'cancelled', stage: 'render', err_code: 'cancelled' });
    expect(task.result).toBeUndefined();
    const status = (await svc.api(`/v1/media/frame_translate/${taskId}`)).body;
    expect(status).toMatchObject({ status: 'failed', err_code: 'cancelled' });
    expect(status.result).toBeUndefined();
    // The render writes through a temp file: the half-made video is not left where the result goes.
    expect((await filesUnder(path.join(workDir, 'output'))).filter((file) => file.endsWith('.mp4'))).toEqual([]);
    expect(await filesUnder(path.join(workDir, 'output'))).toEqual([]);

    const retry = await svc.api(`/v1/tasks/${taskId}/retry`, { method: 'POST' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    const done = await svc.waitForTask(retry.body.task_id, undefined, 180_000);
    expect(done).toMatchObject({ status: 'done', retry_of: taskId, progress: 1 });
    const messages = await logMessages(svc.api, retry.body.task_id);
    expect(messages).toContain('stage find-text already finished in an earlier run; resuming after it');
    expect(messages).toContain('stage translate-text already finished in an earlier run; resuming after it');
    expect(messages).not.toContain('stage find-text started');
    expect(messages).not.toContain('stage translate-text started');
    expect(count(messages, 'stage render started')).toBe(1);
    const result = (await svc.api(`/v1/media/frame_translate/${retry.body.task_id}`)).body.result;
    expect((await fetch(result.video_url)).status).toBe(200);
  }, 400_000);
});

interface ServeProcess {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

describe.skipIf(missing)('visual translate: the service killed mid-render', () => {
  const children: ChildProcess[] = [];
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let home: string;
  let dataDir: string;
  let input: string;
  let texts: ShownText[];

  /** `dubdesk serve` on `dataDir`, in its own process, with a home of its own. */
  async function startServe(): Promise<ServeProcess> {
    const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('DUBDESK_')));
    const env = { ...inherited, HOME: home, XDG_CONFIG_HOME: path.join(home, '.config'), INIT_CWD: REPO_ROOT };
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        CLI_ENTRY,
        'serve',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--api-key',
        KEY,
        '--concurrency',
        '1',
      ],
      { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    children.push(child);
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      const listening = /^DubDesk listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(output);
      if (listening) return { child, url: listening[1]!, exited };
      if (child.exitCode !== null || Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`dubdesk serve did not start:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const apiOf =
    (base: string) =>
    async (
      pathname: string,
      init: { method?: string; body?: unknown } = {},
    ): Promise<{ status: number; body: any }> => {
      const response = await fetch(`${base}${pathname}`, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          authorization: `Bearer ${KEY}`,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    };

  async function pollTask(
    api: ReturnType<typeof apiOf>,
    taskId: string,
    until: (task: any) => boolean,
    what: string,
    limitMs: number,
  ): Promise<any> {
    const deadline = Date.now() + limitMs;
    for (;;) {
      const { body } = await api(`/v1/tasks/${taskId}`);
      if (until(body)) return body;
      if (Date.now() > deadline) throw new Error(`task ${taskId} never got ${what}: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-frame-translate-kill-');
    home = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-frame-translate-home-'));
    dataDir = await makeDataDir();
    ({ file: input, texts } = await textVideoWithAudio(media.dir, 'long-news.mp4', 20, [
      subtitle('Hello my friend', 1000, 5000),
      subtitle('The house is big', 13000, 19000),
      { text: 'The black cat', startMs: 0, endMs: 20000, x: '20', y: '20', fontSize: 28, colour: 'yellow' },
    ]));
  }, 120_000);

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(home, { recursive: true, force: true });
    await media?.cleanup();
  });

  it('finishes the job after a restart from its render stage, with the text translated to the last frame', async () => {
    const first = await startServe();
    const api1 = apiOf(first.url);
    const created = await api1('/v1/media/frame_translate', {
      body: { video_url: pathToFileURL(input).href, source_language: 'en', target_language: 'es' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const taskId: string = created.body.task_id;
    const workDir = jobWorkDir(dataPaths(dataDir), taskId);

    const rendering = await pollTask(
      api1,
      taskId,
      (task) =>
        (task.stage === 'render' && task.stage_progress > 0) || ['done', 'failed', 'cancelled'].includes(task.status),
      'into the render',
      240_000,
    );
    expect(rendering).toMatchObject({ status: 'processing', stage: 'render' });
    expect(rendering.stage_progress).toBeLessThan(0.7);
    const stages = path.join(workDir, 'stages');
    const finishedBefore = Object.fromEntries(
      await Promise.all(
        (await fs.readdir(stages)).map(
          async (file) => [file, (await fs.stat(path.join(stages, file))).mtimeMs] as const,
        ),
      ),
    );
    expect(Object.keys(finishedBefore).some((file) => file.endsWith('-find-text.json'))).toBe(true);
    expect(Object.keys(finishedBefore).some((file) => file.endsWith('-translate-text.json'))).toBe(true);

    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    // Its ffmpeg processes lose their pipes with it: nothing keeps decoding or encoding.
    await waitForNoFfmpegIn(workDir, 'after the service was killed');

    const second = await startServe();
    const api2 = apiOf(second.url);
    const finished = await pollTask(
      api2,
      taskId,
      (task) => ['done', 'failed', 'cancelled'].includes(task.status),
      'a final status',
      300_000,
    );
    expect(finished, JSON.stringify(finished)).toMatchObject({ status: 'done', stage: 'check-quality', progress: 1 });

    const messages = await logMessages(api2, taskId);
    expect(messages).toContain('stage find-text already finished in an earlier run; resuming after it');
    expect(messages).toContain('stage translate-text already finished in an earlier run; resuming after it');
    expect(count(messages, 'stage find-text started')).toBe(1);
    expect(count(messages, 'stage translate-text started')).toBe(1);
    expect(count(messages, 'stage render started')).toBe(2);
    // The finished stages' outputs were read, not written again.
    for (const [file, mtimeMs] of Object.entries(finishedBefore))
      expect((await fs.stat(path.join(stages, file))).mtimeMs, file).toBe(mtimeMs);

    const status = (await api2(`/v1/media/frame_translate/${taskId}`)).body;
    const output = path.join(media.dir, 'resumed.mp4');
    await fs.writeFile(output, Buffer.from(await (await fetch(status.result.video_url)).arrayBuffer()));
    const info = await probeMedia(output);
    expect(info).toMatchObject({ hasVideo: true, hasAudio: true });
    expect(info.durationSec).toBeGreaterThan(19.5);
    // A frame the killed render never reached shows the second subtitle in Spanish.
    let frame: Uint8Array | undefined;
    for await (const decoded of readFrames(output, { pixelFormat: 'rgb24', startSec: 17, durationSec: 1 / FPS }))
      frame = decoded.data;
    const box = texts[1]!.box!;
    const read = (
      await tesseractRead(media.dir, { data: frame!, width: 640, height: 360 }, 'resumed-band', {
        x: box.x - 12,
        y: box.y - 12,
        width: box.width + 24,
        height: box.height + 24,
      })
    ).toLowerCase();
    expect(read).toMatch(/casa|grande/);
    expect(read).not.toMatch(/house/);

    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
  }, 600_000);
});
