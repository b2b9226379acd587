import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILTIN_CATALOGUE, createCatalogue, type CatalogueEntry } from '../../src/main/models/catalogue.js';
import { SPEAKER_MODELS } from '../../src/main/models/entries/speakers.js';
import { VOICE_MODELS } from '../../src/main/models/entries/voices.js';
import { createModelStore, type InstallEvent, type ModelStore } from '../../src/main/models/model-store.js';
import { DubDeskError } from '../../src/shared/errors.js';
import {
  encodeStandin,
  startStandinServer,
  tinySigmoidStandin,
  wav2lipStandin,
  whisperDecoderStandin,
  whisperEncoderStandin,
  writeStandin,
  type StandinServer,
} from '../fixtures/onnx-standins.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
// Whisper in the optimum layout (two ONNX files, each with its own URL): what the stand-ins below are built as.
const whisper: CatalogueEntry = {
  id: 'whisper-optimum',
  task: 'asr',
  title: 'Whisper (optimum ONNX export)',
  description: 'Stand-in entry for the store tests.',
  license: 'Apache-2.0',
  sizeBytes: 300_000_000,
  files: [
    {
      name: 'encoder_model.onnx',
      signature: {
        inputs: [{ name: 'input_features', type: 'float32', rank: 3, dims: [null, 80, 3000] }],
        outputs: [{ name: 'last_hidden_state', type: 'float32', rank: 3 }],
      },
    },
    {
      name: 'decoder_model.onnx',
      signature: {
        inputs: [
          { name: 'input_ids', type: 'int64', rank: 2 },
          { name: 'encoder_hidden_states', type: 'float32', rank: 3 },
        ],
        outputs: [{ name: 'logits', type: 'float32', rank: 3 }],
      },
    },
  ],
};
const wav2lip = BUILTIN_CATALOGUE.find((e) => e.id === 'wav2lip-gan-96')!;

// Whisper's real vocabulary size makes the decoder stand-in about 200 KB: big enough to cut mid-file.
const encoderBytes = encodeStandin(whisperEncoderStandin());
const decoderBytes = encodeStandin(whisperDecoderStandin(51865));
const lipBytes = encodeStandin(wav2lipStandin({ mel: 'audio_sequences', faces: 'face_sequences' }));

/** The real Whisper and Wav2Lip entries (signatures included), pointed at the loopback server. */
function standinEntries(server: StandinServer, hashes: { decoder?: string } = {}): CatalogueEntry[] {
  return [
    {
      ...whisper,
      id: 'standin-whisper',
      title: 'Stand-in Whisper',
      files: whisper.files
        .filter((f) => f.name.endsWith('.onnx'))
        .map((f) => ({
          ...f,
          url: server.url(f.name),
          ...(f.name === 'decoder_model.onnx' && hashes.decoder ? { sha256: hashes.decoder } : {}),
        })),
    },
    {
      ...wav2lip,
      id: 'standin-wav2lip',
      title: 'Stand-in Wav2Lip',
      files: [{ ...wav2lip.files[0], url: server.url('w2l.onnx') }],
    },
  ];
}

describe('model store', () => {
  let server: StandinServer;
  let dir: string;
  let store: ModelStore;

  const makeStore = (hashes: { decoder?: string } = {}) =>
    createModelStore({
      modelsDir: path.join(dir, 'models'),
      catalogue: createCatalogue(standinEntries(server, hashes), []),
      progressIntervalMs: 0,
    });

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-models-'));
    server = await startStandinServer();
    server.serve('encoder_model.onnx', encoderBytes);
    server.serve('decoder_model.onnx', decoderBytes);
    server.serve('w2l.onnx', lipBytes);
    store = makeStore();
  });

  afterEach(async () => {
    await store.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('installs from URLs with progress events and a manifest of measured hashes', async () => {
    const events: InstallEvent[] = [];
    const record = await store.install('standin-whisper', { onProgress: (e) => events.push(e) });

    expect(record).toMatchObject({
      id: 'standin-whisper',
      installed: true,
      source: 'download',
      sizeOnDisk: encoderBytes.length + decoderBytes.length,
    });
    const finalDownload = events.filter((e) => e.state === 'downloading').at(-1)!;
    expect(finalDownload).toMatchObject({
      file: 'decoder_model.onnx',
      receivedBytes: encoderBytes.length + decoderBytes.length,
      totalBytes: encoderBytes.length + decoderBytes.length,
    });
    expect(events.map((e) => e.state)).toContain('verifying');
    expect(events.at(-1)).toMatchObject({ id: 'standin-whisper', state: 'installed' });

    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'models', 'standin-whisper', 'manifest.json'), 'utf8'));
    expect(manifest.files).toEqual([
      {
        name: 'encoder_model.onnx',
        sha256: sha256(encoderBytes),
        sizeBytes: encoderBytes.length,
        from: server.url('encoder_model.onnx'),
      },
      {
        name: 'decoder_model.onnx',
        sha256: sha256(decoderBytes),
        sizeBytes: decoderBytes.length,
        from: server.url('decoder_model.onnx'),
      },
    ]);
    expect(fs.existsSync(path.join(dir, 'models', '.partial', 'standin-whisper'))).toBe(false);
    expect(store.isInstalled('standin-whisper')).toBe(true);
    expect(store.get('standin-whisper').install).toBeUndefined();
  });

  it('rejects a file whose sha256 differs from the catalogue and installs nothing', async () => {
    await store.close();
    store = makeStore({ decoder: sha256(new Uint8Array([1, 2, 3])) });

    const failure = await store.install('standin-whisper').catch((e: unknown) => e);

    expect(failure).toBeInstanceOf(DubDeskError);
    expect(failure).toMatchObject({ code: 'download_failed' });
    expect((failure as Error).message).toContain(
      `does not match: expected sha256 ${sha256(new Uint8Array([1, 2, 3]))}, got ${sha256(decoderBytes)}. Nothing was installed.`,
    );
    expect(store.isInstalled('standin-whisper')).toBe(false);
    expect(fs.existsSync(path.join(dir, 'models', 'standin-whisper'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'models', '.partial', 'standin-whisper', 'decoder_model.onnx'))).toBe(false);
    expect(store.get('standin-whisper').install).toMatchObject({ state: 'failed', code: 'download_failed' });
  });

  it('accepts the file when the catalogue sha256 is right', async () => {
    await store.close();
    store = makeStore({ decoder: sha256(decoderBytes) });
    await expect(store.install('standin-whisper')).resolves.toMatchObject({ installed: true });
  });

  it('resumes an interrupted download with a Range request from the partial size', async () => {
    server.serve('decoder_model.onnx', decoderBytes, { cutOnceAfter: 100_000 });

    const first = await store.install('standin-whisper').catch((e: unknown) => e);
    expect(first).toMatchObject({ code: 'download_failed' });
    expect((first as Error).message).toContain('Install again to resume.');
    const partial = path.join(dir, 'models', '.partial', 'standin-whisper', 'decoder_model.onnx.part');
    const partialSize = fs.statSync(partial).size;
    expect(partialSize).toBeGreaterThan(0);
    expect(partialSize).toBeLessThan(decoderBytes.length);

    server.requests.length = 0;
    await expect(store.install('standin-whisper')).resolves.toMatchObject({ installed: true });

    expect(server.requests.find((r) => r.path === '/decoder_model.onnx')).toEqual({
      path: '/decoder_model.onnx',
      range: `bytes=${partialSize}-`,
    });
    // The encoder finished the first time: the server confirms it is complete (416) instead of sending it again.
    expect(server.requests.find((r) => r.path === '/encoder_model.onnx')).toEqual({
      path: '/encoder_model.onnx',
      range: `bytes=${encoderBytes.length}-`,
    });
    const installed = fs.readFileSync(path.join(dir, 'models', 'standin-whisper', 'decoder_model.onnx'));
    expect(sha256(installed)).toBe(sha256(decoderBytes));
  });

  it('resumes a partial file left in .partial/<id>/ by the layout before .part files', async () => {
    const kept = 60_000;
    fs.mkdirSync(path.join(dir, 'models', '.partial', 'standin-whisper'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'models', '.partial', 'standin-whisper', 'decoder_model.onnx'),
      decoderBytes.subarray(0, kept),
    );

    await expect(store.install('standin-whisper')).resolves.toMatchObject({ installed: true });

    expect(server.requests.find((r) => r.path === '/decoder_model.onnx')).toEqual({
      path: '/decoder_model.onnx',
      range: `bytes=${kept}-`,
    });
    expect(sha256(fs.readFileSync(path.join(dir, 'models', 'standin-whisper', 'decoder_model.onnx')))).toBe(
      sha256(decoderBytes),
    );
  });

  it('starts over when the partial file is longer than the file the server has (416)', async () => {
    fs.mkdirSync(path.join(dir, 'models', '.partial', 'standin-wav2lip'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'models', '.partial', 'standin-wav2lip', 'wav2lip_gan_96.onnx.part'),
      Buffer.alloc(lipBytes.length + 10),
    );

    await expect(store.install('standin-wav2lip')).resolves.toMatchObject({ installed: true });

    expect(server.requests).toEqual([
      { path: '/w2l.onnx', range: `bytes=${lipBytes.length + 10}-` },
      { path: '/w2l.onnx' },
    ]);
    expect(sha256(fs.readFileSync(path.join(dir, 'models', 'standin-wav2lip', 'wav2lip_gan_96.onnx')))).toBe(
      sha256(lipBytes),
    );
  });

  it('restarts cleanly when the server ignores Range', async () => {
    server.serve('decoder_model.onnx', decoderBytes, { cutOnceAfter: 50_000, ignoreRange: true });
    await store.install('standin-whisper').catch(() => undefined);
    server.requests.length = 0;

    await expect(store.install('standin-whisper')).resolves.toMatchObject({ installed: true });

    expect(server.requests.find((r) => r.path === '/decoder_model.onnx')?.range).toMatch(/^bytes=\d+-$/);

    const installed = fs.readFileSync(path.join(dir, 'models', 'standin-whisper', 'decoder_model.onnx'));
    expect(installed.length).toBe(decoderBytes.length);
    expect(sha256(installed)).toBe(sha256(decoderBytes));
  });

  it('shares one download between concurrent installs of the same model', async () => {
    const [a, b] = await Promise.all([store.install('standin-wav2lip'), store.install('standin-wav2lip')]);
    expect(a.installed && b.installed).toBe(true);
    expect(server.requests.filter((r) => r.path === '/w2l.onnx')).toHaveLength(1);
  });

  it('keeps a shared download going when only one of its callers cancels', async () => {
    const impatient = new AbortController();
    const first = store.install('standin-wav2lip', { signal: impatient.signal });
    const second = store.install('standin-wav2lip');
    impatient.abort();

    await expect(first).rejects.toMatchObject({ code: 'cancelled' });
    await expect(second).resolves.toMatchObject({ installed: true });
  });

  it('fails a download that stalls instead of waiting forever', async () => {
    await store.close();
    store = createModelStore({
      modelsDir: path.join(dir, 'models'),
      catalogue: createCatalogue(standinEntries(server), []),
      idleTimeoutMs: 2000,
    });
    server.serve('w2l.onnx', lipBytes, { stallOnceAfter: 100 });

    await expect(store.install('standin-wav2lip')).rejects.toMatchObject({
      code: 'download_failed',
      message: `Downloading ${server.url('w2l.onnx')} failed: no data arrived for 2 s (after 100 bytes). Install again to resume.`,
    });
    await expect(store.install('standin-wav2lip')).resolves.toMatchObject({ installed: true });
    expect(server.requests.at(-1)).toEqual({ path: '/w2l.onnx', range: 'bytes=100-' });
  });

  it('remove cancels an install in flight and deletes its partial files', async () => {
    server.serve('decoder_model.onnx', decoderBytes, { stallOnceAfter: 1000 });
    const started = new Promise<void>((resolve) => {
      store.subscribe((e) => e.file === 'decoder_model.onnx' && e.receivedBytes > encoderBytes.length && resolve());
    });
    const install = store.install('standin-whisper');
    await started;

    await store.remove('standin-whisper');

    await expect(install).rejects.toMatchObject({ code: 'cancelled' });
    expect(fs.existsSync(path.join(dir, 'models', '.partial', 'standin-whisper'))).toBe(false);
    expect(store.get('standin-whisper')).toMatchObject({ installed: false });
    expect(store.get('standin-whisper').install).toBeUndefined();
  });

  it('fails with download_failed naming the HTTP status', async () => {
    server.serve('w2l.onnx', lipBytes, { status: 404 });
    await expect(store.install('standin-wav2lip')).rejects.toMatchObject({
      code: 'download_failed',
      message: `Downloading ${server.url('w2l.onnx')} failed: the server answered HTTP 404 Not Found. Check the URL.`,
      retryable: false,
    });
  });

  it('fails with download_failed saying the connection was refused when nothing listens', async () => {
    await server.close();
    await expect(store.install('standin-wav2lip')).rejects.toMatchObject({
      code: 'download_failed',
      message: expect.stringContaining(`${new URL(server.baseUrl).host} refused the connection`),
    });
    server = await startStandinServer();
  });

  it('rejects a file with the wrong signature, saying what was expected and found', async () => {
    server.serve('w2l.onnx', encodeStandin(tinySigmoidStandin()));

    const failure = await store.install('standin-wav2lip').catch((e: unknown) => e);

    expect(failure).toMatchObject({ code: 'engine_failed' });
    expect((failure as Error).message).toBe(
      `The file at ${server.url('w2l.onnx')} does not look like Stand-in Wav2Lip: expected inputs mel float32[?,1,80,16], faces float32[?,6,96,96] ` +
        'and outputs output float32[?,3,96,96]; found inputs x float32[1,3] and outputs y float32[1,3] ' +
        '(no inputs with the expected types and shapes; no outputs with the expected types and shapes).',
    );
    expect(store.isInstalled('standin-wav2lip')).toBe(false);
    expect(fs.existsSync(path.join(dir, 'models', '.partial', 'standin-wav2lip'))).toBe(false);
  });

  it('rejects a file that is not ONNX at all', async () => {
    server.serve('w2l.onnx', new TextEncoder().encode('<html>Sign in to continue</html>'));
    await expect(store.install('standin-wav2lip')).rejects.toMatchObject({
      code: 'engine_failed',
      message: expect.stringContaining(
        `The file at ${server.url('w2l.onnx')} does not look like Stand-in Wav2Lip: ONNX Runtime cannot load it`,
      ),
    });
  });

  it('imports from a local folder, keeping the source files', async () => {
    const source = path.join(dir, 'downloaded-by-hand');
    writeStandin(source, 'encoder_model.onnx', whisperEncoderStandin());
    writeStandin(source, 'decoder_model.onnx', whisperDecoderStandin());

    const record = await store.importFrom('standin-whisper', source);

    expect(record).toMatchObject({ installed: true, source: 'import' });
    expect(fs.existsSync(path.join(source, 'encoder_model.onnx'))).toBe(true);
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'models', 'standin-whisper', 'manifest.json'), 'utf8'));
    expect(manifest.files[1]).toMatchObject({
      name: 'decoder_model.onnx',
      from: path.join(source, 'decoder_model.onnx'),
    });
    expect(server.requests).toHaveLength(0);
  });

  it('imports a single-file model from the file itself and says which files a folder lacks', async () => {
    const file = writeStandin(path.join(dir, 'src'), 'anything.onnx', wav2lipStandin());
    await expect(store.importFrom('standin-wav2lip', file)).resolves.toMatchObject({ installed: true });

    await expect(store.importFrom('standin-whisper', path.join(dir, 'src'))).rejects.toMatchObject({
      code: 'invalid_request',
      message: `The folder ${path.join(dir, 'src')} lacks encoder_model.onnx, decoder_model.onnx, needed by Stand-in Whisper.`,
    });
    await expect(store.importFrom('standin-whisper', file)).rejects.toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('needs 2 files'),
    });
  });

  it('removes an installed model and its files, and says when there is nothing to remove', async () => {
    await store.install('standin-wav2lip');
    const events: InstallEvent[] = [];
    store.subscribe((e) => events.push(e));

    await store.remove('standin-wav2lip');

    expect(fs.existsSync(path.join(dir, 'models', 'standin-wav2lip'))).toBe(false);
    expect(store.get('standin-wav2lip').installed).toBe(false);
    expect(events).toEqual([{ id: 'standin-wav2lip', state: 'removed', receivedBytes: 0 }]);
    await expect(store.remove('standin-wav2lip')).rejects.toMatchObject({
      code: 'not_found',
      message: 'Stand-in Wav2Lip is not installed.',
    });
    await expect(store.remove('no-such-model')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('requireInstalled tells the user how to install the model', () => {
    expect(() => store.requireInstalled('standin-wav2lip')).toThrow(
      'Stand-in Wav2Lip is not installed. Install it with `dubdesk models install standin-wav2lip`, with POST /v1/models {"id":"standin-wav2lip"}, or from the Models page of the app.',
    );
    try {
      store.requireInstalled('standin-wav2lip');
    } catch (error) {
      expect(error).toMatchObject({ code: 'model_not_installed', status: 400 });
    }
  });

  it('lists the built-in catalogue too when no catalogue is given', async () => {
    const defaults = createModelStore({ modelsDir: path.join(dir, 'default-models') });
    expect(
      defaults
        .list()
        .map((r) => r.id)
        .filter((id) => !id.startsWith('bergamot-')),
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
    ]);
    expect(defaults.list().map((r) => r.id)).toContain('bergamot-en-de');
    expect(defaults.list().every((r) => !r.installed)).toBe(true);
    await defaults.close();
  });

  it('a cancelled install reports cancelled and can be resumed later', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(store.install('standin-wav2lip', { signal: controller.signal })).rejects.toMatchObject({
      code: 'cancelled',
    });
    await expect(store.install('standin-wav2lip')).resolves.toMatchObject({ installed: true });
  });
});
