// The catalogue's Piper voices as GET /v1/voices would list them once installed: each sherpa-onnx archive's name,
// and the language, locale and gender the engine derives from the entry, for the voices added per major language.
import { describe, expect, it } from 'vitest';
import { createSherpaVoices } from '../../src/main/engines/tts/sherpa-voices.js';
import type { EngineModels } from '../../src/main/engines/registry.js';
import type { SherpaHost } from '../../src/main/engines/sherpa/host.js';
import { createCatalogue } from '../../src/main/models/catalogue.js';
import { PIPER_VOICES, piperModelId, VOICE_MODELS } from '../../src/main/models/entries/voices.js';
import { DubDeskError } from '../../src/shared/errors.js';

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/tts-models';

/** Every catalogue model counts as installed: listing voices reads only the catalogue, never a model file. */
function allInstalled(): EngineModels {
  const catalogue = createCatalogue();
  return {
    catalogue,
    isInstalled: () => true,
    requireInstalled: (id: string) => {
      throw new DubDeskError('model_not_installed', `not on disk: ${id}`);
    },
    openSession: () => {
      throw new Error('listing voices opens no model');
    },
  } as unknown as EngineModels;
}

// Listing runs no synthesis, so the sherpa child is never asked for anything.
const unusedHost = {
  run: () => {
    throw new Error('no synthesis here');
  },
  dispose: async () => {},
} as unknown as SherpaHost;

describe('Piper voices in the catalogue', () => {
  const voices = createSherpaVoices(unusedHost, allInstalled()).voices();
  const piper = (name: string) => voices.find((voice) => voice.id === `piper:${name}`);

  it('points every voice at its sherpa-onnx archive and model file, with a licence and a size by quality', () => {
    for (const info of PIPER_VOICES) {
      const entry = VOICE_MODELS.find((model) => model.id === piperModelId(info.voice))!;
      expect(entry.archive?.url, info.voice).toBe(`${RELEASES}/vits-piper-${info.voice}.tar.bz2`);
      expect(entry.files.map((file) => file.name)).toEqual([`${info.voice}.onnx`, 'tokens.txt']);
      expect(entry.license).toMatch(/^MIT \(Piper\); /);
    }
    expect(VOICE_MODELS.find((model) => model.id === 'piper-uk-ua-lada-x-low')?.sizeBytes).toBeLessThan(40_000_000);
    expect(VOICE_MODELS.find((model) => model.id === 'piper-es-ar-daniela-high')?.sizeBytes).toBeGreaterThan(
      100_000_000,
    );
  });

  it('lists the added voices with their language, locale and gender', () => {
    expect(piper('en_GB-alba-medium')).toMatchObject({
      language: 'en',
      locale: 'en-gb',
      gender: 'female',
      name: 'Alba (Piper, en-GB, medium)',
    });
    expect(piper('en_GB-alan-medium')).toMatchObject({ language: 'en', locale: 'en-gb', gender: 'male' });
    expect(piper('de_DE-kerstin-low')).toMatchObject({
      language: 'de',
      locale: 'de-de',
      gender: 'female',
      name: 'Kerstin (Piper, de-DE, low)',
    });
    expect(piper('es_MX-ald-medium')).toMatchObject({ language: 'es', locale: 'es-mx', gender: 'male' });
    expect(piper('fr_FR-tom-medium')).toMatchObject({ language: 'fr', locale: 'fr-fr', gender: 'male' });
    expect(piper('fr_FR-gilles-low')).toMatchObject({ language: 'fr', locale: 'fr-fr', gender: 'male' });
    expect(piper('it_IT-riccardo-x_low')).toMatchObject({
      language: 'it',
      locale: 'it-it',
      gender: 'male',
      name: 'Riccardo (Piper, it-IT, x low)',
    });
    expect(piper('pt_PT-tugao-medium')).toMatchObject({ language: 'pt', locale: 'pt-pt', gender: 'male' });
    expect(piper('nl_BE-nathalie-medium')).toMatchObject({ language: 'nl', locale: 'nl-be', gender: 'female' });
    expect(piper('ru_RU-irina-medium')).toMatchObject({ language: 'ru', locale: 'ru-ru', gender: 'female' });
    expect(piper('ru_RU-denis-medium')).toMatchObject({ language: 'ru', locale: 'ru-ru', gender: 'male' });
    expect(piper('uk_UA-lada-x_low')).toMatchObject({ language: 'uk', locale: 'uk-ua', gender: 'female' });
  });

  it('has a female and a male voice for each of English, German, Spanish, French, Italian and Russian', () => {
    for (const language of ['en', 'de', 'es', 'fr', 'it', 'ru']) {
      const genders = new Set(
        voices.filter((voice) => voice.engine === 'piper' && voice.language === language).map((voice) => voice.gender),
      );
      expect([...genders].sort(), language).toEqual(['female', 'male']);
    }
    expect(voices.filter((voice) => voice.engine === 'piper')).toHaveLength(PIPER_VOICES.length);
  });
});
