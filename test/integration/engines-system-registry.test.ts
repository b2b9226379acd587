// The engine set as the service builds it, over a fresh model store (no models installed): the system engines
// (PocketSphinx, Apertium) serve what they can, and everything else still answers model_not_installed.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPocketsphinx } from '../../src/main/engines/asr/pocketsphinx.js';
import { createEngineSet } from '../../src/main/engines/engine-set.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { createEngines, type Engines } from '../../src/main/engines/registry.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const missing = systemEngineMissing('PocketSphinx and Apertium eng-spa', findPocketsphinx() !== undefined && (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false));

describe.skipIf(missing)('system engines in the engine set', () => {
  let dir: string;
  let store: ModelStore;
  let engines: Engines;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-system-engines-'));
    store = createModelStore({ modelsDir: path.join(dir, 'models') });
    const built = createEngineSet({ models: store, media: resolveMediaTools(), settings: { get: () => undefined }, cacheDir: path.join(dir, 'engines') });
    engines = createEngines(built.set, store);
  });

  afterAll(async () => {
    await engines?.dispose();
    await store?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('transcribes English with PocketSphinx while no Whisper model is installed', () => {
    expect(engines.requireSpeechRecognizer('en')).toMatchObject({ id: 'pocketsphinx', title: 'PocketSphinx (English, draft)', quality: 'draft' });
    expect(engines.set.speechRecognizers.at(-1)?.id).toBe('pocketsphinx');
  });

  it('still answers model_not_installed for other languages and for detecting the language', () => {
    expect(() => engines.requireSpeechRecognizer('de')).toThrow(expect.objectContaining({ code: 'model_not_installed', message: expect.stringMatching(/^Transcribing German speech needs/) }));
    expect(() => engines.requireSpeechRecognizer('auto')).toThrow(expect.objectContaining({ code: 'model_not_installed' }));
  });

  it('translates English to Spanish with Apertium, and no pair it lacks', () => {
    expect(engines.requireTranslator('en', 'es')).toMatchObject({ id: 'apertium', title: 'Apertium (draft)', quality: 'draft' });
    expect(engines.set.translators.at(-1)?.id).toBe('apertium');
    expect(() => engines.requireTranslator('en', 'de')).toThrow(expect.objectContaining({ code: 'model_not_installed', message: expect.stringMatching(/^Translating English to German needs/) }));
  });
});
