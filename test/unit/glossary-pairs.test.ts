// Which glossaries a job of a language pair may use: the same languages in any code form, never another pair.
import { describe, expect, it } from 'vitest';
import { checkGlossaryPair, glossaryEntriesFor } from '../../src/main/requests/glossary-pairs.js';

const glossary = (sourceLanguage: string, targetLanguage: string) => ({
  id: 'g1',
  name: 'Brand',
  sourceLanguage,
  targetLanguage,
  entries: [{ source: 'house', target: 'hogar' }],
});

describe('glossary language pairs', () => {
  it('accepts the same languages whatever the code form (en, en-US, eng; es, spa, es-MX)', () => {
    expect(() => checkGlossaryPair(glossary('en-US', 'spa'), 'eng', 'es-MX')).not.toThrow();
    expect(() => checkGlossaryPair(glossary('en', 'es'), 'en', 'es')).not.toThrow();
  });

  it('leaves an unknown (auto) source to be judged later, but judges the target at once', () => {
    expect(() => checkGlossaryPair(glossary('en', 'es'), 'auto', 'es')).not.toThrow();
    expect(() => checkGlossaryPair(glossary('en', 'es'), 'auto', 'de')).toThrow(
      "Glossary 'Brand' (g1) is for en -> es, but this job translates auto -> de: choose glossaries of the job's " +
        'language pair.',
    );
  });

  it('refuses another source or target language with invalid_request naming the glossary and both pairs', () => {
    expect(() => checkGlossaryPair(glossary('en', 'fr'), 'en', 'de')).toThrow(
      expect.objectContaining({
        code: 'invalid_request',
        message: expect.stringContaining("Glossary 'Brand' (g1) is for en -> fr, but this job translates en -> de"),
      }),
    );
    expect(() => checkGlossaryPair(glossary('en', 'es'), 'de', 'es')).toThrow(/translates de -> es/);
  });

  it('merges the terms of glossaries of the pair, and none when one is of another pair', () => {
    const english = glossary('en', 'es');
    expect(
      glossaryEntriesFor(
        [english, { ...english, id: 'g2', entries: [{ source: 'car', target: 'coche' }] }],
        'en',
        'es',
      ),
    ).toEqual([
      { source: 'house', target: 'hogar' },
      { source: 'car', target: 'coche' },
    ]);
    expect(() => glossaryEntriesFor([english, { ...glossary('de', 'es'), id: 'g2' }], 'en', 'es')).toThrow(/\(g2\)/);
  });
});
