// The LLM endpoint obeys the address rules of callback_url: PUT /v1/settings refuses a literal link-local or
// unspecified address (and a private one under --refuse-private-addresses), and the engine checks every address a
// name resolves to before it connects, so neither a name nor a value stored earlier sends the API key to
// 169.254.169.254. Nothing here leaves loopback: every socket connect is watched, and one to a literal address
// other than 127.0.0.1 throws instead of connecting.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResolveAll } from '../../src/main/files/guarded-lookup.js';
import { createOpenAiChatTranslator, type LlmEndpoint } from '../../src/main/engines/mt/openai-chat.js';
import type { TranslationRequest } from '../../src/main/engines/mt/types.js';
import type { ConnectGuard } from '../../src/main/files/guarded-lookup.js';
import { recordConnects } from '../fixtures/connect-recorder.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const KEY = 'sk-never-to-the-metadata-service-0123456789';
const running: TestService[] = [];
let llm: http.Server;
let port: number;
/** TCP connections the loopback LLM server accepted, and the Authorization headers it saw. */
let connections = 0;
let keysSeen: string[] = [];
let connectHosts: string[] = [];

/** A resolver as a DNS server would answer, without asking one. */
function fakeDns(answers: Record<string, string[]>): ResolveAll {
  return (hostname, _options, callback) => {
    const addresses = answers[hostname];
    if (!addresses)
      return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(
      null,
      addresses.map((address): LookupAddress => ({ address, family: net.isIP(address) })),
    );
  };
}

const request = (texts: string[]): TranslationRequest => ({
  texts,
  sourceLanguage: 'en',
  targetLanguage: 'es',
  glossary: [],
  signal: new AbortController().signal,
});

function translator(baseUrl: string, connectGuard?: ConnectGuard) {
  const endpoint: LlmEndpoint = { baseUrl, model: 'qwen2.5', apiKey: KEY };
  return createOpenAiChatTranslator({ endpoint: () => endpoint, connectGuard });
}

beforeEach(async () => {
  connections = 0;
  keysSeen = [];
  // A chat-completions server answering every line as "ES(<line>)".
  llm = http.createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => (data += chunk));
    req.on('end', () => {
      keysSeen.push(req.headers.authorization ?? '');
      const prompt = JSON.parse(JSON.parse(data).messages.at(-1).content) as { lines: { id: number; text: string }[] };
      const content = JSON.stringify({
        translations: prompt.lines.map((line) => ({ id: line.id, text: `ES(${line.text})` })),
      });
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
    });
  });
  llm.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => llm.listen(0, '127.0.0.1', resolve));
  port = (llm.address() as AddressInfo).port;
  connectHosts = recordConnects();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const service of running.splice(0)) await service.stop();
  llm.closeAllConnections();
  await new Promise((resolve) => llm.close(resolve));
});

describe('the LLM engine connects only where callbacks may', () => {
  it('refuses a name resolving to a link-local address at connect time, before any connection or key is sent', async () => {
    // Were the check skipped, the connection would go to the first address: the loopback server, which counts it.
    const resolve = fakeDns({ 'llm.test': ['127.0.0.1', '169.254.169.254'] });
    const failure = await translator(`http://llm.test:${port}/v1`, { resolve })
      .translate(request(['Hello.']))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'engine_failed', retryable: false });
    expect((failure as Error).message).toBe(
      `The LLM endpoint at http://llm.test:${port} was not contacted: llm.test resolves to 169.254.169.254, a link-local address, which DubDesk does not connect to. Fix llm_base_url in Settings.`,
    );
    expect(connections).toBe(0);
    expect(keysSeen).toEqual([]);
    expect(connectHosts).not.toContain('169.254.169.254');
  });

  it('refuses literal link-local, IPv4-mapped and unspecified addresses without opening a socket', async () => {
    for (const [baseUrl, shown] of [
      ['http://169.254.169.254/v1', '169.254.169.254 is a link-local address'],
      ['http://[::ffff:169.254.169.254]:8080/v1', 'is a link-local address'],
      ['http://[fe80::1]:11434/v1', 'fe80::1 is a link-local address'],
      ['http://0.0.0.0:11434/v1', '0.0.0.0 is an unspecified address'],
      ['http://[::]:11434/v1', ':: is an unspecified address'],
    ]) {
      const failure = await translator(baseUrl)
        .translate(request(['Hello.']))
        .then(
          () => new Error('translated'),
          (error: Error) => error,
        );
      expect(failure).toMatchObject({ code: 'engine_failed', retryable: false });
      expect(failure.message).toContain(shown);
    }
    expect(connectHosts).toEqual([]);
  });

  it('refuses a name resolving to a private address only under refusePrivate', async () => {
    const resolve = fakeDns({ 'ollama.lan': ['192.168.1.20'] });
    const failure = await translator(`http://ollama.lan:${port}/v1`, { resolve, policy: { refusePrivate: true } })
      .translate(request(['Hello.']))
      .then(
        () => new Error('translated'),
        (error: Error) => error,
      );
    expect(failure.message).toContain(
      'ollama.lan resolves to 192.168.1.20, a private address, which DubDesk does not connect to while the refusePrivateAddresses setting is on',
    );
    expect(connections).toBe(0);
  });

  it('still reaches a loopback server, by address and by a name that resolves to loopback', async () => {
    expect(await translator(`http://127.0.0.1:${port}/v1`).translate(request(['Hello.']))).toEqual(['ES(Hello.)']);
    const resolve = fakeDns({ 'ollama.test': ['127.0.0.1'] });
    expect(await translator(`http://ollama.test:${port}/v1`, { resolve }).translate(request(['Bye.']))).toEqual([
      'ES(Bye.)',
    ]);
    expect(keysSeen).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);
    // The watch on connects sees real ones, so the "no connect" checks above are not vacuous.
    expect(connectHosts).toEqual(['127.0.0.1', 'ollama.test']);
  });
});

describe('PUT /v1/settings and the service', () => {
  it('answers 400 naming llm_base_url for a refused literal address, and keeps the earlier value', async () => {
    const service = await startTestService();
    running.push(service);
    const loopback = `http://127.0.0.1:${port}/v1`;
    expect(
      (await service.api('/v1/settings', { method: 'PUT', body: { llm_base_url: loopback, llm_model: 'qwen2.5' } }))
        .status,
    ).toBe(200);
    for (const [url, message] of [
      [
        'http://169.254.169.254/v1',
        'llm_base_url: 169.254.169.254 is a link-local address, which DubDesk does not connect to.',
      ],
      [
        'http://[::ffff:169.254.169.254]/v1',
        'llm_base_url: ::ffff:a9fe:a9fe is a link-local address, which DubDesk does not connect to.',
      ],
      [
        'http://0.0.0.0:11434/v1',
        'llm_base_url: 0.0.0.0 is an unspecified address, which DubDesk does not connect to.',
      ],
      ['http://[::]:11434/v1', 'llm_base_url: :: is an unspecified address, which DubDesk does not connect to.'],
      [
        'http://[fe80::1]:11434/v1',
        'llm_base_url: fe80::1 is a link-local address, which DubDesk does not connect to.',
      ],
    ] as const) {
      const put = await service.api('/v1/settings', { method: 'PUT', body: { llm_base_url: url } });
      expect([put.status, put.body.code], url).toEqual([400, 'invalid_request']);
      expect(put.body.message).toBe(message);
    }
    expect((await service.api('/v1/settings')).body.llm_base_url).toBe(loopback);
    // A LAN server and the local machine stay allowed by default.
    for (const url of [
      'http://192.168.1.20:11434/v1',
      'http://localhost:11434/v1',
      'http://[::1]:11434/v1',
      loopback,
    ]) {
      const put = await service.api('/v1/settings', { method: 'PUT', body: { llm_base_url: url } });
      expect([put.status, put.body.llm_base_url]).toEqual([200, url]);
    }
    // Settings are checked, never tried: the only connections were the test's own requests to the service.
    expect(new Set(connectHosts)).toEqual(new Set(['127.0.0.1']));
  });

  it('with --refuse-private-addresses refuses a private literal at PUT, and a private value stored earlier when the engine connects', async () => {
    const service = await startTestService({ config: { refusePrivateAddresses: true } });
    running.push(service);
    const put = await service.api('/v1/settings', {
      method: 'PUT',
      body: { llm_base_url: 'http://10.1.2.3:11434/v1' },
    });
    expect([put.status, put.body.code]).toEqual([400, 'invalid_request']);
    expect(put.body.message).toBe(
      'llm_base_url: 10.1.2.3 is a private address, which DubDesk does not connect to while the refusePrivateAddresses setting is on.',
    );

    // A value stored before this check existed (or by an older version) is refused when the engine would connect.
    await service.service.core.settings.set('llm_base_url', 'http://10.1.2.3:11434/v1');
    await service.service.core.settings.set('llm_model', 'qwen2.5');
    await service.service.core.settings.set('translation_engine', 'llm');
    const engine = service.service.core.engines.requireTranslator('en', 'es');
    await expect(engine.translate(request(['Hello.']))).rejects.toThrow(
      'The LLM endpoint at http://10.1.2.3:11434 was not contacted: 10.1.2.3 is a private address',
    );
    expect(connectHosts).not.toContain('10.1.2.3');
  });

  it('the service translates through a loopback LLM server set in Settings', async () => {
    const service = await startTestService({ config: { refusePrivateAddresses: true } });
    running.push(service);
    const put = await service.api('/v1/settings', {
      method: 'PUT',
      body: {
        translation_engine: 'llm',
        llm_base_url: `http://localhost:${port}/v1`,
        llm_model: 'qwen2.5',
        llm_api_key: KEY,
      },
    });
    expect(put.status).toBe(200);
    expect(await service.service.core.engines.requireTranslator('en', 'es').translate(request(['Hello.']))).toEqual([
      'ES(Hello.)',
    ]);
    expect(keysSeen).toEqual([`Bearer ${KEY}`]);
  });
});
