// Nothing a translate job is given is dropped without a word (issue 27), over the real service on loopback: a
// user_prompt with Apertium, which cannot follow one, is noted on the plan's translate step before the job runs and
// ends the job with a user_prompt_not_used warning naming Apertium; the LLM engine, which follows it, gets neither.
// An LLM reply that leaves lines out is asked again for only those lines, and a model that keeps leaving them out
// fails the job naming them.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { parseSrt } from '../../src/main/media/srt.js';
import { makeAudio, makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const LINES = ['Good morning.', 'The house is big.', 'Thank you very much.'];
const SRT = LINES.map((text, i) => `${i + 1}\n00:00:0${i * 2},500 --> 00:00:0${i * 2 + 1},800\n${text}\n`).join('\n');
const PROMPT = 'Use a formal register.';

let media: Awaited<ReturnType<typeof makeMediaDir>>;
let request: Record<string, unknown>;
const running: TestService[] = [];
const servers: http.Server[] = [];

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-nothing-ignored-');
  const audio = await makeAudio(media.dir, { durationSec: 6, frequency: 220 });
  const subtitles = await makeTextFile(media.dir, 'talk.en.srt', SRT);
  request = {
    media_type: 'audio',
    media_url: pathToFileURL(audio).href,
    subtitle_url: pathToFileURL(subtitles).href,
    source_language: 'en',
    target_language: 'es',
    export_type: 'audio',
    speaker_number: { max: 1 },
    user_prompt: PROMPT,
  };
});

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
  // A retryable failure is tried again at once, not after the default 5 s.
  const service = await startTestService({ service: { retryDelayMs: () => 20 } });
  running.push(service);
  return service;
}

async function translateStepOf(service: TestService, body: Record<string, unknown>): Promise<any> {
  const answer = await service.api('/v1/media/translate/plan', { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.steps.find((step: { step: string }) => step.step === 'translate');
}

/** Runs the request to its end: the task record (GET /v1/tasks/{id}), its status record and its log. */
async function runJob(service: TestService) {
  const created = await service.api('/v1/media/translate', { body: request });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const taskId = created.body.task_id as string;
  await service.waitForTask(taskId, undefined, 120_000);
  const task = (await service.api(`/v1/tasks/${taskId}`)).body;
  const status = (await service.api(`/v1/media/translate/${taskId}`)).body;
  const log = (await service.api(`/v1/tasks/${taskId}/log?limit=500`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
  return { task, status, log };
}

async function subtitleTexts(url: string): Promise<string[]> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return parseSrt(Buffer.from(await response.arrayBuffer())).map((cue) => cue.text);
}

interface ChatCall {
  ids: number[];
  instructions?: string;
}

/** A loopback chat-completions server; `drop` names the line ids its reply leaves out on each call (1-based). */
async function startChatServer(drop: (call: number) => number[]): Promise<{ baseUrl: string; calls: ChatCall[] }> {
  const calls: ChatCall[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const prompt = JSON.parse(JSON.parse(data).messages.at(-1).content) as {
        lines: { id: number; text: string }[];
        instructions?: string;
      };
      calls.push({ ids: prompt.lines.map((line) => line.id), instructions: prompt.instructions });
      const dropped = drop(calls.length);
      const translations = prompt.lines
        .filter((line) => !dropped.includes(line.id))
        .map((line) => ({ id: line.id, text: `ES ${line.text}` }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({ choices: [{ message: { role: 'assistant', content: JSON.stringify({ translations }) } }] }),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, calls };
}

async function useLlm(service: TestService, baseUrl: string): Promise<void> {
  const put = await service.api('/v1/settings', {
    method: 'PUT',
    body: { translation_engine: 'llm', llm_base_url: baseUrl, llm_model: 'tiny-chat' },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
}

const apertiumMissing = systemEngineMissing(
  'Apertium eng-spa',
  findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

describe.skipIf(apertiumMissing)('a user_prompt with Apertium, which cannot follow one', () => {
  it('is noted on the plan before the job runs, and the finished job warns user_prompt_not_used naming Apertium', async () => {
    const service = await start();
    const step = await translateStepOf(service, request);
    expect(step.engine.id).toBe('apertium');
    expect(step.note).toBe(
      'user_prompt will not be used: Apertium (draft) does not follow it (only the LLM engine follows it: ' +
        'set translation_engine to llm in Settings)',
    );
    // Without a prompt there is nothing to say.
    const { user_prompt: _prompt, ...withoutPrompt } = request;
    expect((await translateStepOf(service, withoutPrompt)).note).toBeUndefined();

    const { task, status, log } = await runJob(service);
    expect(task.status, log).toBe('done');
    // The plan stored with the task says it too.
    expect(task.plan.steps.find((planned: { step: string }) => planned.step === 'translate').note).toBe(step.note);
    const warning = {
      code: 'user_prompt_not_used',
      message:
        'The lines were translated by Apertium (draft), which does not follow user_prompt: the prompt was not ' +
        'used (only the LLM engine follows it: set translation_engine to llm in Settings).',
    };
    expect(task.warnings).toEqual([warning]);
    expect(status.warnings).toEqual([warning]);
    // Apertium did translate: Spanish subtitles.
    expect((await subtitleTexts(status.result.subtitle_url)).join(' ').toLowerCase()).toContain('casa');
  }, 180_000);
});

describe('the LLM engine', () => {
  it('follows user_prompt: no note on the plan and no warning', async () => {
    const service = await start();
    const chat = await startChatServer(() => []);
    await useLlm(service, chat.baseUrl);
    const step = await translateStepOf(service, request);
    expect(step.engine.id).toBe('llm');
    expect(step.note).toBeUndefined();
    const { task, log } = await runJob(service);
    expect(task.status, log).toBe('done');
    expect(task.warnings).toBeUndefined();
    expect(chat.calls[0]!.instructions).toBe(PROMPT);
  }, 120_000);

  it('asked again for only the line its reply left out, the job is done with every line translated', async () => {
    const service = await start();
    const chat = await startChatServer((call) => (call === 1 ? [2] : []));
    await useLlm(service, chat.baseUrl);
    const { task, status, log } = await runJob(service);
    expect(task.status, log).toBe('done');
    expect(chat.calls.map((call) => call.ids)).toEqual([[1, 2, 3], [2]]);
    expect(await subtitleTexts(status.result.subtitle_url)).toEqual(LINES.map((line) => `ES ${line}`));
  }, 120_000);

  it('leaving a line out of every answer fails the job naming the line, after asking again twice', async () => {
    const service = await start();
    const chat = await startChatServer(() => [3]);
    await useLlm(service, chat.baseUrl);
    const { task, log } = await runJob(service);
    expect(task.status, log).toBe('failed');
    expect(task.err_code).toBe('engine_failed');
    expect(task.err_message).toMatch(
      /^The LLM tiny-chat at 127\.0\.0\.1:\d+ left line 3 untranslated: its answers lacked it even when asked again 2 times for only the missing lines\./,
    );
    // Each attempt of the job (engine_failed is retryable: the queue tries again) asks once, then twice for line 3 alone.
    const ids = chat.calls.map((call) => call.ids);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids.length % 3).toBe(0);
    for (let first = 0; first < ids.length; first += 3)
      expect(ids.slice(first, first + 3)).toEqual([[1, 2, 3], [3], [3]]);
  }, 120_000);
});
