// The translation engine settings over the real API and service: translation_engine picks the engine even when
// another could do the pair, the LLM endpoint set in Settings is the one the next translation uses, and the API key
// is written but never read back.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { Translator } from '../../src/main/engines/mt/types.js';
import { startTestService, type TestService } from '../fixtures/service.js';

const KEY = 'sk-live-never-shown-0123456789abcdef';
const running: TestService[] = [];
const servers: http.Server[] = [];

/** A translator standing in for one engine: it tags each line with its id, so the result shows which one ran. */
function taggingTranslator(id: string): Translator {
  return {
    id,
    title: id,
    quality: 'standard',
    supports: () => true,
    translate: async ({ texts }) => texts.map((text) => `${id}:${text}`),
  };
}

afterEach(async () => {
  for (const service of running.splice(0)) await service.stop();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

describe('translation engine settings', () => {
  it('translation_engine=apertium picks Apertium although Bergamot comes first and supports the pair; auto goes back', async () => {
    const service = await startTestService({
      service: { engines: { translators: [taggingTranslator('bergamot'), taggingTranslator('apertium')] } },
    });
    running.push(service);
    const engines = service.service.core.engines;
    expect(engines.requireTranslator('en', 'es').id).toBe('bergamot');

    const put = await service.api('/v1/settings', { method: 'PUT', body: { translation_engine: 'apertium' } });
    expect(put.status).toBe(200);
    expect(put.body.translation_engine).toBe('apertium');
    expect((await service.api('/v1/settings')).body.translation_engine).toBe('apertium');
    const chosen = engines.requireTranslator('en', 'es');
    expect(
      await chosen.translate({
        texts: ['Hello.'],
        sourceLanguage: 'en',
        targetLanguage: 'es',
        glossary: [],
        signal: new AbortController().signal,
      }),
    ).toEqual(['apertium:Hello.']);

    await service.api('/v1/settings', { method: 'PUT', body: { translation_engine: 'auto' } });
    expect(engines.requireTranslator('en', 'es').id).toBe('bergamot');

    const refused = await service.api('/v1/settings', { method: 'PUT', body: { translation_engine: 'google' } });
    expect(refused.status).toBe(400);
  });

  it('a chosen engine that cannot do the pair fails saying what it lacks, instead of quietly using another', async () => {
    const service = await startTestService({
      service: {
        engines: {
          translators: [taggingTranslator('apertium'), { ...taggingTranslator('llm'), isAvailable: () => false }],
        },
      },
    });
    running.push(service);
    await service.api('/v1/settings', { method: 'PUT', body: { translation_engine: 'llm' } });
    expect(() => service.service.core.engines.requireTranslator('en', 'es')).toThrow(
      'Translating English to Spanish: Settings choose the LLM engine, but no LLM endpoint is configured. Set its base URL and model in Settings (llm_base_url, llm_model), or set the translation engine to auto in Settings (translation_engine).',
    );
  });

  it('with source_language auto the plan (and so create) also keeps to the chosen engine', async () => {
    const service = await startTestService({
      service: {
        engines: {
          translators: [taggingTranslator('apertium'), { ...taggingTranslator('llm'), isAvailable: () => false }],
        },
      },
    });
    running.push(service);
    const body = {
      media_type: 'video',
      target_language: 'es',
      source_language: 'auto',
      export_type: 'auto',
      subtitle_url: 'file:///nowhere/talk.srt',
      subtitle_usage_type: 'original',
    };
    const translateStep = async () =>
      (await service.api('/v1/media/translate/plan', { body })).body.steps.find(
        (step: { step: string }) => step.step === 'translate',
      );
    expect((await translateStep()).engine.id).toBe('apertium');
    await service.api('/v1/settings', { method: 'PUT', body: { translation_engine: 'llm' } });
    expect(await translateStep()).toMatchObject({ missing: { code: 'model_not_installed' } });
  });

  it('the LLM endpoint set in Settings translates the next request, and the API key is never read back', async () => {
    const seen: { authorization?: string; model: string }[] = [];
    const chat = http.createServer((req, res) => {
      let data = '';
      req.on('data', (chunk) => (data += chunk));
      req.on('end', () => {
        const body = JSON.parse(data);
        seen.push({ authorization: req.headers.authorization, model: body.model });
        const prompt = JSON.parse(body.messages.at(-1).content);
        const content = JSON.stringify({
          translations: prompt.lines.map((line: { id: number; text: string }) => ({
            id: line.id,
            text: `¡${line.text}!`,
          })),
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] }));
      });
    });
    servers.push(chat);
    await new Promise<void>((resolve) => chat.listen(0, '127.0.0.1', resolve));
    const baseUrl = `http://127.0.0.1:${(chat.address() as AddressInfo).port}/v1`;

    const service = await startTestService();
    running.push(service);
    const before = await service.api('/v1/settings');
    expect(before.body).toMatchObject({
      translation_engine: 'auto',
      llm_base_url: '',
      llm_model: '',
      llm_api_key_set: false,
    });

    const put = await service.api('/v1/settings', {
      method: 'PUT',
      body: { translation_engine: 'llm', llm_base_url: baseUrl, llm_model: 'mistral-small', llm_api_key: KEY },
    });
    expect(put.status).toBe(200);
    const after = await service.api('/v1/settings');
    expect(after.body).toMatchObject({
      translation_engine: 'llm',
      llm_base_url: baseUrl,
      llm_model: 'mistral-small',
      llm_api_key_set: true,
    });
    expect(JSON.stringify(after.body)).not.toContain(KEY);
    expect(JSON.stringify(put.body)).not.toContain(KEY);
    expect(after.body).not.toHaveProperty('llm_api_key');

    const translator = service.service.core.engines.requireTranslator('en', 'es');
    expect(translator.title).toBe(`LLM: mistral-small at ${new URL(baseUrl).host}`);
    const out = await translator.translate({
      texts: ['Hola'],
      sourceLanguage: 'en',
      targetLanguage: 'es',
      glossary: [],
      signal: new AbortController().signal,
    });
    expect(out).toEqual(['¡Hola!']);
    expect(seen).toEqual([{ authorization: `Bearer ${KEY}`, model: 'mistral-small' }]);

    // An empty key removes it; a URL that is not http(s) is refused.
    await service.api('/v1/settings', { method: 'PUT', body: { llm_api_key: '' } });
    expect((await service.api('/v1/settings')).body.llm_api_key_set).toBe(false);
    const refused = await service.api('/v1/settings', { method: 'PUT', body: { llm_base_url: 'file:///etc/passwd' } });
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_request']);
    // A key written into the address would show wherever the endpoint is named: refused, and not echoed.
    const withKey = await service.api('/v1/settings', {
      method: 'PUT',
      body: { llm_base_url: `http://user:${KEY}@127.0.0.1:9/v1` },
    });
    expect([withKey.status, withKey.body.code]).toEqual([400, 'invalid_request']);
    expect(withKey.body.message).toBe(
      'llm_base_url must not hold a user name or password: give the key as llm_api_key, which is never shown.',
    );
    expect((await service.api('/v1/settings')).body.llm_base_url).toBe(baseUrl);
  });
});
