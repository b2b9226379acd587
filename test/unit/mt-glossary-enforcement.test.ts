// Glossary enforcement over a translator that drops a term: a retry that fixes it keeps the fix; a term still
// missing is logged by line and returned for the task warning; words that only contain a term do not count.
import { describe, expect, it } from 'vitest';
import { translateEnforcingGlossary } from '../../src/main/engines/mt/glossary-enforcement.js';
import { HTML_PLACEHOLDERS, protectTerms } from '../../src/main/engines/mt/glossary-placeholders.js';
import type { TranslationRequest, Translator } from '../../src/main/engines/mt/types.js';

/** A word-for-word "translator" that writes Acme as "la empresa" until told (by the retry prompt) to use the glossary. */
function forgetfulTranslator(options: { learns: boolean }): Translator & { calls: TranslationRequest[] } {
  const calls: TranslationRequest[] = [];
  return {
    id: 'fake',
    title: 'Fake',
    quality: 'draft',
    calls,
    supports: () => true,
    async translate(request) {
      calls.push(request);
      const obeys = options.learns && /must be translated as 'Acme S\.A\.'/.test(request.userPrompt ?? '');
      return request.texts.map(
        (text) => `ES ${text.replace(/acme/gi, obeys ? 'Acme S.A.' : 'la empresa').replace(/\bBob\b/g, 'Roberto')}`,
      );
    },
  };
}

const base = (texts: string[]): TranslationRequest => ({
  texts,
  sourceLanguage: 'en',
  targetLanguage: 'es',
  userPrompt: 'Keep it short.',
  signal: new AbortController().signal,
  glossary: [
    { source: 'ACME', target: 'Acme S.A.' },
    { source: 'Bob', target: 'Roberto' },
  ],
  maxChars: [10, 20, 30, 40],
});

describe('translateEnforcingGlossary', () => {
  it('retries only the lines that missed a term, with an explicit instruction, and keeps the fixed translation', async () => {
    const translator = forgetfulTranslator({ learns: true });
    const logs: string[] = [];
    const result = await translateEnforcingGlossary(
      translator,
      base(['Hello Bob.', 'Welcome to Acme.', 'A catalogue.', 'acme rules.']),
      (message) => logs.push(message),
    );
    expect(result.texts).toEqual([
      'ES Hello Roberto.',
      'ES Welcome to Acme S.A..',
      'ES A catalogue.',
      'ES Acme S.A. rules.',
    ]);
    expect(result.misses).toEqual([]);
    expect(translator.calls).toHaveLength(2);
    const retry = translator.calls[1];
    expect(retry.texts).toEqual(['Welcome to Acme.', 'acme rules.']);
    expect(retry.maxChars).toEqual([20, 40]);
    expect(retry.userPrompt).toBe(
      "Keep it short.\n\nThe previous translation of these lines ignored the glossary. Use the glossary terms exactly: 'ACME' must be translated as 'Acme S.A.'.",
    );
    expect(logs.filter((line) => /missing/.test(line))).toEqual([]);
  });

  it('keeps the best translation and logs each term still missing by line number', async () => {
    const translator = forgetfulTranslator({ learns: false });
    const logged: { message: string; level?: string }[] = [];
    const result = await translateEnforcingGlossary(
      translator,
      base(['Hello Bob.', 'Welcome to Acme.', 'A catalogue.', 'acme rules.']),
      (message, level) => logged.push({ message, level }),
    );
    expect(result.texts[1]).toBe('ES Welcome to la empresa.');
    expect(result.misses).toEqual([
      { line: 2, source: 'ACME', target: 'Acme S.A.' },
      { line: 4, source: 'ACME', target: 'Acme S.A.' },
    ]);
    expect(logged.filter((entry) => entry.level === 'warn').map((entry) => entry.message)).toEqual([
      "line 2: glossary term 'ACME' → 'Acme S.A.' missing",
      "line 4: glossary term 'ACME' → 'Acme S.A.' missing",
    ]);
    expect(translator.calls).toHaveLength(2);
  });

  it('translates once and checks nothing without a glossary', async () => {
    const translator = forgetfulTranslator({ learns: false });
    const result = await translateEnforcingGlossary(translator, { ...base(['Acme.']), glossary: [] }, () => undefined);
    expect(result).toEqual({ texts: ['ES la empresa.'], misses: [] });
    expect(translator.calls).toHaveLength(1);
  });
});

describe('glossary placeholders (markup mode)', () => {
  it('wraps whole-word terms in any case, escapes the rest, and restores target terms and text', () => {
    const guarded = protectTerms(
      'Tom & Acme Corp <3 acme corp, not acmecorp',
      [{ source: 'Acme Corp', target: 'ACME & Co' }],
      HTML_PLACEHOLDERS,
    );
    expect(guarded.text).toBe(
      'Tom &amp; <span data-term="0">Acme Corp</span> &lt;3 <span data-term="1">acme corp</span>, not acmecorp',
    );
    // What an engine in markup mode gives back: the elements moved, their content translated.
    expect(guarded.restore('<span data-term="1">la corp</span> y Tom &amp; <span data-term="0"></span> &lt;3')).toBe(
      'ACME & Co y Tom & ACME & Co <3',
    );
  });
});

describe('glossary terms in text written without spaces', () => {
  it('finds a Latin term written straight against Chinese or Japanese characters, in the source and in the translation', async () => {
    // A translator into Chinese that keeps the brand name as the glossary asks: no miss may be reported.
    const translator: Translator = {
      id: 'fake',
      title: 'Fake',
      quality: 'draft',
      supports: () => true,
      translate: async (request) => request.texts.map(() => '我喜欢DubDesk软件。'),
    };
    const logs: string[] = [];
    const result = await translateEnforcingGlossary(
      translator,
      {
        texts: ['I like DubDesk.'],
        sourceLanguage: 'en',
        targetLanguage: 'zh',
        signal: new AbortController().signal,
        glossary: [{ source: 'DubDesk', target: 'DubDesk' }],
      },
      (message) => logs.push(message),
    );
    expect(result).toEqual({ texts: ['我喜欢DubDesk软件。'], misses: [] });
    expect(logs).toEqual([]);
    // Placeholder engines (Bergamot, Apertium) must see the term in such a source line too.
    const guarded = protectTerms('私はDubDeskが好き', [{ source: 'dubdesk', target: 'DubDesk' }], HTML_PLACEHOLDERS);
    expect(guarded.text).toBe('私は<span data-term="0">DubDesk</span>が好き');
    // A Latin term inside a longer Latin word still does not count.
    expect(protectTerms('私はDubDesker', [{ source: 'DubDesk', target: 'X' }], HTML_PLACEHOLDERS).text).toBe(
      '私はDubDesker',
    );
    // Korean writes its particles straight after a name.
    expect(protectTerms('DubDesk를 사용합니다', [{ source: 'DubDesk', target: 'X' }], HTML_PLACEHOLDERS).text).toBe(
      '<span data-term="0">DubDesk</span>를 사용합니다',
    );
  });
});
