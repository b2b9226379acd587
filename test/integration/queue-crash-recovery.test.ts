// A service killed with SIGKILL in the middle of an encode: the next start on the same data folder
// takes over the stale lock and lease, resumes the job after its finished stages, and delivers a playable result.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readDataDirLock } from '../../src/main/store/data-dir-lock.js';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataPaths, jobWorkDir } from '../../src/main/config.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { makeDataDir, startTestService, TEST_API_KEY } from '../fixtures/service.js';
import {
  countRuns,
  ENCODE_ATTEMPTS_FILE,
  lipsyncBody,
  PREPARE_RUNS_FILE,
  testKinds,
} from '../fixtures/test-pipelines.js';

const ENTRY = path.resolve(import.meta.dirname, '../fixtures/serve-test-pipeline.ts');
const ENCODE_SECONDS = 8;

interface ChildService {
  child: ChildProcess;
  url: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const children: ChildProcess[] = [];

/** Starts serve-test-pipeline.ts in its own process and waits for its listening line. */
async function spawnService(dataDir: string): Promise<ChildService> {
  const child = spawn(process.execPath, ['--import', 'tsx', ENTRY, dataDir, '0', String(ENCODE_SECONDS)], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DubDesk listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`service exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
  return { child, url, exited };
}

async function api(
  base: string,
  pathname: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: any }> {
  const response = await fetch(`${base}${pathname}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      authorization: `Bearer ${TEST_API_KEY}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function pollTask(
  base: string,
  taskId: string,
  until: (task: any) => boolean,
  what: string,
  limitMs = 60_000,
): Promise<any> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const { body } = await api(base, `/v1/tasks/${taskId}`);
    if (until(body)) return body;
    if (Date.now() > deadline) throw new Error(`task ${taskId} never got ${what}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Command lines of running ffmpeg processes that write into `workDir`. */
async function ffmpegProcessesIn(workDir: string): Promise<string[]> {
  // -ww: whole command lines, however narrow COLUMNS is.
  const { stdout } = await promisify(execFile)('ps', ['-ww', '-eo', 'args']);
  return stdout.split('\n').filter((line) => line.includes('ffmpeg') && line.includes(workDir));
}

describe('a service killed in the middle of a job', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let dataDir: string;
  let video: string;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-queue-crash-');
    dataDir = await makeDataDir();
    video = await makeVideo(media.dir, { durationSec: 1, withAudio: true });
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await fs.rm(dataDir, { recursive: true, force: true });
    await media.cleanup();
  });

  it('resumes the job after a restart on the same data folder and finishes it with a playable video', async () => {
    const first = await spawnService(dataDir);
    const created = await api(first.url, '/v1/video_generation', { body: lipsyncBody(video) });
    expect(created.status).toBe(200);
    const taskId: string = created.body.task_id;
    const workDir = jobWorkDir(dataPaths(dataDir), taskId);

    const encoding = await pollTask(
      first.url,
      taskId,
      (task) => task.stage === 'encode' && task.progress > 0 && task.stage_progress > 0,
      'into the encode',
    );
    expect(encoding.status).toBe('processing');

    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });

    // A crashed process cannot clean up: its lock file stays, naming a pid that is gone.
    const lockFile = dataPaths(dataDir).lockFile;
    expect(existsSync(lockFile)).toBe(true);
    expect(readDataDirLock(lockFile)?.pid).toBe(first.child.pid);

    // Its ffmpeg loses its progress pipe with it, so no orphaned encode keeps running.
    const deadline = Date.now() + 15_000;
    while ((await ffmpegProcessesIn(workDir)).length > 0) {
      if (Date.now() > deadline)
        throw new Error(`ffmpeg outlived the killed service: ${await ffmpegProcessesIn(workDir)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    const second = await spawnService(dataDir);
    expect(readDataDirLock(lockFile)?.pid).toBe(second.child.pid);
    const finished = await pollTask(
      second.url,
      taskId,
      (task) => ['done', 'failed', 'cancelled'].includes(task.status),
      'a final status',
    );
    expect(finished).toMatchObject({ status: 'done', stage: 'encode', progress: 1, attempts: 0 });

    const status = await api(second.url, `/v1/video_generation/${taskId}`);
    expect(status.body).toMatchObject({ task_id: taskId, status: 'done', progress: 1 });
    expect(status.body.video_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\/\w+\?token=/);

    // The signed URL works without the Authorization header, like a <video src> or a browser download.
    const download = await fetch(status.body.video_url);
    expect(download.status).toBe(200);
    const downloaded = path.join(media.dir, 'downloaded.mp4');
    await fs.writeFile(downloaded, Buffer.from(await download.arrayBuffer()));
    const info = await probeMedia(downloaded);
    expect(info.hasVideo).toBe(true);
    expect(info.hasAudio).toBe(true);
    expect(info.video).toMatchObject({ width: 640, height: 360 });
    expect(info.durationSec).toBeGreaterThan(ENCODE_SECONDS - 0.5);

    // Resumed, not restarted: 'prepare' ran once; 'encode' twice (the killed run and the resumed one).
    expect(await countRuns(workDir, PREPARE_RUNS_FILE)).toBe(1);
    expect(await countRuns(workDir, ENCODE_ATTEMPTS_FILE)).toBe(2);
    const log = await api(second.url, `/v1/tasks/${taskId}/log`);
    const messages: string[] = log.body.lines.map((line: { message: string }) => line.message);
    expect(messages).toContain('stage prepare already finished in an earlier run; resuming after it');
    expect(messages.filter((message) => message === 'stage prepare started')).toHaveLength(1);
    expect(messages.filter((message) => message === 'stage encode started')).toHaveLength(2);

    // A clean stop releases the lock it took over.
    second.child.kill('SIGTERM');
    expect((await second.exited).code).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('hands a running job back on a clean stop, so the next start resumes it', async () => {
    const stopDataDir = await makeDataDir();
    try {
      const kinds = testKinds({ encodeSeconds: 3 });
      const first = await startTestService({ dataDir: stopDataDir, service: { kinds } });
      const { body: created } = await first.api('/v1/video_generation', { body: lipsyncBody(video) });
      const taskId: string = created.task_id;
      await first.waitForTask(taskId, (task) => task.stage === 'encode' && task.stage_progress > 0);
      await first.stop();

      const second = await startTestService({ dataDir: stopDataDir, service: { kinds } });
      try {
        const done = await second.waitForTask(taskId);
        expect(done).toMatchObject({ status: 'done', attempts: 0 });
        const workDir = jobWorkDir(second.service.core.paths, taskId);
        expect(await countRuns(workDir, PREPARE_RUNS_FILE)).toBe(1);
        expect(await countRuns(workDir, ENCODE_ATTEMPTS_FILE)).toBe(2);
      } finally {
        await second.stop();
      }
    } finally {
      await fs.rm(stopDataDir, { recursive: true, force: true });
    }
  });
});
