// Key roles over real HTTP (docs/api.md "Keys and roles"): a jobs key runs jobs and reads what jobs use,
// only an admin key reaches keys, settings, model installs and glossary/style writes; `--api-key` is an
// admin key for its run only, never stored.
import { readFile, rm } from 'node:fs/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installSecurity } from '../../src/main/api/security.js';
import { openDatabase } from '../../src/main/store/database.js';
import { createKeysRepository, hashApiKey } from '../../src/main/store/keys-repository.js';
import { createSqliteClient } from '../../src/main/store/sqlite-client.js';
import { makeMediaDir, makeVideo } from '../fixtures/media.js';
import { makeDataDir, startTestService, TEST_API_KEY, type TestService } from '../fixtures/service.js';
import { lipsyncBody, testKinds } from '../fixtures/test-pipelines.js';

let media: Awaited<ReturnType<typeof makeMediaDir>>;
let video: string;
let svc: TestService;
let jobsKey: string;
let adminKey: string;

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-key-roles-');
  video = await makeVideo(media.dir, { durationSec: 1 });
  svc = await startTestService({ service: { kinds: testKinds() } });
  const jobs = await svc.api('/v1/keys', { body: { name: 'render script' } });
  expect(jobs.status).toBe(200);
  jobsKey = jobs.body.key;
  const admin = await svc.api('/v1/keys', { body: { name: 'ops', role: 'admin' } });
  expect(admin.status).toBe(200);
  adminKey = admin.body.key;
});

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

const as = (key: string) => ({ authorization: `Bearer ${key}` });
const glossary = {
  name: 'terms',
  source_language: 'en',
  target_language: 'es',
  entries: [{ source: 'DubDesk', target: 'DubDesk' }],
};

describe('a jobs key', () => {
  it("is what POST /v1/keys makes without a role, and the list shows each key's role", async () => {
    const { body } = await svc.api('/v1/keys');
    const roles = Object.fromEntries(body.keys.map((key: { name: string; role: string }) => [key.name, key.role]));
    expect(roles).toMatchObject({ 'render script': 'jobs', ops: 'admin', 'GUI session': 'admin' });
  });

  it.each([
    ['GET', '/v1/keys', undefined],
    ['POST', '/v1/keys', { name: 'escalate', role: 'admin' }],
    ['GET', '/v1/settings', undefined],
    ['POST', '/v1/glossaries', glossary],
    ['POST', '/v1/subtitle_styles', { name: 'mine' }],
    ['DELETE', '/v1/models/x', undefined],
    ['POST', '/v1/models', { id: 'x' }],
  ])('gets 403 forbidden naming the admin role on %s %s', async (method, route, body) => {
    const { status, body: error } = await svc.api(route, { method, body, headers: as(jobsKey) });
    expect(status).toBe(403);
    expect(error.code).toBe('forbidden');
    expect(error.message).toMatch(/admin key/);
  });

  it("cannot revoke the GUI's key", async () => {
    const gui = (await svc.api('/v1/keys')).body.keys.find(
      (key: { name: string; revoked_at: string | null }) => key.name === 'GUI session' && !key.revoked_at,
    );
    expect((await svc.api(`/v1/keys/${gui.key_id}`, { method: 'DELETE', headers: as(jobsKey) })).status).toBe(403);
    expect(
      (await svc.api('/v1/keys')).body.keys.find((key: { key_id: string }) => key.key_id === gui.key_id).revoked_at,
    ).toBeNull();
  });

  it('creates a job, uploads a file, and reads voices, glossaries, styles, models and tasks', async () => {
    const created = await svc.api('/v1/video_generation', { body: lipsyncBody(video), headers: as(jobsKey) });
    expect(created.status).toBe(200);
    const task = await svc.api(`/v1/tasks/${created.body.task_id}`, { headers: as(jobsKey) });
    expect(task.status).toBe(200);
    const upload = await fetch(`${svc.url}/v1/files`, {
      method: 'POST',
      body: await readFile(video),
      headers: { ...as(jobsKey), 'content-type': 'application/octet-stream', 'x-file-name': 'clip.mp4' },
    });
    expect(upload.status).toBe(201);
    const { file_id: fileId } = (await upload.json()) as { file_id: string };
    expect((await fetch(`${svc.url}/v1/files/${fileId}`, { headers: as(jobsKey) })).status).toBe(200);
    for (const route of ['/v1/voices', '/v1/glossaries', '/v1/subtitle_styles', '/v1/models', '/v1/tasks']) {
      expect({ route, status: (await svc.api(route, { headers: as(jobsKey) })).status }).toEqual({
        route,
        status: 200,
      });
    }
    const cancel = await svc.api(`/v1/tasks/${created.body.task_id}/cancel`, { method: 'POST', headers: as(jobsKey) });
    expect([200, 409]).toContain(cancel.status); // 409 only if the short test job already finished
  });
});

describe('an admin key', () => {
  it('reaches keys, settings and glossary writes', async () => {
    expect((await svc.api('/v1/keys', { headers: as(adminKey) })).status).toBe(200);
    expect((await svc.api('/v1/settings', { headers: as(adminKey) })).body.webhook_secret).toEqual(expect.any(String));
    const made = await svc.api('/v1/glossaries', { body: glossary, headers: as(adminKey) });
    expect(made.status).toBe(200);
    expect(
      (await svc.api(`/v1/glossaries/${made.body.glossary_id}`, { method: 'DELETE', headers: as(adminKey) })).status,
    ).toBe(204);
    expect((await svc.api('/v1/models/no-such-model', { method: 'DELETE', headers: as(adminKey) })).status).toBe(404);
  });

  it('is what the GUI session key is', async () => {
    const guiKey = new URLSearchParams(new URL(svc.service.guiUrl).hash.slice(1)).get('key')!;
    expect((await svc.api('/v1/settings', { headers: as(guiKey) })).status).toBe(200);
  });

  it('refuses an unknown role with 400 invalid_request', async () => {
    const { status, body } = await svc.api('/v1/keys', { body: { name: 'x', role: 'root' } });
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_request');
  });
});

describe('route roles', () => {
  it('an admin-only route registered without role: admin stops the app from building', async () => {
    const app = Fastify();
    installSecurity(app, {
      keys: createKeysRepository(createSqliteClient(openDatabase(':memory:'))),
      allowedHosts: () => new Set(),
    });
    await expect(async () => {
      app.post('/v1/keys/rotate', async () => ({}));
      await app.ready();
    }).rejects.toThrow(/POST \/v1\/keys\/rotate needs config \{ role: 'admin' \}/);
    await app.close();
  });
});

describe('--api-key', () => {
  it('is an admin key for its run only: never written to the database, refused after a restart without it', async () => {
    const dataDir = await makeDataDir();
    const first = await startTestService({ dataDir });
    expect((await first.api('/v1/settings')).status).toBe(200);
    // The service's own database (its SQLite file, or PostgreSQL in the postgres test project).
    const { client } = first.service.core.store;
    expect(await client.all('SELECT name FROM api_keys')).toEqual([{ name: 'GUI session' }]);
    expect(await client.get('SELECT 1 FROM api_keys WHERE hash = $1', [hashApiKey(TEST_API_KEY)])).toBeUndefined();
    await first.stop();

    const second = await startTestService({ dataDir, config: { apiKey: undefined } });
    try {
      const { status, body } = await second.api('/v1/tasks');
      expect(status).toBe(401);
      expect(body.code).toBe('unauthorized');
    } finally {
      await second.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
