// The engine set as the service builds it: the built-in Tesseract serves English and Chinese text recognition, and
// a language without installed OCR data answers model_not_installed saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engines } from '../../src/main/engines/registry.js';
import { openBuiltEngines, type BuiltEngines } from '../fixtures/engine-set.js';

describe('text recognition in the engine set', () => {
  let built: BuiltEngines;
  let engines: Engines;

  beforeAll(async () => {
    built = await openBuiltEngines('dubdesk-ocr-registry-');
    engines = built.engines;
  });

  afterAll(async () => {
    await built?.close();
  });

  it('reads English and Chinese with the built-in Tesseract', () => {
    expect(engines.requireTextRecognizer(['en'])).toMatchObject({
      id: 'tesseract',
      title: 'Tesseract (built in)',
      quality: 'standard',
    });
    expect(engines.requireTextRecognizer(['zh', 'en']).id).toBe('tesseract');
  });

  it('answers model_not_installed for a language without OCR data, naming it', () => {
    expect(() => engines.requireTextRecognizer(['fr'])).toThrow(
      expect.objectContaining({
        code: 'model_not_installed',
        message: expect.stringMatching(/French.*built-in OCR \(Tesseract\) has no French data in this DubDesk version/),
      }),
    );
    expect(() => engines.requireTextRecognizer(['en', 'fr'])).toThrow(
      /Reading on-screen text in French needs OCR data/,
    );
  });
});
