// The engine set as the service builds it, over a fresh model store (no models installed): the system engines
// (PocketSphinx, Apertium) serve what they can, and everything else still answers model_not_installed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPocketsphinx } from '../../src/main/engines/asr/pocketsphinx.js';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import type { Engines } from '../../src/main/engines/registry.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { openBuiltEngines, type BuiltEngines } from '../fixtures/engine-set.js';

const missing = systemEngineMissing(
  'PocketSphinx and Apertium eng-spa',
  findPocketsphinx() !== undefined && (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false),
);

describe.skipIf(missing)('system engines in the engine set', () => {
  let built: BuiltEngines;
  let engines: Engines;

  beforeAll(async () => {
    built = await openBuiltEngines('dubdesk-system-engines-');
    engines = built.engines;
  });

  afterAll(async () => {
    await built?.close();
  });

  it('transcribes English with PocketSphinx while no Whisper model is installed', () => {
    expect(engines.requireSpeechRecognizer('en')).toMatchObject({
      id: 'pocketsphinx',
      title: 'PocketSphinx (English, draft)',
      quality: 'draft',
    });
    expect(engines.set.speechRecognizers.at(-1)?.id).toBe('pocketsphinx');
  });

  it('still answers model_not_installed for other languages and for detecting the language', () => {
    expect(() => engines.requireSpeechRecognizer('de')).toThrow(
      expect.objectContaining({
        code: 'model_not_installed',
        message: expect.stringMatching(/^Transcribing German speech needs/),
      }),
    );
    expect(() => engines.requireSpeechRecognizer('auto')).toThrow(
      expect.objectContaining({ code: 'model_not_installed' }),
    );
  });

  it('translates English to Spanish with Apertium, and no pair it lacks', () => {
    expect(engines.requireTranslator('en', 'es')).toMatchObject({
      id: 'apertium',
      title: 'Apertium (draft)',
      quality: 'draft',
    });
    expect(engines.set.translators.at(-1)?.id).toBe('apertium');
    expect(() => engines.requireTranslator('en', 'de')).toThrow(
      expect.objectContaining({
        code: 'model_not_installed',
        message: expect.stringMatching(/^Translating English to German needs/),
      }),
    );
  });
});
