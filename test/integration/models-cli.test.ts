import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { modelsCommand } from '../../src/cli/commands/models.js';
import { BUILTIN_CATALOGUE, createCatalogue } from '../../src/main/models/catalogue.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import {
  encodeStandin,
  lamaStandin,
  unpinnedFile,
  startStandinServer,
  writeStandin,
  type StandinServer,
} from '../fixtures/onnx-standins.js';

const lama = BUILTIN_CATALOGUE.find((e) => e.id === 'lama')!;

/** Runs the command and returns its exit code and everything it printed. */
async function run(args: string[], store: ModelStore, cwd?: string): Promise<{ code: number; text: string }> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const code = await modelsCommand(args, store, out, { cwd });
  return { code, text: Buffer.concat(chunks).toString('utf8') };
}

describe('dubdesk models', () => {
  let dir: string;
  let server: StandinServer;
  let store: ModelStore;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dubdesk-models-cli-'));
    server = await startStandinServer();
    server.serve('lama_fp32.onnx', encodeStandin(lamaStandin()));
    const entry = {
      ...lama,
      id: 'standin-lama',
      title: 'Stand-in LaMa',
      usedBy: 'the tests',
      files: [{ ...unpinnedFile(lama.files[0]!), url: server.url('lama_fp32.onnx') }],
    };
    store = createModelStore({ modelsDir: path.join(dir, 'models'), catalogue: createCatalogue([entry], []) });
  });

  afterEach(async () => {
    await store.close();
    await server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('installs with progress lines, lists it installed, then removes it', async () => {
    const install = await run(['install', 'standin-lama'], store);
    expect(install.code).toBe(0);
    expect(install.text).toMatch(/^downloading lama_fp32\.onnx {2}0 B \/ \S+ \S+ {2}0%$/m);
    expect(install.text).toMatch(/^downloading lama_fp32\.onnx {2}\S+ \S+ \/ \S+ \S+ {2}100%$/m);
    expect(install.text).toMatch(/Installed Stand-in LaMa \(\S+ \S+\)\.\n$/);

    const list = await run(['list'], store);
    expect(list.text).toMatch(/^standin-lama {2}inpaint {2}installed {2}/m);

    const again = await run(['install', 'standin-lama'], store);
    expect(again.text).toBe('Stand-in LaMa is already installed.\n');

    expect(await run(['remove', 'standin-lama'], store)).toEqual({ code: 0, text: 'Removed Stand-in LaMa.\n' });
    expect((await run(['list'], store)).text).toMatch(
      /^standin-lama {2}inpaint {2}not installed {2}~208 MB {2}allowed {5}Stand-in LaMa$/m,
    );
  });

  it('installs from a path relative to the working folder with --from', async () => {
    writeStandin(path.join(dir, 'hand'), 'lama.onnx', lamaStandin());
    const result = await run(['install', 'standin-lama', '--from', 'hand/lama.onnx'], store, dir);
    expect(result.code).toBe(0);
    expect(store.get('standin-lama')).toMatchObject({ installed: true, source: 'import' });
  });

  it('prints the error code and message and exits 1 when the download fails', async () => {
    server.serve('lama_fp32.onnx', new Uint8Array(0), { status: 404 });
    const result = await run(['install', 'standin-lama'], store);
    expect(result.code).toBe(1);
    expect(result.text).toContain(
      `Error (download_failed): Downloading ${server.url('lama_fp32.onnx')} failed: the server answered HTTP 404 Not Found. Check the URL.\n`,
    );
  });

  it('prints usage and exits 2 on bad arguments', async () => {
    const result = await run(['install'], store);
    expect(result.code).toBe(2);
    expect(result.text).toContain("'install' needs a model id");
    expect(result.text).toContain('Usage:\n  dubdesk models list');
  });

  it('exits 1 naming the known models for an unknown id', async () => {
    const result = await run(['remove', 'nope'], store);
    expect(result).toEqual({
      code: 1,
      text: "Error (not_found): No model 'nope' in the catalogue. Known models: standin-lama.\n",
    });
  });
});
