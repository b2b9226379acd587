// Bergamot through the real WASM engine, with stand-in models built by code in the published Firefox Translations
// layout and installed through the model store: translations come back, glossary terms come back as the target
// terms, an uninstalled pair names its model and the install command, and a broken model fails the call only.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBergamotTranslator, type BergamotTranslator } from '../../src/main/engines/mt/bergamot.js';
import type { TranslationRequest } from '../../src/main/engines/mt/types.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { bergamotStandinCatalogue, writeBergamotStandin } from '../fixtures/bergamot-standin.js';

let dir: string;
let store: ModelStore;
let bergamot: BergamotTranslator;

const request = (texts: string[], extra: Partial<TranslationRequest> = {}): TranslationRequest => ({
  texts,
  sourceLanguage: 'en',
  targetLanguage: 'es',
  glossary: [],
  signal: new AbortController().signal,
  ...extra,
});

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-bergamot-'));
  store = createModelStore({ modelsDir: path.join(dir, 'models'), catalogue: bergamotStandinCatalogue() });
  for (const [source, target, seed] of [
    ['en', 'es', 1],
    ['es', 'en', 2],
    ['en', 'de', 3],
  ] as const) {
    const standin = writeBergamotStandin(path.join(dir, `standin-${source}${target}`), source, target, seed);
    await store.importFrom(standin.entry.id, standin.dir);
  }
  bergamot = createBergamotTranslator(store);
});

afterAll(async () => {
  await bergamot?.dispose();
  await store?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('Bergamot (Firefox Translations) with stand-in models', () => {
  it('is available and supports the installed pairs, and pairs through English when both legs are installed', () => {
    expect(bergamot).toMatchObject({ id: 'bergamot', title: 'Bergamot (Firefox Translations)', quality: 'standard' });
    expect(bergamot.isAvailable?.()).toBe(true);
    expect(bergamot.supports('en', 'es')).toBe(true);
    expect(bergamot.supports('es', 'de')).toBe(true);
    expect(bergamot.supports('en', 'fr')).toBe(false);
    expect(bergamot.supports('de', 'en')).toBe(false);
  });

  it('translates with the real WASM engine: one non-empty line per line, the same on every run', async () => {
    const lines = ['Hello there.', 'The cat is on the table.'];
    const first = await bergamot.translate(request(lines));
    expect(first).toHaveLength(2);
    for (const line of first) expect(line.trim()).not.toBe('');
    expect(await bergamot.translate(request(lines))).toEqual(first);
    // A second model translates differently: the pair's own model ran.
    const other = await bergamot.translate(request(lines, { targetLanguage: 'de' }));
    expect(other).not.toEqual(first);
  }, 60_000);

  it('pivots through English with two models', async () => {
    const [line] = await bergamot.translate(request(['Hola amigos.'], { sourceLanguage: 'es', targetLanguage: 'de' }));
    expect(line.trim()).not.toBe('');
  }, 60_000);

  it('brings a glossary term back as its target term, in any case and as a whole word only', async () => {
    const glossary = [
      { source: 'Acme Corp', target: 'ACME Ibérica' },
      { source: 'cat', target: 'gato' },
    ];
    const [withTerm, notAWord] = await bergamot.translate(
      request(['Welcome to acme corp, friends.', 'A catalogue.'], { glossary }),
    );
    expect(withTerm).toContain('ACME Ibérica');
    expect(withTerm).not.toMatch(/<|&lt;|data-term/);
    expect(notAWord).not.toContain('gato');
  }, 60_000);

  it('names the Bergamot model and the install command for a pair not installed', async () => {
    const failure = bergamot.translate(request(['Hello.'], { targetLanguage: 'fr' }));
    await expect(failure).rejects.toMatchObject({ code: 'model_not_installed' });
    await expect(failure).rejects.toThrow(
      'Firefox Translations English to French is not installed. Install it with `dubdesk models install bergamot-en-fr`',
    );
  });

  it('fails a broken model with engine_failed naming it, and the service lives on to translate with the others', async () => {
    const broken = writeBergamotStandin(path.join(dir, 'broken'), 'fr', 'en', 4);
    const modelFile = broken.entry.files.find((file) => file.name.startsWith('model.'))!.name;
    // A model cut short: the header promises data the file does not hold.
    const bytes = await fs.readFile(path.join(broken.dir, modelFile));
    await fs.writeFile(path.join(broken.dir, modelFile), bytes.subarray(0, 2000));
    await store.importFrom(broken.entry.id, broken.dir);

    const failure = bergamot.translate(request(['Bonjour.'], { sourceLanguage: 'fr', targetLanguage: 'en' }));
    await expect(failure).rejects.toMatchObject({ code: 'engine_failed' });
    await expect(failure).rejects.toThrow(/Firefox Translations French to English \(bergamot-fr-en\)/);

    const [after] = await bergamot.translate(request(['Hello there.']));
    expect(after.trim()).not.toBe('');
    expect(process.exitCode ?? 0).toBe(0);

    // A model lacking a tensor aborts the WASM runtime, which ends the engine's thread: the cause, only on its stderr, is in the message.
    const aborting = writeBergamotStandin(path.join(dir, 'aborting'), 'de', 'en', 5, {
      omitParameters: ['Wemb_QuantMultA'],
    });
    await store.importFrom(aborting.entry.id, aborting.dir);
    const abort = bergamot.translate(request(['Hallo.'], { sourceLanguage: 'de', targetLanguage: 'en' }));
    await expect(abort).rejects.toMatchObject({ code: 'engine_failed' });
    // The runtime stops at the missing tensor when it quantizes, or earlier when it lays the parameters out (which
    // one depends on what the thread loaded before): either way its own reason is in the message. Under load the
    // reason line can trail the abort; the abort then names the step that found the tensor missing (fetchAlpha...).
    await expect(abort).rejects.toThrow(
      /Firefox Translations German to English \(bergamot-de-en\): .*(We did not find an alpha in the model named: F0::Wemb_QuantMultA|Requested shape .* for existing parameter 'F0::'|Aborted from .*fetchAlphaFromModelNode)/,
    );
    const [afterAbort] = await bergamot.translate(request(['Hello there.']));
    expect(afterAbort).toBe(after);

    // Installed again in good order, the pair works.
    const repaired = writeBergamotStandin(path.join(dir, 'repaired'), 'fr', 'en', 4);
    await store.importFrom(repaired.entry.id, repaired.dir);
    const [fixed] = await bergamot.translate(request(['Bonjour.'], { sourceLanguage: 'fr', targetLanguage: 'en' }));
    expect(fixed.trim()).not.toBe('');
  }, 60_000);

  it('loads a reinstalled model afresh instead of the copy already in the engine', async () => {
    const lines = ['Hello there.', 'The cat is on the table.'];
    const before = await bergamot.translate(request(lines));
    const other = writeBergamotStandin(path.join(dir, 'reinstall-enes'), 'en', 'es', 9);
    await store.importFrom(other.entry.id, other.dir);
    const after = await bergamot.translate(request(lines));
    expect(after).not.toEqual(before);
    expect(after).toEqual(await bergamot.translate(request(lines)));
  }, 60_000);
});
