import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { routeTestApp } from '../fixtures/route-app.js';
import { modelRoutes } from '../../src/main/api/routes/models.js';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { SPEAKER_MODELS } from '../../src/main/models/entries/speakers.js';
import { VOICE_MODELS } from '../../src/main/models/entries/voices.js';
import { createModelStore, type InstallEvent, type ModelStore } from '../../src/main/models/model-store.js';
import {
  encodeStandin,
  lamaStandin,
  unpinnedFile,
  startStandinServer,
  writeStandin,
  type StandinServer,
} from '../fixtures/onnx-standins.js';

const lama = BUILTIN_CATALOGUE.find((e) => e.id === 'lama')!;
const lamaBytes = encodeStandin(lamaStandin());

describe('/v1/models routes', () => {
  let dir: string;
  let server: StandinServer;
  let store: ModelStore;
  let app: ReturnType<typeof buildApp>;

  function buildApp() {
    const instance = routeTestApp();
    void instance.register(modelRoutes, { models: store });
    return instance;
  }

  /** Resolves with the first event of `state` for the model (subscribe before triggering it). */
  function nextEvent(id: string, state: InstallEvent['state']): Promise<InstallEvent> {
    return new Promise((resolve) => {
      const stop = store.subscribe((event) => {
        if (event.id === id && event.state === state) {
          stop();
          resolve(event);
        }
      });
    });
  }

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-model-routes-'));
    server = await startStandinServer();
    server.serve('lama_fp32.onnx', lamaBytes);
    const entry = {
      ...lama,
      id: 'standin-lama',
      title: 'Stand-in LaMa',
      usedBy: 'the tests',
      files: [{ ...unpinnedFile(lama.files[0]!), url: server.url('lama_fp32.onnx') }],
    };
    store = createModelStore({ modelsDir: path.join(dir, 'models'), catalogue: createCatalogue([entry]) });
    app = buildApp();
    await app.ready();
  });

  afterEach(async () => {
    await app.close();
    await store.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lists the catalogue with snake_case records', async () => {
    const response = await app.inject({ method: 'GET', url: '/v1/models' });
    expect(response.statusCode).toBe(200);
    const { models } = response.json();
    // Bergamot pairs (models/entries/translation.ts) are listed in between; the rest keep their order.
    expect(
      models.filter((m: { id: string }) => !m.id.startsWith('bergamot-')).map((m: { id: string }) => m.id),
    ).toEqual([
      'whisper-base',
      'whisper-tiny',
      'whisper-small',
      'whisper-turbo',
      ...VOICE_MODELS.map((m) => m.id),
      ...SPEAKER_MODELS.map((m) => m.id),
      'uvr-mdx-net-inst-hq-3',
      'wav2lip-gan-96',
      'gfpgan-1.4',
      'lama',
      'musetalk-1.5',
      'latentsync-1.5',
      'rapidocr-ppocrv4-ch',
      'standin-lama',
    ]);
    expect(models.map((m: { id: string }) => m.id)).toContain('bergamot-en-de');
    expect(models.at(-1)).toEqual({
      id: 'standin-lama',
      task: 'inpaint',
      title: 'Stand-in LaMa',
      description: lama.description,
      license: 'Apache-2.0',
      // The stand-in copies the real entry, whose terms allow commercial use.
      commercial_use: 'allowed',
      size_bytes: lama.sizeBytes,
      homepage: lama.homepage,
      used_by: 'the tests',
      files: [{ name: 'lama_fp32.onnx' }],
      installed: false,
    });
  });

  it('POST starts a background download (202) that GET then shows installed', async () => {
    const installed = nextEvent('standin-lama', 'installed');
    const response = await app.inject({ method: 'POST', url: '/v1/models', payload: { id: 'standin-lama' } });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toMatchObject({
      id: 'standin-lama',
      installed: false,
      install: { state: 'downloading', received_bytes: 0 },
    });
    await installed;

    const after = await app.inject({ method: 'GET', url: '/v1/models/standin-lama' });
    expect(after.json()).toMatchObject({ installed: true, source: 'download', size_on_disk: lamaBytes.length });
    expect(after.json().install).toBeUndefined();

    const again = await app.inject({ method: 'POST', url: '/v1/models', payload: { id: 'standin-lama' } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ installed: true });
  });

  it('a failed background download shows on GET with its code and message', async () => {
    server.serve('lama_fp32.onnx', lamaBytes, { status: 503 });
    const failed = nextEvent('standin-lama', 'failed');
    await app.inject({ method: 'POST', url: '/v1/models', payload: { id: 'standin-lama' } });
    await failed;

    const record = (await app.inject({ method: 'GET', url: '/v1/models/standin-lama' })).json();
    expect(record).toMatchObject({
      installed: false,
      install: {
        state: 'failed',
        err_code: 'download_failed',
        err_message: `Downloading ${server.url('lama_fp32.onnx')} failed: the server answered HTTP 503 Service Unavailable. The server may be busy; trying again later can work.`,
      },
    });
  });

  it('POST with source_path imports from disk (201)', async () => {
    const file = writeStandin(path.join(dir, 'src'), 'lama.onnx', lamaStandin());
    const response = await app.inject({
      method: 'POST',
      url: '/v1/models',
      payload: { id: 'standin-lama', source_path: file },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: 'standin-lama', installed: true, source: 'import' });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects unknown fields, relative paths and unknown ids with the catalogue codes', async () => {
    const unknownField = await app.inject({
      method: 'POST',
      url: '/v1/models',
      payload: { id: 'standin-lama', sorce_path: '/x' },
    });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json()).toMatchObject({
      code: 'invalid_request',
      message: "Unknown field 'sorce_path' in body.",
    });

    const relative = await app.inject({
      method: 'POST',
      url: '/v1/models',
      payload: { id: 'standin-lama', source_path: 'models/lama.onnx' },
    });
    expect(relative.statusCode).toBe(400);
    expect(relative.json()).toMatchObject({
      code: 'invalid_request',
      message: "source_path must be an absolute path; got 'models/lama.onnx'.",
    });

    const missing = await app.inject({
      method: 'POST',
      url: '/v1/models',
      payload: { id: 'standin-lama', source_path: path.join(dir, 'nothing-here') },
    });
    expect(missing.json()).toMatchObject({
      code: 'invalid_request',
      message: `There is no file or folder at ${path.join(dir, 'nothing-here')}.`,
    });

    const unknownId = await app.inject({ method: 'POST', url: '/v1/models', payload: { id: 'no-such-model' } });
    expect(unknownId.statusCode).toBe(404);
    expect(unknownId.json().code).toBe('not_found');

    const get = await app.inject({ method: 'GET', url: '/v1/models/no-such-model' });
    expect(get.statusCode).toBe(404);
  });

  it('DELETE removes an installed model and answers 404 when there is nothing to remove', async () => {
    await store.importFrom('standin-lama', writeStandin(path.join(dir, 'src'), 'lama.onnx', lamaStandin()));

    const response = await app.inject({ method: 'DELETE', url: '/v1/models/standin-lama' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 'standin-lama', installed: false });
    expect(fs.existsSync(path.join(dir, 'models', 'standin-lama'))).toBe(false);

    const again = await app.inject({ method: 'DELETE', url: '/v1/models/standin-lama' });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'not_found', message: 'Stand-in LaMa is not installed.' });
  });
});
