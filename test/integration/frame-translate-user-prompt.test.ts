// A visual translate job's user_prompt is never dropped without a word (issue 27), over the real service on loopback:
// with Apertium, which cannot follow one, the stored plan's translate-text step notes it before the job runs and the
// finished job warns user_prompt_not_used naming Apertium; the LLM engine (a chat server on loopback) gets the prompt
// and neither. Tesseract reads the generated text video, OpenCV erases it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { makeTextVideo } from '../fixtures/text-video.js';

const PROMPT = 'Warm, familiar register.';
const running: TestService[] = [];
const servers: http.Server[] = [];
let media: Awaited<ReturnType<typeof makeMediaDir>>;
let request: Record<string, unknown>;

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-frame-user-prompt-');
  const { file } = await makeTextVideo(media.dir, {
    texts: [
      {
        text: 'The house is big',
        startMs: 500,
        endMs: 2500,
        x: '(w-text_w)/2',
        y: 'h-text_h-30',
        fontSize: 28,
        colour: 'white',
      },
    ],
    durationSec: 3,
    name: 'house.mp4',
  });
  request = { video_url: pathToFileURL(file).href, source_language: 'en', target_language: 'es', user_prompt: PROMPT };
}, 60_000);

afterEach(async () => {
  for (const service of running.splice(0)) await service.stop();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

afterAll(async () => {
  await media?.cleanup();
});

async function start(): Promise<TestService> {
  const service = await startTestService();
  running.push(service);
  return service;
}

/** Runs the request to its end: the task record (with its stored plan), its status record and its log. */
async function runJob(service: TestService) {
  const created = await service.api('/v1/media/frame_translate', { body: request });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId = created.body.task_id as string;
  await service.waitForTask(taskId, undefined, 150_000);
  const task = (await service.api(`/v1/tasks/${taskId}`)).body;
  const status = (await service.api(`/v1/media/frame_translate/${taskId}`)).body;
  const log = (await service.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
  const step = task.plan.steps.find((planned: { step: string }) => planned.step === 'translate-text');
  return { task, status, log, step };
}

/** A loopback chat-completions server that answers every line with 'ES ' before it, noting the instructions it got. */
async function startChatServer(): Promise<{ baseUrl: string; instructions: (string | undefined)[] }> {
  const instructions: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const prompt = JSON.parse(JSON.parse(data).messages.at(-1).content) as {
        lines: { id: number; text: string }[];
        instructions?: string;
      };
      instructions.push(prompt.instructions);
      const translations = prompt.lines.map((line) => ({ id: line.id, text: `ES ${line.text}` }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify({ translations }) } }] }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, instructions };
}

const apertiumMissing = systemEngineMissing(
  'Apertium eng-spa',
  findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

describe.skipIf(apertiumMissing)('visual translate: a user_prompt with Apertium, which cannot follow one', () => {
  it("is noted on the stored plan's translate-text step, and the done job warns user_prompt_not_used naming Apertium", async () => {
    const { task, status, log, step } = await runJob(await start());
    expect(task.status, log).toBe('done');
    expect(step.engine.id).toBe('apertium');
    expect(step.note).toBe(
      'user_prompt will not be used: Apertium (draft) does not follow it (only the LLM engine follows it: ' +
        'set translation_engine to llm in Settings)',
    );
    const warning = {
      code: 'user_prompt_not_used',
      message:
        'The lines were translated by Apertium (draft), which does not follow user_prompt: the prompt was not ' +
        'used (only the LLM engine follows it: set translation_engine to llm in Settings).',
    };
    expect(task.warnings).toEqual([warning]);
    expect(status.warnings).toEqual([warning]);
    // Apertium did translate and the video was drawn: the warning is about the prompt, not a failure.
    expect(status.result.video_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1\/files\//);
  }, 200_000);
});

describe('visual translate: the LLM engine', () => {
  it('follows user_prompt: the prompt reaches it, with no note on the plan and no warning', async () => {
    const service = await start();
    const chat = await startChatServer();
    const put = await service.api('/v1/settings', {
      method: 'PUT',
      body: { translation_engine: 'llm', llm_base_url: chat.baseUrl, llm_model: 'tiny-chat' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const { task, log, step } = await runJob(service);
    expect(task.status, log).toBe('done');
    expect(step.engine.id).toBe('llm');
    expect(step.note).toBeUndefined();
    expect(task.warnings).toBeUndefined();
    expect(chat.instructions).toEqual([PROMPT]);
  }, 200_000);
});
