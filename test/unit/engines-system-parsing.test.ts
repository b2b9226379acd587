// The pure parts of the system engines: pocketsphinx_continuous output to segments, the word error rate, Apertium's
// mode names to DubDesk languages, and glossary placeholders.
import { describe, expect, it } from 'vitest';
import {
  parsePocketsphinxLine,
  segmentsFromLines,
  type PocketsphinxLine,
} from '../../src/main/engines/asr/pocketsphinx-output.js';
import { wordErrorRate } from '../../src/main/engines/asr/word-error-rate.js';
import { findPair, parseModeName, type ApertiumPair } from '../../src/main/engines/mt/apertium-pairs.js';
import { protectTerms, tokenPlaceholders } from '../../src/main/engines/mt/glossary-placeholders.js';

// Printed by pocketsphinx_continuous -time yes for two utterances (Debian 12, en-us model).
const OUTPUT = `and mr john
<s> 0.000 0.140 0.999100
and(2) 0.150 0.360 0.214129
mr 0.370 0.620 0.982159
<sil> 0.630 1.300 0.548719
john 1.310 1.620 0.926345
</s> 1.630 1.700 1.000000
i was not
<s> 3.430 3.520 0.999700
i 3.530 3.640 0.998801
[NOISE] 3.650 3.700 0.5
was(2) 3.710 3.860 1.0001
++BREATH++ 3.870 3.900 0.5
not 3.910 4.290 0.997503
</s> 4.300 4.410 1.000000`;

function parse(text: string): PocketsphinxLine[] {
  return text
    .split('\n')
    .map(parsePocketsphinxLine)
    .filter((line): line is PocketsphinxLine => line !== undefined);
}

describe('pocketsphinx_continuous output', () => {
  it('makes a segment per utterance and per long pause, without fillers or pronunciation numbers', () => {
    const segments = segmentsFromLines(parse(OUTPUT));
    expect(segments.map((segment) => [segment.startMs, segment.endMs, segment.text])).toEqual([
      [150, 620, 'And mr'],
      [1310, 1620, 'John'],
      [3530, 4290, 'I was not'],
    ]);
    expect(segments[2]!.words).toEqual([
      { startMs: 3530, endMs: 3640, text: 'I', confidence: 0.998801 },
      { startMs: 3710, endMs: 3860, text: 'was', confidence: 1 },
      { startMs: 3910, endMs: 4290, text: 'not', confidence: 0.997503 },
    ]);
  });

  it('ignores hypothesis lines and gives nothing for silence', () => {
    expect(parsePocketsphinxLine('and mr john')).toBeUndefined();
    expect(segmentsFromLines(parse('<s> 0.000 0.140 0.99\n<sil> 0.15 2.0 0.9\n</s> 2.0 2.1 1.0'))).toEqual([]);
  });
});

describe('word error rate', () => {
  it('counts substitutions, deletions and insertions against the reference words', () => {
    expect(wordErrorRate('he was not an ill disposed young man', 'He was not an illdisposed young man.')).toBeCloseTo(
      2 / 8,
    );
    expect(wordErrorRate('he was not an ill disposed young man', 'He was not an ill-disposed young man.')).toBe(0);
    expect(wordErrorRate('the cat sat', 'the cat sat')).toBe(0);
    expect(wordErrorRate('the cat sat', 'cat sat down here')).toBeCloseTo(3 / 3);
    expect(wordErrorRate("don't stop", "Don't STOP!")).toBe(0);
  });
});

describe('Apertium pairs', () => {
  const pairs = ['eng-spa', 'spa-eng_US', 'spa-eng', 'en-gl', 'fr-es', 'hbs-eng', 'eng-spa-tagger', 'README']
    .map(parseModeName)
    .filter((pair): pair is ApertiumPair => pair !== undefined);

  it('reads translation modes and leaves debug modes out', () => {
    expect(pairs.map((pair) => pair.mode)).toEqual(['eng-spa', 'spa-eng_US', 'spa-eng', 'en-gl', 'fr-es', 'hbs-eng']);
    expect(parseModeName('spa-eng_US')).toEqual({ mode: 'spa-eng_US', source: 'spa', target: 'eng', variant: 'US' });
  });

  it('maps DubDesk codes to 2- and 3-letter pair names and macro codes', () => {
    expect(findPair(pairs, 'en', 'es')?.mode).toBe('eng-spa');
    expect(findPair(pairs, 'en', 'gl')?.mode).toBe('en-gl');
    expect(findPair(pairs, 'fr-CA', 'es')?.mode).toBe('fr-es');
    expect(findPair(pairs, 'hr', 'en')?.mode).toBe('hbs-eng');
    expect(findPair(pairs, 'es', 'en')?.mode).toBe('spa-eng_US');
    expect(
      findPair(
        [...pairs].sort((a, b) => Number(a.variant !== undefined) - Number(b.variant !== undefined)),
        'es',
        'en',
      )?.mode,
    ).toBe('spa-eng');
    expect(findPair(pairs, 'en', 'de')).toBeUndefined();
    expect(findPair(pairs, 'gl', 'en')).toBeUndefined();
  });
});

describe('glossary token placeholders (Apertium)', () => {
  const protect = (texts: string[], glossary: { source: string; target: string }[]) => {
    const scheme = tokenPlaceholders(texts);
    return texts.map((text) => protectTerms(text, glossary, scheme));
  };

  it('replaces whole words in any case, longest term first, and restores the targets', () => {
    const glossary = [
      { source: 'New York', target: 'Nueva York' },
      { source: 'New York City', target: 'NYC' },
      { source: 'cat', target: 'michi' },
    ];
    const [first, second] = protect(['New  york city has a CAT, not a category.', 'New York'], glossary);
    expect([first!.text, second!.text]).toEqual(['ZZG0ZZ has a ZZG1ZZ, not a category.', 'ZZG0ZZ']);
    expect(first!.restore('ZZG0ZZ tiene un zzg1zz.')).toBe('NYC tiene un michi.');
    expect(second!.restore('ZZG0ZZ')).toBe('Nueva York');
  });

  it('picks a token family the texts do not already hold', () => {
    const [only] = protect(['ZZG0ZZ and the cat'], [{ source: 'cat', target: 'michi' }]);
    expect(only!.text).toBe('ZZG0ZZ and the ZZH0ZZ');
    expect(only!.restore('ZZG0ZZ y el ZZH0ZZ')).toBe('ZZG0ZZ y el michi');
  });

  it('puts a target holding $ patterns back literally', () => {
    const [only] = protect(['the price'], [{ source: 'price', target: "$& $1 $'" }]);
    expect(only!.restore(only!.text)).toBe("the $& $1 $'");
  });
});
