// Pure: which of a project's lines the quality report of the task that made it asks to look at, and moving between them.
import type { ReviewItem, ReviewReason } from '../../api/client.js';

interface LineSpan {
  start: number;
  end: number;
}

/** A place concerns a line when it names the line's number, or when their times overlap (a point inside it counts). */
function concerns(item: ReviewItem, line: LineSpan, number: number): boolean {
  if (item.line === number) return true;
  if (item.end > item.start) return Math.min(item.end, line.end) > Math.max(item.start, line.start);
  return item.start >= line.start && item.start < line.end;
}

/** For each line (by index), the places to review that concern it; undefined where none does. */
export function reviewByLine(lines: readonly LineSpan[], review: readonly ReviewItem[]): (ReviewItem[] | undefined)[] {
  return lines.map((line, index) => {
    const found = review.filter((item) => concerns(item, line, index + 1));
    return found.length ? found : undefined;
  });
}

/** The reasons of a line's places, each once, in the order they came. */
export function reasonsOf(items: readonly ReviewItem[]): ReviewReason[] {
  return [...new Set(items.flatMap((item) => item.reasons))];
}

/** The indexes of the lines to review, in order. */
export function flaggedIndexes(flags: readonly (ReviewItem[] | undefined)[]): number[] {
  return flags.flatMap((items, index) => (items ? [index] : []));
}

/** The next line to review after `from` (-1: from the start); `wrap` goes on from the top after the last. */
export function nextFlagged(flagged: readonly number[], from: number, wrap = false): number | undefined {
  return flagged.find((index) => index > from) ?? (wrap ? flagged[0] : undefined);
}

/** The first line with a place of this reason (e.g. where proofreading starts: what the recogniser was unsure of). */
export function firstWithReason(
  flags: readonly (ReviewItem[] | undefined)[],
  reason: ReviewReason,
): number | undefined {
  const index = flags.findIndex((items) => items?.some((item) => item.reasons.includes(reason)));
  return index >= 0 ? index : undefined;
}
