// The OpenAI-compatible chat engine against a loopback server speaking the chat-completions protocol: what the model
// is told (neighbouring lines, the job's prompt, the glossary, each line's length budget), how the reply maps back
// line by line, and what the user reads when the endpoint fails, stalls, answers nonsense or is not running.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiChatTranslator, type LlmEndpoint } from '../../src/main/engines/mt/openai-chat.js';
import type { TranslationRequest } from '../../src/main/engines/mt/types.js';

interface Seen {
  authorization?: string;
  path: string;
  body: { model: string; messages: { role: string; content: string }[] };
  /** The user message's JSON. */
  prompt: {
    lines: { id: number; text: string; max_chars?: number }[];
    context_before: string[];
    context_after: string[];
    instructions?: string;
    glossary?: { source: string; target: string }[];
    target_language: string;
  };
}

type Reply = (seen: Seen, call: number) => { status?: number; body?: unknown; raw?: string; hang?: boolean };

const servers: http.Server[] = [];
const KEY = 'sk-test-secret-0123456789';

/** A chat-completions server answering with `reply`; records every request. */
async function startChatServer(reply: Reply): Promise<{ baseUrl: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      const body = JSON.parse(data) as Seen['body'];
      const record: Seen = {
        authorization: req.headers.authorization,
        path: req.url ?? '',
        body,
        prompt: JSON.parse(body.messages.at(-1)!.content),
      };
      seen.push(record);
      const answer = reply(record, seen.length);
      if (answer.hang) return;
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(answer.raw ?? JSON.stringify(answer.body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, seen };
}

/** A chat completion whose message content is `content`. */
const completion = (content: string) => ({
  id: 'c1',
  object: 'chat.completion',
  choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
});
/** Translates every asked line as "ES(<text>)", listed in reverse order so only the ids can map them back. */
const translateAll = (seen: Seen) => ({
  body: completion(
    JSON.stringify({
      translations: seen.prompt.lines.map((line) => ({ id: line.id, text: `ES(${line.text})` })).reverse(),
    }),
  ),
});

function translator(endpoint: LlmEndpoint, options: { batchLines?: number; contextLines?: number } = {}) {
  return createOpenAiChatTranslator({ endpoint: () => endpoint, ...options });
}

const request = (texts: string[], extra: Partial<TranslationRequest> = {}): TranslationRequest => ({
  texts,
  sourceLanguage: 'en',
  targetLanguage: 'es',
  glossary: [],
  signal: new AbortController().signal,
  ...extra,
});

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('LLM translation over an OpenAI-compatible chat endpoint', () => {
  it('sends batches with neighbours, the user prompt, the glossary and the length budgets, and maps the reply by line id', async () => {
    const { baseUrl, seen } = await startChatServer(translateAll);
    const engine = translator({ baseUrl, model: 'qwen2.5:7b', apiKey: KEY }, { batchLines: 3, contextLines: 2 });
    expect(engine.title).toBe(`LLM: qwen2.5:7b at ${new URL(baseUrl).host}`);
    expect(engine.supports('en', 'es')).toBe(true);
    const lines = ['Good morning.', 'Where is the Acme office?', 'Turn left.', 'Thanks, Bob.', 'See you at Acme.'];
    const out = await engine.translate(
      request(lines, {
        userPrompt: 'Informal register, Mexican Spanish.',
        glossary: [
          { source: 'Acme', target: 'Acme S.A.' },
          { source: 'Bob', target: 'Roberto' },
          { source: 'Zed', target: 'Zeta' },
        ],
        maxChars: [20, 30, undefined, 15, 25],
      }),
    );
    expect(out).toEqual(lines.map((line) => `ES(${line})`));
    expect(seen).toHaveLength(2);
    const [first, second] = seen;
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.authorization).toBe(`Bearer ${KEY}`);
    expect(first.body.model).toBe('qwen2.5:7b');
    expect(first.prompt.target_language).toBe('Spanish');
    expect(first.prompt.lines).toEqual([
      { id: 1, text: 'Good morning.', max_chars: 20 },
      { id: 2, text: 'Where is the Acme office?', max_chars: 30 },
      { id: 3, text: 'Turn left.' },
    ]);
    expect(first.prompt.context_before).toEqual([]);
    expect(first.prompt.context_after).toEqual(['Thanks, Bob.', 'See you at Acme.']);
    expect(first.prompt.instructions).toBe('Informal register, Mexican Spanish.');
    // Only the terms the batch's lines hold.
    expect(first.prompt.glossary).toEqual([{ source: 'Acme', target: 'Acme S.A.' }]);
    expect(second.prompt.lines.map((line) => line.id)).toEqual([4, 5]);
    expect(second.prompt.context_before).toEqual(['Where is the Acme office?', 'Turn left.']);
    expect(second.prompt.glossary).toEqual([
      { source: 'Acme', target: 'Acme S.A.' },
      { source: 'Bob', target: 'Roberto' },
    ]);
    // The system message asks for JSON and for shortening, not dropping.
    expect(first.body.messages[0].content).toMatch(/JSON only/);
    expect(first.body.messages[0].content).toMatch(/shorten the wording, never drop meaning/);
  });

  it('is not available, and says how to set it, until a URL and model are configured', async () => {
    const engine = createOpenAiChatTranslator({ endpoint: () => undefined });
    expect(engine.isAvailable?.()).toBe(false);
    expect(engine.supports('en', 'es')).toBe(false);
    await expect(engine.translate(request(['Hi.']))).rejects.toThrow(
      'No LLM endpoint is configured: set llm_base_url and llm_model in Settings.',
    );
  });

  it('retries a malformed reply once and uses the second answer', async () => {
    const { baseUrl, seen } = await startChatServer((record, call) =>
      call === 1 ? { body: completion('Sure! Here are your translations: Hola.') } : translateAll(record),
    );
    const out = await translator({ baseUrl, model: 'm' }).translate(request(['Hello.']));
    expect(out).toEqual(['ES(Hello.)']);
    expect(seen).toHaveLength(2);
  });

  it('fails with engine_failed after a second malformed reply (invalid JSON)', async () => {
    const { baseUrl, seen } = await startChatServer(() => ({
      body: completion('{"translations": [{"id": 1, "text": "Hola"'),
    }));
    const failure = translator({ baseUrl, model: 'tiny' }).translate(request(['Hello.']));
    await expect(failure).rejects.toMatchObject({ code: 'engine_failed' });
    await expect(failure).rejects.toThrow(
      /The LLM tiny at 127\.0\.0\.1:\d+ answered line 1 twice without the JSON asked for \(the answer holds no JSON object\)/,
    );
    expect(seen).toHaveLength(2);
  });

  it('asks again for only the lines a reply left out, with their neighbours, and keeps the lines it answered', async () => {
    const { baseUrl, seen } = await startChatServer((record, call) => {
      const full = translateAll(record);
      if (call > 1) return full;
      // The first reply drops line 2 and renumbers line 4 as 7, an id not asked.
      const content = JSON.parse(full.body.choices[0]!.message.content) as { translations: { id: number }[] };
      const kept = content.translations
        .filter((line) => line.id !== 2)
        .map((line) => (line.id === 4 ? { ...line, id: 7 } : line));
      return { body: completion(JSON.stringify({ translations: kept })) };
    });
    const lines = ['One.', 'Two.', 'Three.', 'Four.', 'Five.'];
    const out = await translator({ baseUrl, model: 'm' }, { contextLines: 1 }).translate(
      request(lines, { maxChars: [10, 11, 12, 13, 14], userPrompt: 'Formal.' }),
    );
    expect(out).toEqual(lines.map((line) => `ES(${line})`));
    expect(seen).toHaveLength(2);
    expect(seen[0]!.prompt.lines.map((line) => line.id)).toEqual([1, 2, 3, 4, 5]);
    expect(seen[1]!.prompt.lines).toEqual([
      { id: 2, text: 'Two.', max_chars: 11 },
      { id: 4, text: 'Four.', max_chars: 13 },
    ]);
    expect(seen[1]!.prompt.context_before).toEqual(['One.']);
    expect(seen[1]!.prompt.context_after).toEqual(['Five.']);
    expect(seen[1]!.prompt.instructions).toBe('Formal.');
  });

  it('fails naming the lines still missing after asking again twice for only them', async () => {
    const { baseUrl, seen } = await startChatServer(() => ({
      body: completion(JSON.stringify({ translations: [{ id: 1, text: 'Hola.' }] })),
    }));
    const failure = translator({ baseUrl, model: 'm' }).translate(request(['Hello.', 'Bye.', 'Later.']));
    await expect(failure).rejects.toMatchObject({ code: 'engine_failed', retryable: true });
    await expect(failure).rejects.toThrow(
      /^The LLM m at 127\.0\.0\.1:\d+ left lines 2-3 untranslated: its answers lacked them even when asked again 2 times for only the missing lines\./,
    );
    expect(seen.map((record) => record.prompt.lines.map((line) => line.id))).toEqual([
      [1, 2, 3],
      [2, 3],
      [2, 3],
    ]);
  });

  it('also accepts an object keyed by line id, and a reply wrapped in a code fence after thinking aloud', async () => {
    const { baseUrl } = await startChatServer(() => ({
      body: completion('<think>Easy.</think>\n```json\n{"1": "Hola.", "2": "Adiós."}\n```'),
    }));
    expect(await translator({ baseUrl, model: 'm' }).translate(request(['Hello.', 'Bye.']))).toEqual([
      'Hola.',
      'Adiós.',
    ]);
  });

  it("maps HTTP 500 to engine_failed with the server's reason, without retrying", async () => {
    const { baseUrl, seen } = await startChatServer(() => ({
      status: 500,
      body: { error: { message: 'CUDA out of memory' } },
    }));
    const failure = translator({ baseUrl, model: 'big' }).translate(request(['Hello.']));
    await expect(failure).rejects.toMatchObject({ code: 'engine_failed', retryable: true });
    await expect(failure).rejects.toThrow(/The LLM big at 127\.0\.0\.1:\d+ failed \(HTTP 500: CUDA out of memory\)\./);
    expect(seen).toHaveLength(1);
  });

  it('maps 401 to a message about the key, and never echoes the key', async () => {
    const { baseUrl } = await startChatServer((record) => ({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${record.authorization?.slice(7)}` } },
    }));
    const failure = translator({ baseUrl, model: 'gpt-4o-mini', apiKey: KEY }).translate(request(['Hello.']));
    await expect(failure).rejects.toMatchObject({ code: 'engine_failed' });
    const message = await failure.catch((error: Error) => error.message);
    expect(message).toMatch(
      /refused the API key \(HTTP 401: Incorrect API key provided: \*\*\*\)\. Check llm_api_key in Settings\./,
    );
    expect(message).not.toContain(KEY);
  });

  it('maps 404 to a message naming the model', async () => {
    const { baseUrl } = await startChatServer(() => ({
      status: 404,
      body: { error: { message: 'model "llama9" not found, try pulling it first' } },
    }));
    await expect(translator({ baseUrl, model: 'llama9' }).translate(request(['Hello.']))).rejects.toThrow(
      /has no model 'llama9'.*ollama pull llama9/,
    );
  });

  it('gives up on a server that does not answer within the timeout', async () => {
    const { baseUrl } = await startChatServer(() => ({ hang: true }));
    const started = Date.now();
    const failure = translator({ baseUrl, model: 'slow', timeoutMs: 300 }).translate(request(['Hello.']));
    await expect(failure).rejects.toThrow(/The LLM slow at 127\.0\.0\.1:\d+ did not answer within 0\.3 s/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('does not follow a redirect, which could carry the key elsewhere', async () => {
    const { baseUrl, seen } = await startChatServer(() => ({ status: 307, raw: '' }));
    const failure = translator({ baseUrl, model: 'm', apiKey: KEY }).translate(request(['Hello.']));
    await expect(failure).rejects.toMatchObject({ code: 'engine_failed', retryable: false });
    await expect(failure).rejects.toThrow(
      /answered with a redirect \(HTTP 307\), which is not followed: set llm_base_url in Settings to the final address\./,
    );
    expect(seen).toHaveLength(1);
  });

  it('stops reading an answer larger than 8 MB', async () => {
    const server = http.createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'application/json' });
      // Endless: only the reader's cap ends it.
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (res.write(chunk));
        res.once('drain', pump);
      };
      pump();
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    await expect(translator({ baseUrl, model: 'chatty' }).translate(request(['Hello.']))).rejects.toThrow(
      /The LLM chatty at 127\.0\.0\.1:\d+ failed: the answer is larger than 8 MB\./,
    );
  });

  it('says the endpoint is not running when nothing listens there', async () => {
    const { baseUrl } = await startChatServer(translateAll);
    for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
    await expect(translator({ baseUrl, model: 'm' }).translate(request(['Hello.']))).rejects.toThrow(
      `The LLM endpoint at ${new URL(baseUrl).origin} is not running (connection refused). Start the server (Ollama, LM Studio, llama.cpp) or fix llm_base_url in Settings.`,
    );
  });

  it('stops between batches when the job is cancelled', async () => {
    const controller = new AbortController();
    const { baseUrl, seen } = await startChatServer((record) => {
      controller.abort();
      return translateAll(record);
    });
    const failure = translator({ baseUrl, model: 'm' }, { batchLines: 1 }).translate(
      request(['One.', 'Two.', 'Three.'], { signal: controller.signal }),
    );
    await expect(failure).rejects.toMatchObject({ code: 'cancelled' });
    expect(seen).toHaveLength(1);
  });
});
