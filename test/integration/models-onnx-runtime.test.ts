import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { createOnnxRuntime, readSignature, Tensor, type OnnxRuntime } from '../../src/main/models/onnx-runtime.js';
import { lamaStandin, wav2lipStandin, writeStandin } from '../fixtures/onnx-standins.js';

describe('onnx runtime', () => {
  let dir: string;
  let runtime: OnnxRuntime;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-onnx-'));
    runtime = createOnnxRuntime();
  });

  afterEach(async () => {
    await runtime.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('returns the same cached session for the same file, and a fresh one after dispose', async () => {
    const file = writeStandin(dir, 'lama.onnx', lamaStandin());
    const first = await runtime.createSession(file);
    expect(await runtime.createSession(path.join(dir, '.', 'lama.onnx'))).toBe(first);
    expect(runtime.cachedFiles()).toEqual([file]);

    await runtime.dispose();

    expect(runtime.cachedFiles()).toEqual([]);
    const image = new Tensor('float32', new Float32Array(3 * 512 * 512), [1, 3, 512, 512]);
    const mask = new Tensor('float32', new Float32Array(512 * 512), [1, 1, 512, 512]);
    // A released session cannot run any more.
    await expect(first.run({ image, mask })).rejects.toThrow();
    const second = await runtime.createSession(file);
    expect(second).not.toBe(first);
    expect(Object.keys(await runtime.run(second, { image, mask }))).toEqual(['output']);
  });

  it('reads names, types and symbolic dims from the loaded file', async () => {
    const session = await runtime.createSession(
      writeStandin(dir, 'w2l.onnx', wav2lipStandin({ mel: 'source', faces: 'target' })),
    );
    expect(readSignature(session)).toEqual({
      inputs: [
        { name: 'source', type: 'float32', dims: ['N', 1, 80, 16] },
        { name: 'target', type: 'float32', dims: ['N', 6, 96, 96] },
      ],
      outputs: [{ name: 'output', type: 'float32', dims: ['N', 3, 96, 96] }],
    });
  });

  it('refuses to start a run whose signal is already aborted', async () => {
    const session = await runtime.createSession(writeStandin(dir, 'w2l.onnx', wav2lipStandin()));
    const controller = new AbortController();
    controller.abort();
    await expect(runtime.run(session, {}, { signal: controller.signal })).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('reports a run with wrong feeds as engine_failed', async () => {
    const session = await runtime.createSession(writeStandin(dir, 'w2l.onnx', wav2lipStandin()));
    await expect(runtime.run(session, {})).rejects.toMatchObject({ code: 'engine_failed' });
  });

  it('reports a file that is not ONNX as engine_failed', async () => {
    const file = path.join(dir, 'broken.onnx');
    fs.writeFileSync(file, 'not a model');
    await expect(runtime.createSession(file)).rejects.toMatchObject({ code: 'engine_failed' });
    expect(runtime.cachedFiles()).toEqual([]);
  });
});

describe('store sessions', () => {
  let dir: string;
  let store: ModelStore;
  const wav2lip = BUILTIN_CATALOGUE.find((e) => e.id === 'wav2lip-gan-96')!;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-sessions-'));
    const entry = {
      ...wav2lip,
      id: 'standin-wav2lip',
      title: 'Stand-in Wav2Lip',
      files: [{ ...wav2lip.files[0], url: 'http://127.0.0.1:9/unused' }],
    };
    store = createModelStore({ modelsDir: path.join(dir, 'models'), catalogue: createCatalogue([entry], []) });
  });

  afterEach(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs a Wav2Lip stand-in bound by shape: N mel windows and face pairs give N 96x96 RGB faces in 0..1', async () => {
    // An export that named its inputs differently, as real Wav2Lip exports do.
    const file = writeStandin(
      path.join(dir, 'src'),
      'wav2lip_gan_96.onnx',
      wav2lipStandin({ mel: 'audio_sequences', faces: 'face_sequences', output: 'pred' }),
    );
    await store.importFrom('standin-wav2lip', file);

    const bound = await store.openSession('standin-wav2lip', 'wav2lip_gan_96.onnx');
    expect(bound.inputs).toEqual({ mel: 'audio_sequences', faces: 'face_sequences' });
    const n = 3;
    const faces = new Float32Array(n * 6 * 96 * 96).map((_, i) => (i % 7) - 3);
    const results = await bound.run({
      mel: new Tensor('float32', new Float32Array(n * 80 * 16).fill(0.5), [n, 1, 80, 16]),
      faces: new Tensor('float32', faces, [n, 6, 96, 96]),
    });

    expect(results.output.dims).toEqual([n, 3, 96, 96]);
    const values = results.output.data as Float32Array;
    expect(values.length).toBe(n * 3 * 96 * 96);
    expect(Math.min(...values.subarray(0, 1000))).toBeGreaterThan(0);
    expect(Math.max(...values.subarray(0, 1000))).toBeLessThan(1);
    // First face pixel: sigmoid(-3 + mean(mel) 0.5).
    expect(values[0]).toBeCloseTo(1 / (1 + Math.exp(2.5)), 5);

    expect(await store.openSession('standin-wav2lip', 'wav2lip_gan_96.onnx')).toBe(bound);
  });

  it('closes the session of a model that is removed', async () => {
    await store.importFrom('standin-wav2lip', writeStandin(path.join(dir, 'src'), 'w.onnx', wav2lipStandin()));
    const bound = await store.openSession('standin-wav2lip', 'wav2lip_gan_96.onnx');

    await store.remove('standin-wav2lip');

    const feeds = {
      mel: new Tensor('float32', new Float32Array(80 * 16), [1, 1, 80, 16]),
      faces: new Tensor('float32', new Float32Array(6 * 96 * 96), [1, 6, 96, 96]),
    };
    await expect(bound.run(feeds)).rejects.toMatchObject({ code: 'engine_failed' });
    await expect(store.openSession('standin-wav2lip', 'wav2lip_gan_96.onnx')).rejects.toMatchObject({
      code: 'model_not_installed',
    });
  });

  it('checks the signature again on load when the file was replaced by hand', async () => {
    await store.importFrom('standin-wav2lip', writeStandin(path.join(dir, 'src'), 'w.onnx', wav2lipStandin()));
    writeStandin(path.join(dir, 'models', 'standin-wav2lip'), 'wav2lip_gan_96.onnx', lamaStandin());

    await expect(store.openSession('standin-wav2lip', 'wav2lip_gan_96.onnx')).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringMatching(
        /^The file at .*wav2lip_gan_96\.onnx does not look like Stand-in Wav2Lip: .* Remove it and install it again\.$/,
      ),
    });
  });
});
