// Reading an LLM's translation reply: which asked lines it answers and which it leaves to be asked again.
import { describe, expect, it } from 'vitest';
import { describeLines, MalformedReply, parseReply } from '../../src/main/engines/mt/chat-reply.js';

describe('an LLM translation reply', () => {
  it('maps the asked ids and lists the ones it lacks, has no text for, or answers twice', () => {
    const reply = JSON.stringify({
      translations: [
        { id: 1, text: ' Uno. ' },
        { id: 3, text: 'Tres.' },
        { id: 3, text: 'Tres otra vez.' },
        { id: 4, text: null },
        { id: 9, text: 'Nueve.' },
      ],
    });
    const { answered, missing } = parseReply(reply, [1, 2, 3, 4]);
    expect([...answered]).toEqual([[1, 'Uno.']]);
    expect(missing).toEqual([2, 3, 4]);
  });

  it('is malformed only when it holds no usable JSON', () => {
    expect(() => parseReply('Sure, here you go: Hola.', [1])).toThrow(MalformedReply);
    expect(() => parseReply('{"translations": "Hola"}', [1])).toThrow('"translations" is not a list');
    expect(parseReply('{"translations": []}', [1, 2]).missing).toEqual([1, 2]);
  });

  it('names lines as a user reads them', () => {
    expect(describeLines([4])).toBe('line 4');
    expect(describeLines([2, 3, 4])).toBe('lines 2-4');
    expect(describeLines([2, 7, 9])).toBe('lines 2, 7, 9');
    expect(describeLines(Array.from({ length: 12 }, (_, i) => i * 2 + 1))).toBe(
      'lines 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and 2 more',
    );
  });
});
