// Models that no engine consumes yet are listed as such and never installed, by the API or the CLI.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelsCommand } from '../../src/cli/commands/models.js';
import { modelRoutes } from '../../src/main/api/routes/models.js';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { routeTestApp } from '../fixtures/route-app.js';

// The PyTorch lip-sync models wait for an engine; LaMa without its usedBy stands for an ONNX entry that does too.
const PYTORCH_LIPSYNC = ['musetalk-1.5', 'latentsync-1.5'];
const UNUSED = ['lama', ...PYTORCH_LIPSYNC];
const catalogue = createCatalogue(
  [],
  BUILTIN_CATALOGUE.map((entry) => (entry.id === 'lama' ? { ...entry, usedBy: undefined } : entry)),
);

describe('models nothing uses yet', () => {
  let dir: string;
  let store: ModelStore;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-models-used-'));
    store = createModelStore({ modelsDir: path.join(dir, 'models'), catalogue });
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('GET /v1/models gives used_by only for models an engine consumes, and POST refuses the others with a 400 naming why', async () => {
    const app = routeTestApp();
    await app.register(modelRoutes, { models: store });
    const { models } = (await app.inject({ method: 'GET', url: '/v1/models' })).json() as {
      models: { id: string; used_by?: string }[];
    };
    expect(
      models
        .filter((model) => !model.used_by)
        .map((model) => model.id)
        .sort(),
    ).toEqual([...UNUSED].sort());
    expect(models.find((model) => model.id === 'wav2lip-gan-96')?.used_by).toBe('precision_v1 lip-sync');

    const refused = await app.inject({ method: 'POST', url: '/v1/models', payload: { id: 'lama' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('not used by anything in this DubDesk version yet'),
    });
    // Nothing started: no download, no install state.
    expect((await app.inject({ method: 'GET', url: '/v1/models/lama' })).json()).not.toHaveProperty('install');
    await app.close();
  });

  it('lists MuseTalk and LatentSync with their licenses and commercial use, and refuses to download or import them', async () => {
    const app = routeTestApp();
    await app.register(modelRoutes, { models: store });
    const { models } = (await app.inject({ method: 'GET', url: '/v1/models' })).json() as {
      models: { id: string; task: string; license: string; commercial_use?: string; commercial_note?: string }[];
    };
    const lipsync = Object.fromEntries(
      models.filter((model) => model.task === 'lipsync').map((model) => [model.id, model.commercial_use]),
    );
    expect(lipsync).toEqual({
      'wav2lip-gan-96': 'not_allowed',
      'musetalk-1.5': 'unclear',
      'latentsync-1.5': 'not_allowed',
    });
    expect(models.find((model) => model.id === 'latentsync-1.5')).toMatchObject({
      license: expect.stringContaining('Apache-2.0'),
      commercial_note: expect.stringContaining('InsightFace'),
    });
    // An entry not reviewed yet says nothing rather than guess.
    expect(models.find((model) => model.id === 'whisper-base')).not.toHaveProperty('commercial_use');

    for (const id of PYTORCH_LIPSYNC) {
      for (const payload of [{ id }, { id, source_path: path.join(dir, 'weights') }]) {
        const refused = await app.inject({ method: 'POST', url: '/v1/models', payload });
        expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
        expect(refused.json().message).toContain(`(${id}) is not used by anything in this DubDesk version yet`);
      }
      expect((await app.inject({ method: 'GET', url: `/v1/models/${id}` })).json()).toMatchObject({ installed: false });
      expect((await app.inject({ method: 'GET', url: `/v1/models/${id}` })).json()).not.toHaveProperty('install');
    }
    // Nothing was staged for a download.
    expect(fs.existsSync(path.join(dir, 'models', '.partial'))).toBe(false);
    await app.close();
  });

  it('`dubdesk models list` says "not used yet" and `models install` refuses them with exit code 1', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    expect(await modelsCommand(['list'], store, out)).toBe(0);
    expect(text).toMatch(/^lama +inpaint +not used yet /m);
    expect(text).toMatch(/^musetalk-1\.5 +lipsync +not used yet /m);
    expect(text).toMatch(/^wav2lip-gan-96 +lipsync +not installed /m);
    text = '';
    expect(await modelsCommand(['install', 'lama'], store, out)).toBe(1);
    expect(text).toBe(
      'Error (invalid_request): LaMa inpainting 512 (ONNX) (lama) is not used by anything in this DubDesk version yet, so it is not installed: it would change nothing. Models in use show used_by in GET /v1/models.\n',
    );
    text = '';
    expect(await modelsCommand(['install', 'latentsync-1.5'], store, out)).toBe(1);
    expect(text).toBe(
      'Error (invalid_request): LatentSync 1.5 (PyTorch) (latentsync-1.5) is not used by anything in this DubDesk version yet, so it is not installed: it would change nothing. Models in use show used_by in GET /v1/models.\n',
    );
  });
});
