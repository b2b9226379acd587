// Apertium (Debian apertium + apertium-eng-spa) translating subtitle lines: English to Spanish and back, one output
// line per input line, and glossary terms kept through placeholder tokens.
import { describe, expect, it } from 'vitest';
import { createApertiumTranslator, findApertium } from '../../src/main/engines/mt/apertium.js';
import type { GlossaryTerm, Translator } from '../../src/main/engines/mt/types.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';

const installed = findApertium();
const missing = systemEngineMissing(
  'Apertium with the eng-spa pair (apertium, apertium-eng-spa)',
  installed?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false,
);

function translate(
  translator: Translator,
  texts: string[],
  sourceLanguage: string,
  targetLanguage: string,
  glossary: GlossaryTerm[] = [],
): Promise<string[]> {
  return translator.translate({
    texts,
    sourceLanguage,
    targetLanguage,
    glossary,
    signal: new AbortController().signal,
  });
}

describe.skipIf(missing)('Apertium translation', () => {
  const translator = createApertiumTranslator();

  it('is the draft translator, for the installed pairs only', () => {
    expect(translator).toMatchObject({ id: 'apertium', title: 'Apertium (draft)', quality: 'draft' });
    expect(translator.isAvailable?.()).toBe(true);
    expect(translator.supports('en', 'es')).toBe(true);
    expect(translator.supports('es', 'en')).toBe(true);
    expect(translator.supports('eng', 'spa')).toBe(true);
    expect(translator.supports('en-US', 'es-MX')).toBe(true);
    expect(translator.supports('en', 'de')).toBe(false);
    expect(translator.supports('de', 'en')).toBe(false);
    expect(translator.supports('es', 'es')).toBe(false);
  });

  it('translates English to Spanish line by line, keeping empty lines empty', async () => {
    const texts = ['The house is big.', '', 'The dog eats bread.', 'The red car is here.'];
    const spanish = await translate(translator, texts, 'en', 'es');
    expect(spanish).toHaveLength(texts.length);
    expect(spanish[0]).toBe('La casa es grande.');
    expect(spanish[1]).toBe('');
    expect(spanish[2]).toMatch(/perro/);
    expect(spanish[2]).toMatch(/pan/);
    expect(spanish[3]).toMatch(/coche rojo/);
  });

  it('translates Spanish to English', async () => {
    const english = await translate(translator, ['La casa es grande.', 'El perro come pan.', '   '], 'es', 'en');
    expect(english).toEqual(['The house is big.', 'The dog eats bread.', '']);
  });

  it('keeps one line per text when a text holds line breaks, and no unknown-word marks', async () => {
    const spanish = await translate(
      translator,
      ['The house\nis big.', 'Xylofrobnicate the house.', 'The dog\r\neats bread.'],
      'en',
      'es',
    );
    expect(spanish).toHaveLength(3);
    expect(spanish[0]).toBe('La casa es grande.');
    expect(spanish[1]).toMatch(/^Xylofrobnicate .*casa\.$/);
    expect(spanish.join(' ')).not.toMatch(/[*#@]/);
  });

  it('translates each line on its own: no word moves into the line before or after it', async () => {
    // Subtitle lines often end without punctuation; Apertium must not read two cues as one sentence and reorder across them.
    const texts = ['The red', 'car is fast', 'I have a big', 'dog and a house', 'Big dog'];
    const together = await translate(translator, texts, 'en', 'es');
    const alone = await Promise.all(texts.map(async (text) => (await translate(translator, [text], 'en', 'es'))[0]));
    expect(together).toEqual(alone);
    expect(together[0]).not.toMatch(/coche/);
  });

  it('keeps the line count over a batch of 300 lines', async () => {
    const texts = Array.from({ length: 300 }, (_, i) => (i % 7 === 3 ? '' : `Line ${i}: the house is big.`));
    const spanish = await translate(translator, texts, 'en', 'es');
    expect(spanish).toHaveLength(300);
    spanish.forEach((line, i) => expect(line).toBe(i % 7 === 3 ? '' : `Línea ${i}: la casa es grande.`));
  });

  it('puts glossary terms into the translation exactly, in any case and as whole words only', async () => {
    const glossary = [
      { source: 'cat', target: 'michi' },
      { source: 'DubDesk', target: 'DubDesk' },
      { source: 'red car', target: 'Bólido Rojo' },
    ];
    const spanish = await translate(
      translator,
      ['My cat sleeps in the house.', 'DubDesk translates the video.', 'The Red Car and the category.'],
      'en',
      'es',
      glossary,
    );
    expect(spanish[0]).toMatch(/\bmichi\b/);
    expect(spanish[0]).toMatch(/casa/);
    expect(spanish[0]).not.toMatch(/gato/);
    expect(spanish[1]).toMatch(/^DubDesk [Tt]raduce el vídeo\.$/);
    expect(spanish[2]).toContain('Bólido Rojo');
    // "category" holds "cat" but is not the word: it is translated, not replaced.
    expect(spanish[2]).toMatch(/categoría/);
    expect(spanish.join(' ')).not.toMatch(/ZZ[A-Z]\d+ZZ/i);
  });

  it('keeps glossary terms from Spanish to English too', async () => {
    const english = await translate(translator, ['El gato duerme en la casa.'], 'es', 'en', [
      { source: 'gato', target: 'kitty' },
    ]);
    expect(english[0]).toMatch(/\bkitty\b/);
    expect(english[0]).toMatch(/house/);
  });

  it('refuses a pair that is not installed', async () => {
    await expect(translate(translator, ['Hello'], 'en', 'de')).rejects.toMatchObject({ code: 'model_not_installed' });
  });

  it('stops when cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      translator.translate({
        texts: ['The house.'],
        sourceLanguage: 'en',
        targetLanguage: 'es',
        glossary: [],
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('Apertium without its packages', () => {
  it('is unavailable and supports nothing', () => {
    const translator = createApertiumTranslator({ binary: '/nonexistent/apertium' });
    expect(translator.isAvailable?.()).toBe(false);
    expect(translator.supports('en', 'es')).toBe(false);
  });
});
