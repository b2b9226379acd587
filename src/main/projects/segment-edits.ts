// Split and merge of project lines: where the texts are cut, what each half keeps, how neighbours join. Pure.
import { DubDeskError } from '../../shared/errors.js';

export interface EditableSegment {
  startMs: number;
  endMs: number;
  sourceText: string;
  targetText: string;
  speaker?: string;
  voiceId?: string | null;
  /** Fractions of the frame (visual translate projects). */
  box?: { x: number; y: number; width: number; height: number };
  blockId?: number;
}

/** Shorter halves cannot hold a spoken word or a readable subtitle. */
export const MIN_SPLIT_PART_MS = 200;

/** Scripts written without spaces between words: cut between characters, join without a space. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3000-\u303f\uff00-\uffef]/u;
const PUNCTUATION = /^\p{P}$/u;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(3)} s`;

/** Cuts a line in two at `atMs`; both texts are cut at the word boundary nearest to the same fraction of the line. */
export function splitSegment(segment: EditableSegment, atMs: number): [EditableSegment, EditableSegment] {
  const { startMs, endMs } = segment;
  if (!Number.isFinite(atMs) || atMs - startMs < MIN_SPLIT_PART_MS || endMs - atMs < MIN_SPLIT_PART_MS) {
    throw new DubDeskError(
      'invalid_request',
      `Cannot split the line ${seconds(startMs)}-${seconds(endMs)} at ${Number.isFinite(atMs) ? seconds(atMs) : String(atMs)}: ` +
        `the split must leave at least ${seconds(MIN_SPLIT_PART_MS)} on each side.`,
    );
  }
  const fraction = (atMs - startMs) / (endMs - startMs);
  const [sourceFirst, sourceSecond] = splitText(segment.sourceText, fraction);
  const [targetFirst, targetSecond] = splitText(segment.targetText, fraction);
  return [
    { ...segment, endMs: atMs, sourceText: sourceFirst, targetText: targetFirst },
    { ...segment, startMs: atMs, sourceText: sourceSecond, targetText: targetSecond },
  ];
}

/** Joins neighbouring lines (given in time order) into one spanning them all. */
export function mergeSegments(segments: readonly EditableSegment[]): EditableSegment {
  const first = segments[0];
  if (!first) throw new DubDeskError('invalid_request', 'Merging needs at least one line.');
  const last = segments[segments.length - 1]!;
  const boxes = segments.flatMap((segment) => (segment.box ? [segment.box] : []));
  const merged: EditableSegment = {
    ...first,
    endMs: Math.max(last.endMs, first.startMs),
    sourceText: joinTexts(segments.map((segment) => segment.sourceText)),
    targetText: joinTexts(segments.map((segment) => segment.targetText)),
  };
  if (boxes.length > 0) merged.box = unionBox(boxes);
  return merged;
}

/** Two trimmed parts of `text`, cut at the allowed boundary nearest to `fraction` of its characters. */
export function splitText(text: string, fraction: number): [string, string] {
  const chars = Array.from(text.trim());
  const cuts = cutPositions(chars);
  if (cuts.length === 0) return [chars.join(''), ''];
  const target = fraction * chars.length;
  // A tie keeps the earlier cut.
  const best = cuts.reduce((nearest, cut) => (Math.abs(cut - target) < Math.abs(nearest - target) ? cut : nearest));
  return [chars.slice(0, best).join('').trim(), chars.slice(best).join('').trim()];
}

/** Indices a text may be cut before: word starts after a space, else (text with no spaces) between CJK characters. */
function cutPositions(chars: readonly string[]): number[] {
  const cuts: number[] = [];
  const spaced = chars.some((char) => /\s/u.test(char));
  for (let i = 1; i < chars.length; i++) {
    const previous = chars[i - 1]!;
    const char = chars[i]!;
    if (spaced) {
      if (/\s/u.test(previous) && !/\s/u.test(char)) cuts.push(i);
    } else if (UNSPACED_SCRIPT.test(previous) && UNSPACED_SCRIPT.test(char) && !PUNCTUATION.test(char)) {
      // Never start the second half with punctuation such as 。 or 、: it belongs to the words before it.
      cuts.push(i);
    }
  }
  return cuts;
}

/** Texts joined by a space, or with none where both sides are written without spaces (CJK). */
export function joinTexts(texts: readonly string[]): string {
  let joined = '';
  for (const raw of texts) {
    const text = raw.trim();
    if (text === '') continue;
    if (joined === '') joined = text;
    else {
      const before = Array.from(joined).at(-1)!;
      const after = Array.from(text)[0]!;
      joined += UNSPACED_SCRIPT.test(before) && UNSPACED_SCRIPT.test(after) ? text : ` ${text}`;
    }
  }
  return joined;
}

function unionBox(boxes: readonly NonNullable<EditableSegment['box']>[]): NonNullable<EditableSegment['box']> {
  const left = Math.min(...boxes.map((box) => box.x));
  const top = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
}
