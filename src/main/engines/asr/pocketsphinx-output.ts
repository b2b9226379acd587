// Reads what `pocketsphinx_continuous -time yes` prints: per utterance a hypothesis line, then one line per word
// `word start end confidence` (seconds), framed by <s> ... </s>. Pure, so it is tested without the binary.
import type { RecognizedWord, TranscribedSegment } from './types.js';

const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/;
/** A pause this long inside an utterance starts a new segment (pocketsphinx's own utterances split longer ones). */
export const SEGMENT_PAUSE_MS = 500;

export type PocketsphinxLine =
  | { kind: 'utterance-start'; startMs: number }
  | { kind: 'word'; word: RecognizedWord }
  | { kind: 'filler'; endMs: number };

/** Silence and noise tokens of the acoustic model's noise dictionary, and anything bracketed like them. */
function isFiller(token: string): boolean {
  return /^<.*>$/.test(token) || /^\[.*\]$/.test(token) || /^\+\+.*\+\+$/.test(token);
}

/** One stdout line as a word, a filler or an utterance start; undefined for hypothesis lines and anything else. */
export function parsePocketsphinxLine(line: string): PocketsphinxLine | undefined {
  const match = WORD_LINE.exec(line.trim());
  if (!match) return undefined;
  const [, token, start, end, confidence] = match as unknown as [string, string, string, string, string];
  const startMs = Math.round(Number(start) * 1000);
  const endMs = Math.round(Number(end) * 1000);
  if (token === '<s>') return { kind: 'utterance-start', startMs };
  if (isFiller(token)) return { kind: 'filler', endMs };
  // "to(2)" is the dictionary's second pronunciation of "to".
  const text = token.replace(/\(\d+\)$/, '');
  return { kind: 'word', word: { startMs, endMs, text, confidence: Math.min(1, Math.max(0, Number(confidence))) } };
}

/** Groups the words into utterances: a new segment at each <s> and at each pause of SEGMENT_PAUSE_MS or more. */
export function segmentsFromLines(lines: readonly PocketsphinxLine[]): TranscribedSegment[] {
  const groups: RecognizedWord[][] = [];
  let current: RecognizedWord[] = [];
  const close = (): void => {
    if (current.length > 0) groups.push(current);
    current = [];
  };
  for (const line of lines) {
    if (line.kind === 'utterance-start') close();
    if (line.kind !== 'word') continue;
    const previous = current.at(-1);
    if (previous && line.word.startMs - previous.endMs >= SEGMENT_PAUSE_MS) close();
    current.push(line.word);
  }
  close();
  return groups.map((words) => {
    const cased = sentenceCase(words);
    return {
      startMs: cased[0]!.startMs,
      endMs: cased.at(-1)!.endMs,
      text: cased.map((word) => word.text).join(' '),
      words: cased,
    };
  });
}

/** The language model writes lower case: capitalise an utterance's first word and the pronoun "I". */
function sentenceCase(words: RecognizedWord[]): RecognizedWord[] {
  return words.map((word, index) => {
    const text = word.text === 'i' || word.text.startsWith("i'") ? `I${word.text.slice(1)}` : word.text;
    return { ...word, text: index === 0 ? text.charAt(0).toUpperCase() + text.slice(1) : text };
  });
}
