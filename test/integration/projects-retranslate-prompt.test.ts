// A project line translated again says what it did with the job's user_prompt (issue 27), over the real service on
// loopback: a proofreading job with a prompt, translated by Apertium, makes the project; translating a line again
// with Apertium answers a user_prompt_not_used warning in the job's words, over the line's time; with the LLM engine
// (a chat server on loopback) the prompt reaches the model and the answer has no warnings.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { makeAudio, makeMediaDir, makeTextFile } from '../fixtures/media.js';
import { srtOf } from '../fixtures/proofreading-project.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const PROMPT = 'Use a formal register.';
const LINES = [
  { startMs: 500, endMs: 1800, text: 'Good morning.' },
  { startMs: 2500, endMs: 3800, text: 'The house is big.' },
];

const apertiumMissing = systemEngineMissing(
  'Apertium eng-spa',
  findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

describe.skipIf(apertiumMissing)('translating a project line again, when the job had a user_prompt', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let svc: TestService;
  let projectId: string;
  let chat: http.Server | undefined;
  const instructions: (string | undefined)[] = [];

  const retranslate = async (segmentId: string) => {
    const answer = await svc.api(`/v1/projects/${projectId}/segments/${segmentId}/translate`, { body: {} });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-retranslate-prompt-');
    const audio = await makeAudio(media.dir, { durationSec: 4, sampleRate: 8000, name: 'talk.wav' });
    const subtitles = await makeTextFile(media.dir, 'talk.en.srt', srtOf(LINES));
    svc = await startTestService();
    const created = await svc.api('/v1/media/translate', {
      body: {
        media_type: 'audio',
        media_url: pathToFileURL(audio).href,
        subtitle_url: pathToFileURL(subtitles).href,
        source_language: 'en',
        target_language: 'es',
        export_type: 'audio',
        enable_proofreading: true,
        user_prompt: PROMPT,
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const task = await svc.waitForTask(created.body.task_id, undefined, 120_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    projectId = decodeURIComponent(String(task.result.project_url).split('/').pop()!);
  }, 180_000);

  afterAll(async () => {
    await svc?.stop();
    chat?.closeAllConnections();
    await new Promise((resolve) => (chat ? chat.close(resolve) : resolve(undefined)));
    await media?.cleanup();
  });

  it("with Apertium: the answer warns user_prompt_not_used naming it, in the job's words, over the line's time", async () => {
    const segment = (await svc.api(`/v1/projects/${projectId}`)).body.segments[1];
    const answer = await retranslate(segment.segment_id);
    expect(answer.target_text.toLowerCase()).toContain('casa');
    expect(answer.warnings).toEqual([
      {
        code: 'user_prompt_not_used',
        message:
          'The lines were translated by Apertium (draft), which does not follow user_prompt: the prompt was not ' +
          'used (only the LLM engine follows it: set translation_engine to llm in Settings).',
        start: segment.start,
        end: segment.end,
      },
    ]);
    // The warning is the answer's only: the saved segment has none.
    expect((await svc.api(`/v1/projects/${projectId}`)).body.segments[1].warnings).toBeUndefined();
  }, 60_000);

  it('with the LLM engine, which follows it: the prompt reaches the model and the answer has no warnings', async () => {
    chat = http.createServer((req, res) => {
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
    await new Promise<void>((resolve) => chat!.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/v1`;
    const put = await svc.api('/v1/settings', {
      method: 'PUT',
      body: { translation_engine: 'llm', llm_base_url: baseUrl, llm_model: 'tiny-chat' },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const segment = (await svc.api(`/v1/projects/${projectId}`)).body.segments[0];
    const answer = await retranslate(segment.segment_id);
    expect(answer.target_text).toBe('ES Good morning.');
    expect(answer).not.toHaveProperty('warnings');
    expect(instructions).toEqual([PROMPT]);
  }, 60_000);
});
