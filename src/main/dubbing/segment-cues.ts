// Pure: recognized speech as subtitle cues. ASR segments are split where they run too long and joined where one
// sentence spans several, using word times and punctuation: cues break at sentence ends first, then at pauses, then
// at commas; a cue never holds two speakers.
import { findLanguage, languagePart } from '../../shared/languages.js';
import type { RecognizedWord } from '../engines/asr/types.js';

export interface CueLimits {
  /** Characters per subtitle line (code points; spaces count in spaced scripts). */
  maxLineChars: number;
  maxLines: number;
  maxDurationMs: number;
  /** Shorter cues are joined with a neighbour, or held longer when there is silence after them. */
  minDurationMs: number;
}

/** The usual broadcast limits: two lines of 42 characters, on screen between 1 and 7 seconds. */
export const CUE_LIMITS: CueLimits = { maxLineChars: 42, maxLines: 2, maxDurationMs: 7000, minDurationMs: 1000 };
/** Chinese and Japanese characters are twice as wide: 16 fill a line (Netflix's limit). */
export const WIDE_LINE_CHARS = 16;
const WIDE_SCRIPT_LANGUAGES = new Set(['zh', 'yue', 'ja']);

/** A breath between words: a place to break a long sentence. */
export const PAUSE_MS = 300;
/** Silence this long always ends a cue: a dubbed line must not be spread over it. */
export const HARD_PAUSE_MS = 1500;
/** Cues this close may be joined when one is too short. */
const JOIN_GAP_MS = 1000;

export interface SpeakerSegment {
  startMs: number;
  endMs: number;
  text: string;
  speaker: string;
  words?: RecognizedWord[];
}

export interface SegmentedCue {
  startMs: number;
  endMs: number;
  text: string;
  speaker: string;
}

export interface SegmentOptions {
  /** The speech's language: scripts without spaces are measured and joined per character. */
  language: string;
  limits?: Partial<CueLimits>;
  /** No cue is held past this (the media's end). */
  endLimitMs?: number;
}

interface Token {
  text: string;
  startMs: number;
  endMs: number;
  speaker: string;
}

const SENTENCE_END = /[.!?…。！？‼⁇][)"'”’」』）\]]*$/u;
const CLAUSE_END = /[,;:，、；：—–][)"'”’」』）\]]*$/u;
const ONLY_PUNCTUATION = /^[\p{P}\p{S}]+$/u;
/** Abbreviations whose full stop ends no sentence. */
const ABBREVIATION = /^(mr|mrs|ms|dr|prof|st|vs|etc|e\.g|i\.e|no|jr|sr)\.$/i;

function endsSentence(text: string): boolean {
  return SENTENCE_END.test(text) && !ABBREVIATION.test(text);
}

function length(text: string): number {
  return Array.from(text).length;
}

/** A segment's words as tokens; without word times its text is spread evenly over the segment by characters. */
function tokensOf(segment: SpeakerSegment, noSpaces: boolean): Token[] {
  const words = segment.words?.length
    ? segment.words.map((word) => ({ text: word.text.trim(), startMs: word.startMs, endMs: word.endMs }))
    : spreadText(segment, noSpaces);
  const tokens: Token[] = [];
  for (const word of words) {
    if (!word.text) continue;
    const previous = tokens.at(-1);
    // A comma or full stop the engine gives as a word of its own belongs to the word before it.
    if (previous && ONLY_PUNCTUATION.test(word.text)) {
      previous.text += word.text;
      previous.endMs = Math.max(previous.endMs, word.endMs);
      continue;
    }
    tokens.push({ ...word, speaker: segment.speaker });
  }
  return tokens;
}

function spreadText(segment: SpeakerSegment, noSpaces: boolean): { text: string; startMs: number; endMs: number }[] {
  const pieces = noSpaces ? Array.from(segment.text.replace(/\s+/gu, '')) : segment.text.split(/\s+/u).filter(Boolean);
  const total = pieces.reduce((sum, piece) => sum + length(piece), 0);
  const span = Math.max(0, segment.endMs - segment.startMs);
  let done = 0;
  return pieces.map((piece) => {
    const startMs = segment.startMs + Math.round((span * done) / total);
    done += length(piece);
    return { text: piece, startMs, endMs: segment.startMs + Math.round((span * done) / total) };
  });
}

function joinText(tokens: readonly Token[], noSpaces: boolean): string {
  return tokens.map((token) => token.text).join(noSpaces ? '' : ' ');
}

/** Whether the text wraps into the allowed lines (greedy wrapping at spaces, per character without spaces). */
export function fitsLines(
  text: string,
  limits: Pick<CueLimits, 'maxLineChars' | 'maxLines'>,
  noSpaces: boolean,
): boolean {
  if (noSpaces) return Math.ceil(length(text.replace(/\s+/gu, '')) / limits.maxLineChars) <= limits.maxLines;
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/u).filter(Boolean)) {
    const needed = used === 0 ? length(word) : used + 1 + length(word);
    if (needed <= limits.maxLineChars) {
      used = needed;
      continue;
    }
    lines++;
    used = length(word);
    if (lines > limits.maxLines) return false;
  }
  return lines <= limits.maxLines;
}

interface Context {
  limits: CueLimits;
  noSpaces: boolean;
}

function fits(tokens: readonly Token[], { limits, noSpaces }: Context): boolean {
  const duration = tokens.at(-1)!.endMs - tokens[0]!.startMs;
  return duration <= limits.maxDurationMs && fitsLines(joinText(tokens, noSpaces), limits, noSpaces);
}

/** How good a break before tokens[at] is: a sentence end, then a pause (longer is better), then a comma, then any word. */
function breakQuality(tokens: readonly Token[], at: number): number {
  const before = tokens[at - 1]!;
  const gap = tokens[at]!.startMs - before.endMs;
  if (endsSentence(before.text)) return 300;
  if (gap >= PAUSE_MS) return 200 + Math.min(gap, 800) / 10;
  if (CLAUSE_END.test(before.text)) return 100;
  return 0;
}

/** Splits a piece in two at its best break until every piece fits; parts shorter than the minimum are avoided. */
function splitToFit(tokens: Token[], context: Context): Token[][] {
  if (fits(tokens, context)) return [tokens];
  // A "word" too long for a cue in a script without spaces (Whisper's tokens there carry none) is cut by characters.
  if (tokens.length === 1 && context.noSpaces && length(tokens[0]!.text) > 1) {
    const [word] = tokens as [Token];
    return splitToFit(
      spreadText(word, true).map((piece) => ({ ...piece, speaker: word.speaker })),
      context,
    );
  }
  if (tokens.length < 2) return [tokens];
  const start = tokens[0]!.startMs;
  const end = tokens.at(-1)!.endMs;
  const total = Math.max(1, end - start);
  let best = { at: 1, score: -Infinity };
  for (let at = 1; at < tokens.length; at++) {
    const left = tokens[at - 1]!.endMs - start;
    const right = end - tokens[at]!.startMs;
    const tooShort = Math.min(left, right) < context.limits.minDurationMs ? 1000 : 0;
    // Near the middle is better among breaks of one kind, so the two halves read alike.
    const balance = 50 * (1 - Math.abs(left - right) / total);
    const score = breakQuality(tokens, at) + balance - tooShort;
    if (score > best.score) best = { at, score };
  }
  return [...splitToFit(tokens.slice(0, best.at), context), ...splitToFit(tokens.slice(best.at), context)];
}

/** Stretches of one speaker without a long silence: no cue ever spans two of them. */
function runsOf(tokens: readonly Token[]): Token[][] {
  const runs: Token[][] = [];
  for (const token of tokens) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.speaker === token.speaker && token.startMs - last.endMs < HARD_PAUSE_MS) run.push(token);
    else runs.push([token]);
  }
  return runs;
}

/** A run's sentences: a piece ends after each token that ends a sentence. */
function sentencesOf(run: readonly Token[]): Token[][] {
  const sentences: Token[][] = [[]];
  for (const token of run) {
    sentences.at(-1)!.push(token);
    if (endsSentence(token.text)) sentences.push([]);
  }
  return sentences.filter((sentence) => sentence.length > 0);
}

/** Joins each too-short piece to the neighbour it fits with (within its run), the closer one first. */
function joinShort(pieces: Token[][], context: Context): Token[][] {
  const result = [...pieces];
  const duration = (piece: Token[]) => piece.at(-1)!.endMs - piece[0]!.startMs;
  for (let i = 0; i < result.length; i++) {
    const piece = result[i]!;
    if (duration(piece) >= context.limits.minDurationMs) continue;
    const gapTo = (other: Token[] | undefined, after: boolean) => {
      if (!other) return Infinity;
      return after ? other[0]!.startMs - piece.at(-1)!.endMs : piece[0]!.startMs - other.at(-1)!.endMs;
    };
    const options = [
      { index: i - 1, gap: gapTo(result[i - 1], false), joined: result[i - 1] ? [...result[i - 1]!, ...piece] : [] },
      { index: i + 1, gap: gapTo(result[i + 1], true), joined: result[i + 1] ? [...piece, ...result[i + 1]!] : [] },
    ]
      .filter((option) => option.gap <= JOIN_GAP_MS && fits(option.joined, context))
      .sort((a, b) => a.gap - b.gap);
    const choice = options[0];
    if (!choice) continue;
    const from = Math.min(i, choice.index);
    result.splice(from, 2, choice.joined);
    // The joined piece may still be short: look at it again.
    i = from - 1;
  }
  return result;
}

/**
 * Subtitle cues from recognized segments (each with its speaker), in time order. Segments of one speaker are read
 * as one stream of words, so a sentence split over several segments becomes one cue, and a long segment is cut at
 * sentence ends, then pauses, then commas into cues within the limits. A cue shorter than the minimum is joined to
 * a neighbour of the same speaker, or held on screen into the silence after it.
 */
export function segmentCues(segments: readonly SpeakerSegment[], options: SegmentOptions): SegmentedCue[] {
  const language = languagePart(options.language);
  const noSpaces = findLanguage(language)?.noSpaces ?? false;
  const limits: CueLimits = {
    ...CUE_LIMITS,
    ...(WIDE_SCRIPT_LANGUAGES.has(language) ? { maxLineChars: WIDE_LINE_CHARS } : {}),
    ...options.limits,
  };
  const context: Context = { limits, noSpaces };
  const tokens = [...segments].sort((a, b) => a.startMs - b.startMs).flatMap((segment) => tokensOf(segment, noSpaces));
  const pieces = runsOf(tokens).flatMap((run) =>
    joinShort(
      sentencesOf(run).flatMap((sentence) => splitToFit(sentence, context)),
      context,
    ),
  );
  const cues = pieces.map((piece) => ({
    startMs: piece[0]!.startMs,
    endMs: piece.at(-1)!.endMs,
    text: joinText(piece, noSpaces),
    speaker: piece[0]!.speaker,
  }));
  // A cue still too short stays up into the silence after it, never over the next cue or past the media's end.
  return cues.map((cue, i) => {
    if (cue.endMs - cue.startMs >= limits.minDurationMs) return cue;
    const limit = Math.min(cues[i + 1]?.startMs ?? Infinity, options.endLimitMs ?? Infinity);
    return { ...cue, endMs: Math.max(cue.endMs, Math.min(cue.startMs + limits.minDurationMs, limit)) };
  });
}
