// The per-line limit every way of making a project line obeys: counted as JSON Schema counts (code points), and named
// with what made the line when it is refused.
import { describe, expect, it } from 'vitest';
import { characterCount } from '../../src/shared/character-count.js';
import { checkLineTexts, fitsLine } from '../../src/main/projects/line-limits.js';
import { MAX_LINE_CHARACTERS } from '../../src/shared/schemas/projects.js';
import { thrown } from '../fixtures/thrown.js';

describe('the project line limit', () => {
  it('counts characters as code points: an emoji or a rare CJK character is one', () => {
    expect(characterCount('Grüße 😀 𠀋')).toBe(9);
    expect(fitsLine('😀'.repeat(MAX_LINE_CHARACTERS))).toBe(true);
    expect(fitsLine('😀'.repeat(MAX_LINE_CHARACTERS + 1))).toBe(false);
    expect(fitsLine('a'.repeat(MAX_LINE_CHARACTERS))).toBe(true);
  });

  it("refuses a text over the limit with the route's catalogue code, saying what made the line and how long it is", () => {
    const error = thrown(() =>
      checkLineTexts(
        { sourceText: 'ok', targetText: 'x'.repeat(2500) },
        'The line merged from 2 lines',
        'Merge fewer.',
      ),
    );
    expect(error).toMatchObject({
      code: 'invalid_request',
      message:
        'The line merged from 2 lines would have 2,500 characters of translation; a project line holds at most 2,000. Merge fewer.',
    });
    const subtitle = thrown(() =>
      checkLineTexts(
        { sourceText: 'y'.repeat(2001), targetText: '' },
        'Cue 4 of the SRT',
        'Shorten it.',
        'invalid_subtitle',
      ),
    );
    expect(subtitle).toMatchObject({
      code: 'invalid_subtitle',
      message: expect.stringContaining('2,001 characters of source text'),
    });
    expect(() =>
      checkLineTexts({ sourceText: 'a'.repeat(2000), targetText: 'b'.repeat(2000) }, 'Line s1', ''),
    ).not.toThrow();
  });
});
