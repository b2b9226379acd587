// The service's memory stays bounded over an oversized-request sequence, and comes back near its idle size after the
// jobs. The service runs as a child process so its RSS (/proc/<pid>/status) is its own, not the test runner's.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSrtTime } from '../../src/main/media/srt.js';
import { MAX_CUE_CHARACTERS, MAX_CUES } from '../../src/main/requests/subtitle-limits.js';
import { makeAudio, makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { makeDataDir } from '../fixtures/service.js';

const MB = 1024 * 1024;
/** The bound: no accepted request may take the service past 1 GB. */
const RSS_LIMIT = 1024 * MB;
/**
 * After the jobs the service may keep V8 heap slack (garbage of the refused requests, collected at the next major GC),
 * not the jobs' data: 2.65 GB kept after one long cue is what this catches. Measured here: about 100-150 MB of slack.
 */
const IDLE_MARGIN = 200 * MB;
const KEY = 'dd_memory_test_key_only_for_this_test';
const SERVICE_MAIN = fileURLToPath(new URL('../fixtures/memory-service-main.ts', import.meta.url));

let media: Awaited<ReturnType<typeof makeMediaDir>>;
let dataDir: string;
let child: ChildProcess;
let url: string;
let stdout = '';
const steps: string[] = [];
/** The service's own view of its memory (V8 heap vs the rest), for the report. */
async function memoryUsage(): Promise<string> {
  const before = stdout.length;
  child.kill('SIGUSR2');
  for (let i = 0; i < 50 && !stdout.slice(before).includes('"memory"'); i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const line = stdout
    .slice(before)
    .split('\n')
    .find((text) => text.includes('"memory"'));
  if (!line) return 'no memory report';
  const { memory } = JSON.parse(line) as { memory: Record<string, number> };
  return Object.entries(memory)
    .map(([key, value]) => `${key} ${Math.round(value / MB)}`)
    .join(', ');
}
async function step(name: string): Promise<void> {
  steps.push(`${name}: rss ${Math.round((await statusKb('VmRSS')) / MB)} MB (${await memoryUsage()})`);
}

async function statusKb(field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await fs.readFile(`/proc/${child.pid}/status`, 'utf8');
  return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)![1]) * 1024;
}

async function api(
  pathname: string,
  init: { method?: string; body?: unknown; raw?: BodyInit; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${KEY}`, ...init.headers };
  let body = init.raw;
  if (init.body !== undefined) {
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${url}${pathname}`, {
    method: init.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    duplex: 'half',
  } as RequestInit);
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) };
  } catch {
    return { status: response.status, body: text };
  }
}

async function waitForTask(taskId: string, until: (task: any) => boolean, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await api(`/v1/tasks/${taskId}`);
    if (until(body)) return body;
    if (Date.now() > deadline) throw new Error(`task ${taskId}: ${JSON.stringify(body)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const isFinal = (task: any): boolean => ['done', 'failed', 'cancelled'].includes(task?.status);

/** RSS after the service has been quiet for a while: the lowest of a few samples (a GC may be under way). */
async function settledRss(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 3000));
  const samples: number[] = [];
  for (let i = 0; i < 10; i++) {
    samples.push(await statusKb('VmRSS'));
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return Math.min(...samples);
}

function srt(cues: Array<[number, number, string]>): string {
  return cues
    .map(([from, to, text], i) => `${i + 1}\n${formatSrtTime(from)} --> ${formatSrtTime(to)}\n${text}\n`)
    .join('\n');
}

const translate = (mediaPath: string, srtPath: string) => ({
  media_type: 'audio',
  media_url: pathToFileURL(mediaPath).href,
  subtitle_url: pathToFileURL(srtPath).href,
  subtitle_usage_type: 'final_translated',
  target_language: 'de',
  export_type: 'audio',
});

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-memory-');
  dataDir = await makeDataDir();
  child = spawn(process.execPath, ['--import', 'tsx', SERVICE_MAIN], {
    env: { ...process.env, DUBDESK_TEST_DATA_DIR: dataDir, DUBDESK_TEST_API_KEY: KEY },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((text) => text.startsWith('{"url"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the service exited with ${code}`)));
  });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await fs.rm(dataDir, { recursive: true, force: true });
  await media?.cleanup();
});

describe('service memory over an oversized-request sequence', () => {
  it('stays under 1 GB RSS throughout and returns near its idle size after the jobs', async () => {
    const coldIdle = await settledRss();
    // Warm up: the first dub starts the TTS workers (about 70 MB each), which stay until a minute without work.
    const small = await makeAudio(media.dir, { durationSec: 6, sampleRate: 8000, name: 'small.wav' });
    const warmupLines: Array<[number, number, string]> = [
      [300, 1300, 'Guten Morgen.'],
      [1500, 2500, 'Danke.'],
      [2700, 3700, 'Bis bald.'],
      [3900, 4900, 'Tschüss.'],
    ];
    const warmup = await api('/v1/media/translate', {
      body: translate(small, await makeTextFile(media.dir, 'small.srt', srt(warmupLines))),
    });
    expect(warmup.status, JSON.stringify(warmup.body)).toBe(200);
    expect((await waitForTask(warmup.body.task_id, isFinal, 60_000)).status).toBe('done');
    const idle = await settledRss();

    let peakSampled = 0;
    const sampler = setInterval(
      () =>
        void statusKb('VmRSS').then(
          (rss) => (peakSampled = Math.max(peakSampled, rss)),
          () => undefined,
        ),
      100,
    );
    try {
      // 1. A cue at the text limit, spoken in full (about a minute of speech) and mixed.
      const minute = await makeAudio(media.dir, { durationSec: 75, sampleRate: 8000, name: 'minute.wav' });
      const words = 'Ein sehr langer Satz über das Wetter von morgen. ';
      const nearLimitText = words.repeat(Math.ceil(MAX_CUE_CHARACTERS / words.length)).slice(0, MAX_CUE_CHARACTERS);
      const longCue = await api('/v1/media/translate', {
        body: translate(minute, await makeTextFile(media.dir, 'long-cue.srt', srt([[500, 74_000, nearLimitText]]))),
      });
      expect(longCue.status, JSON.stringify(longCue.body)).toBe(200);
      const longCueTask = await waitForTask(longCue.body.task_id, isFinal, 90_000);
      expect(longCueTask.status, JSON.stringify(longCueTask)).toBe('done');

      await step('long cue done');
      // 2. A file at the cue-count limit: accepted; synthesis runs a while (the rest would take minutes), then it is cancelled.
      const long = await makeAudio(media.dir, {
        durationSec: Math.ceil((MAX_CUES * 500) / 1000) + 2,
        sampleRate: 8000,
        name: 'long.wav',
      });
      const manyCues = Array.from({ length: MAX_CUES }, (_, i): [number, number, string] => [
        i * 500,
        i * 500 + 300,
        'Ja.',
      ]);
      const count = await api('/v1/media/translate', {
        body: translate(long, await makeTextFile(media.dir, 'many.srt', srt(manyCues))),
      });
      expect(count.status, JSON.stringify(count.body)).toBe(200);
      // Voice activity detection over its 84 minutes and speaker clustering come first: minutes on a busy 2-core machine.
      await waitForTask(
        count.body.task_id,
        (task) => task.stage === 'synthesize' && task.stage_progress > 0.02,
        240_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      expect((await api(`/v1/tasks/${count.body.task_id}/cancel`, { method: 'POST' })).status).toBe(200);
      expect((await waitForTask(count.body.task_id, isFinal, 30_000)).status).toBe('cancelled');

      await step('many cues cancelled');
      // 3. Over the limits: refused at create, without being dubbed.
      const tooLong = await api('/v1/media/translate', {
        body: translate(
          small,
          await makeTextFile(media.dir, 'too-long.srt', srt([[500, 2500, 'x'.repeat(160 * 1024)]])),
        ),
      });
      expect(tooLong).toMatchObject({ status: 400, body: { code: 'invalid_subtitle' } });
      const tooMany = await api('/v1/media/translate', {
        body: translate(
          small,
          await makeTextFile(
            media.dir,
            'too-many.srt',
            srt(Array.from({ length: 100_000 }, (_, i) => [i * 10, i * 10 + 5, 'a'])),
          ),
        ),
      });
      expect(tooMany).toMatchObject({ status: 400, body: { code: 'invalid_subtitle' } });
      // Every cue at the text limit: about 10 MB of SRT, parsed and refused (its cues end after the media).
      const bigSrt = srt(
        Array.from({ length: MAX_CUES }, (_, i) => [i * 1000, i * 1000 + 900, 'y'.repeat(MAX_CUE_CHARACTERS)]),
      );
      const nearLimitFile = await api('/v1/media/translate', {
        body: translate(small, await makeTextFile(media.dir, 'near-limit-size.srt', bigSrt)),
      });
      expect(nearLimitFile).toMatchObject({ status: 400, body: { code: 'invalid_subtitle' } });

      await step('refused SRTs');
      // 4. A JSON body just under the 10 MB body limit (refused by validation), and one far over it.
      const nearBody = await api('/v1/media/translate', {
        body: { ...translate(small, small), user_prompt: 'z'.repeat(9 * MB) },
      });
      expect(nearBody.status).toBe(400);
      // The service answers 413 without reading the rest; the client may see its write cut (EPIPE) before it reads that answer.
      const hugeBody = await api('/v1/media/translate', {
        body: { ...translate(small, small), user_prompt: 'z'.repeat(40 * MB) },
      }).then(
        (answer) => answer.status,
        (error: Error & { cause?: NodeJS.ErrnoException }) => {
          if (error.cause?.code === 'EPIPE' || error.cause?.code === 'ECONNRESET') return 'cut off while sending';
          throw error;
        },
      );
      expect([413, 'cut off while sending']).toContain(hugeBody);

      await step('JSON bodies');
      // 5. A big upload (512 MB), streamed: stored on disk, not in memory.
      const chunk = Buffer.alloc(MB, 7);
      const upload = await api('/v1/files', {
        raw: Readable.toWeb(
          Readable.from(
            (function* () {
              for (let i = 0; i < 512; i++) yield chunk;
            })(),
          ),
        ) as ReadableStream,
        headers: { 'content-type': 'application/octet-stream', 'x-file-name': 'big.bin' },
      });
      expect(upload.status).toBeLessThan(500);
      await step('upload');
    } finally {
      clearInterval(sampler);
    }
    const peak = Math.max(peakSampled, await statusKb('VmHWM'));
    const after = await settledRss();
    const report = `RSS cold idle ${Math.round(coldIdle / MB)} MB, warm idle ${Math.round(idle / MB)} MB, peak ${Math.round(peak / MB)} MB, after ${Math.round(after / MB)} MB`;
    await step('settled');
    console.log([report, ...steps].join('\n'));
    expect(peak, report).toBeLessThan(RSS_LIMIT);
    expect(after, report).toBeLessThan(idle + IDLE_MARGIN);
  }, 480_000);
});
