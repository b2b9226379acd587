import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTestApp } from '../fixtures/route-app.js';
import { voiceRoutes } from '../../src/main/api/routes/voices.js';
import { decodeWavPcm16 } from '../../src/main/engines/tts/espeak-cli.js';
import { createEspeakEngine, type EspeakEngine } from '../../src/main/engines/tts/espeak-engine.js';
import { createVoiceSampleCache, sampleFileName } from '../../src/main/engines/tts/voice-samples.js';
import type { SynthesisRequest } from '../../src/main/engines/tts/types.js';

const BASE_URL = 'http://127.0.0.1:4380';

describe('/v1/voices routes', () => {
  let dir: string;
  let engine: EspeakEngine;
  let synthesized: SynthesisRequest[];
  let app: ReturnType<typeof buildApp>;

  function buildApp() {
    const instance = routeTestApp();
    // Counts real syntheses, so the test can tell a cached sample from a fresh one.
    const counting = {
      ...engine,
      synthesize: (request: SynthesisRequest) => (synthesized.push(request), engine.synthesize(request)),
    };
    const samples = createVoiceSampleCache({ engine: counting, cacheDir: path.join(dir, 'voice-samples') });
    void instance.register(voiceRoutes, {
      voices: () => engine.voices(),
      sampleFile: samples.sampleFile,
      baseUrl: () => BASE_URL,
    });
    return instance;
  }

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-voice-routes-'));
    engine = createEspeakEngine({ size: 1 });
    synthesized = [];
    app = buildApp();
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await engine.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists every built-in voice with snake_case records and absolute sample URLs', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/voices' });
    expect(response.statusCode).toBe(200);
    const { voices } = response.json();
    expect(voices.length).toBe(engine.voices().length);
    expect(voices.find((voice: { voice_id: string }) => voice.voice_id === 'espeak:de+f2')).toEqual({
      voice_id: 'espeak:de+f2',
      name: 'German, female 2',
      language: 'de',
      locale: 'de',
      gender: 'female',
      engine: 'espeak',
      quality: 'draft',
      pitch_hz: 190,
      sample_url: `${BASE_URL}/v1/voices/espeak%3Ade%2Bf2/sample`,
    });
  });

  it('filters by language, best-matching locale first', async () => {
    const german = (await app.inject({ method: 'GET', url: '/v1/voices?language=de' })).json().voices;
    expect(german.length).toBeGreaterThanOrEqual(8);
    expect(german.every((voice: { language: string }) => voice.language === 'de')).toBe(true);
    expect(german[0].voice_id).toBe('espeak:de');
    const brazilian = (await app.inject({ method: 'GET', url: '/v1/voices?language=pt-BR' })).json().voices;
    expect(brazilian[0].locale).toBe('pt-br');
    expect(new Set(brazilian.map((voice: { locale: string }) => voice.locale))).toEqual(new Set(['pt-br', 'pt']));
  });

  it('answers an empty list for a supported language without voices, and 400 for an unsupported one', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/voices?language=zu' })).json()).toEqual({ voices: [] });
    const unsupported = await app.inject({ method: 'GET', url: '/v1/voices?language=xx' });
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().code).toBe('unsupported_language');
    const malformed = await app.inject({ method: 'GET', url: '/v1/voices?language=de_DE!' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('invalid_request');
  });

  it('gets one voice by id, encoded or not, and 404s an unknown one', async () => {
    const encoded = await app.inject({ method: 'GET', url: '/v1/voices/espeak%3Afr%2Bm3' });
    expect(encoded.statusCode).toBe(200);
    expect(encoded.json()).toMatchObject({ voice_id: 'espeak:fr+m3', language: 'fr', locale: 'fr-fr', gender: 'male' });
    expect((await app.inject({ method: 'GET', url: '/v1/voices/espeak:fr+m3' })).json().voice_id).toBe('espeak:fr+m3');
    const missing = await app.inject({ method: 'GET', url: '/v1/voices/espeak%3Axx' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });

  it("serves a WAV sample in the voice's language, synthesized once and then from the disk cache", async () => {
    const first = await app.inject({ method: 'GET', url: '/v1/voices/espeak%3Ade%2Bf2/sample' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('audio/wav');
    const speech = decodeWavPcm16(first.rawPayload);
    expect(speech.samples.length / speech.sampleRate).toBeGreaterThan(1.5);
    expect(synthesized).toEqual([
      { text: 'Hallo, so klingt meine Stimme, wenn ich Ihre Übersetzung vorlese.', voiceId: 'espeak:de+f2' },
    ]);
    expect(fs.existsSync(path.join(dir, 'voice-samples', sampleFileName('espeak:de+f2')))).toBe(true);

    const second = await app.inject({ method: 'GET', url: '/v1/voices/espeak%3Ade%2Bf2/sample' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(synthesized).toHaveLength(1);
  });

  it('falls back to an English sentence for languages without a sample sentence, and 404s unknown voices', async () => {
    synthesized.length = 0;
    const response = await app.inject({ method: 'GET', url: '/v1/voices/espeak%3Aeu/sample' });
    expect(response.statusCode).toBe(200);
    expect(synthesized[0].text).toBe('Hello, this is how my voice sounds when I read your translation.');
    const missing = await app.inject({ method: 'GET', url: '/v1/voices/espeak%3Axx/sample' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('not_found');
  });

  it('shares one synthesis between concurrent first requests for a sample', async () => {
    synthesized.length = 0;
    const responses = await Promise.all(
      [1, 2, 3].map(() => app.inject({ method: 'GET', url: '/v1/voices/espeak%3Aja%2Bf3/sample' })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(synthesized).toHaveLength(1);
  });
});
