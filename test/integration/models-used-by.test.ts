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

// Every built-in model has its engine now: LaMa without its usedBy stands for an entry that waits for one.
const UNUSED = ['lama'];
const catalogue = createCatalogue([], BUILTIN_CATALOGUE.map((entry) => (UNUSED.includes(entry.id) ? { ...entry, usedBy: undefined } : entry)));

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
    const { models } = (await app.inject({ method: 'GET', url: '/v1/models' })).json() as { models: { id: string; used_by?: string }[] };
    expect(models.filter((model) => !model.used_by).map((model) => model.id)).toEqual(UNUSED);
    expect(models.find((model) => model.id === 'wav2lip-gan-96')?.used_by).toBe('precision_v1 lip-sync');

    const refused = await app.inject({ method: 'POST', url: '/v1/models', payload: { id: 'lama' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'invalid_request', message: expect.stringContaining('not used by anything in this DubDesk version yet') });
    // Nothing started: no download, no install state.
    expect((await app.inject({ method: 'GET', url: '/v1/models/lama' })).json()).not.toHaveProperty('install');
    await app.close();
  });

  it('`dubdesk models list` says "not used yet" and `models install` refuses them with exit code 1', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => { text += chunk.toString('utf8'); });
    expect(await modelsCommand(['list'], store, out)).toBe(0);
    expect(text).toMatch(/^lama +inpaint +not used yet /m);
    expect(text).toMatch(/^wav2lip-gan-96 +lipsync +not installed /m);
    text = '';
    expect(await modelsCommand(['install', 'lama'], store, out)).toBe(1);
    expect(text).toBe('Error (invalid_request): LaMa inpainting 512 (ONNX) (lama) is not used by anything in this DubDesk version yet, so it is not installed: it would change nothing. Models in use show used_by in GET /v1/models.\n');
  });
});
