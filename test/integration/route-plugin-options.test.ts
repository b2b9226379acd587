// Route plugins take only what they use (Fastify encapsulation): each runs on a bare app with its own options and a
// real SQLite file, without a core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/main/api/app-types.js';
import { glossaryRoutes } from '../../src/main/api/routes/glossaries.js';
import { keyRoutes } from '../../src/main/api/routes/keys.js';
import { settingsRoutes } from '../../src/main/api/routes/settings.js';
import { openDatabase, type Db } from '../../src/main/store/database.js';
import { createGlossariesRepository } from '../../src/main/store/glossaries-repository.js';
import { createKeysRepository } from '../../src/main/store/keys-repository.js';
import { loadSettingsCache } from '../../src/main/store/settings-cache.js';
import { createSettingsRepository } from '../../src/main/store/settings-repository.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { routeTestApp } from '../fixtures/route-app.js';

let dir: string;
let db: Db;
let app: App;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-route-options-'));
  db = openDatabase(path.join(dir, 'dubdesk.db'));
  const client = createSqliteClient(db);
  app = routeTestApp();
  await app.register(glossaryRoutes, { glossaries: createGlossariesRepository(client) });
  await app.register(keyRoutes, { keys: createKeysRepository(client) });
  await app.register(settingsRoutes, {
    version: '9.9.9',
    baseUrl: () => 'http://127.0.0.1:7999',
    dataDir: dir,
    webhookSecret: 'whsec_test',
    config: { concurrency: 3, loudnessLufs: -16, maxStretch: 1.25, refusePrivateAddresses: false },
    media: { ffmpeg: '/bin/ffmpeg', ffprobe: '/bin/ffprobe' },
    store: await loadSettingsCache(createSettingsRepository(client)),
    addSecret: () => undefined,
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('route plugins on their own options', () => {
  it('glossaries: create, read back and refuse an unknown language from the repository they are given', async () => {
    const body = {
      name: 'Film terms',
      source_language: 'en',
      target_language: 'es',
      entries: [{ source: 'cut', target: 'corte' }],
    };
    const created = await app.inject({ method: 'POST', url: '/v1/glossaries', payload: body });
    expect(created.statusCode).toBe(200);
    const id = created.json().glossary_id;
    expect((await app.inject({ method: 'GET', url: `/v1/glossaries/${id}` })).json()).toMatchObject(body);
    const refused = await app.inject({
      method: 'POST',
      url: '/v1/glossaries',
      payload: { ...body, target_language: 'xx' },
    });
    expect([refused.statusCode, refused.json().code]).toEqual([400, 'unsupported_language']);
  });

  it('keys: create one shown once, list it without its secret, revoke it', async () => {
    const created = (await app.inject({ method: 'POST', url: '/v1/keys', payload: { name: 'script' } })).json();
    expect(created).toMatchObject({ name: 'script', role: 'jobs', revoked_at: null });
    expect(JSON.stringify((await app.inject({ method: 'GET', url: '/v1/keys' })).json())).not.toContain(created.key);
    expect((await app.inject({ method: 'DELETE', url: `/v1/keys/${created.key_id}` })).statusCode).toBe(204);
    expect((await app.inject({ method: 'DELETE', url: `/v1/keys/${created.key_id}` })).statusCode).toBe(404);
  });

  it('settings: answer with exactly the values they were given', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/settings' })).json()).toEqual({
      version: '9.9.9',
      base_url: 'http://127.0.0.1:7999',
      openapi_url: 'http://127.0.0.1:7999/v1/openapi.json',
      data_dir: dir,
      webhook_secret: 'whsec_test',
      concurrency: 3,
      ffmpeg_path: '/bin/ffmpeg',
      ffprobe_path: '/bin/ffprobe',
      loudness_lufs: -16,
      max_stretch: 1.25,
      translation_engine: 'auto',
      llm_base_url: '',
      llm_model: '',
      llm_timeout_seconds: 120,
      llm_api_key_set: false,
      // Never set in this store, so the default.
      local_cache_limit_bytes: 20_000_000_000,
      check_for_updates: true,
    });
  });
});
