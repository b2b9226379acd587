// Pure: the timeline's geometry — seconds and pixels of the visible range, which bar a pointer is on, and the
// times a drag gives a segment (snapped, never shorter than the minimum, never over its neighbours).

export interface TimeRange {
  /** Seconds at the left edge. */
  start: number;
  /** Seconds across the whole width. */
  span: number;
  /** Pixels across. */
  width: number;
}

export interface Span {
  start: number;
  end: number;
}

export type DragMode = 'move' | 'start' | 'end';

/** Within this many pixels of a bar's edge a drag resizes instead of moving. */
export const EDGE_PX = 6;
/** The service refuses lines shorter than this (project-service MIN_SEGMENT_MS). */
export const MIN_SEGMENT_SECONDS = 0.2;
/** Edges within this many pixels of another edge or the playhead stick to it. */
export const SNAP_PX = 6;

export function secondsToX(range: TimeRange, seconds: number): number {
  return ((seconds - range.start) / range.span) * range.width;
}

export function xToSeconds(range: TimeRange, x: number): number {
  return range.start + (x / range.width) * range.span;
}

/** The visible range moved to keep `start` inside 0..duration-span. */
export function clampRange(range: TimeRange, duration: number): TimeRange {
  const span = Math.min(Math.max(range.span, 0.5), Math.max(duration, 0.5));
  const start = Math.min(Math.max(0, range.start), Math.max(0, duration - span));
  return { ...range, start, span };
}

/** A range that shows `seconds`, paging forward or back a whole span when it left the view (a playhead that plays on). */
export function rangeShowing(range: TimeRange, seconds: number, duration: number): TimeRange {
  if (seconds >= range.start && seconds <= range.start + range.span) return range;
  const pageStart = seconds - range.span * 0.1;
  return clampRange({ ...range, start: pageStart }, duration);
}

/** Index of the first segment ending after `seconds` (segments sorted by start, not overlapping much). */
export function firstEndingAfter(segments: readonly Span[], seconds: number): number {
  let low = 0;
  let high = segments.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (segments[mid]!.end <= seconds) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** [first, last) of the segments that touch the visible range, so only those are drawn. */
export function visibleSegmentRange(segments: readonly Span[], range: TimeRange): [number, number] {
  // Ends of sorted-by-start segments are not sorted when lines overlap (visual text); step back over any that still reach in.
  let first = firstEndingAfter(segments, range.start);
  while (first > 0 && segments[first - 1]!.end > range.start) first--;
  let last = first;
  const right = range.start + range.span;
  while (last < segments.length && segments[last]!.start < right) last++;
  return [first, last];
}

/** The bar under `x` and what a drag there does: its edges resize, its body moves; the later bar wins where they touch. */
export function hitTest(
  segments: readonly Span[],
  range: TimeRange,
  x: number,
): { index: number; mode: DragMode } | undefined {
  const [first, last] = visibleSegmentRange(segments, range);
  for (let i = last - 1; i >= first; i--) {
    const segment = segments[i]!;
    const left = secondsToX(range, segment.start);
    const right = secondsToX(range, segment.end);
    if (x < left - EDGE_PX / 2 || x > right + EDGE_PX / 2) continue;
    // A bar too narrow for two edges and a body is moved (its edges can be reached after zooming in).
    if (right - left < EDGE_PX * 3) return { index: i, mode: 'move' };
    if (x <= left + EDGE_PX) return { index: i, mode: 'start' };
    if (x >= right - EDGE_PX) return { index: i, mode: 'end' };
    return { index: i, mode: 'move' };
  }
  return undefined;
}

/** The nearest target within `tolerance` of `seconds`, if any. */
export function nearestTarget(seconds: number, targets: readonly number[] = [], tolerance: number): number | undefined {
  let best: number | undefined;
  for (const target of targets) {
    const distance = Math.abs(target - seconds);
    if (distance <= tolerance && (best === undefined || distance < Math.abs(best - seconds))) best = target;
  }
  return best;
}

/** `seconds` moved onto the nearest target within `tolerance`, else onto the grid. */
export function snapSeconds(
  seconds: number,
  options: { grid: number; targets?: readonly number[]; tolerance: number },
): number {
  const target = nearestTarget(seconds, options.targets, options.tolerance);
  if (target !== undefined) return target;
  return options.grid > 0 ? Math.round(seconds / options.grid) * options.grid : seconds;
}

/** A grid step of about `pixels` on screen, from a short list of round numbers of seconds. */
export function gridStep(range: TimeRange, pixels = 8): number {
  const wanted = (range.span / range.width) * pixels;
  return [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60].find((step) => step >= wanted) ?? 60;
}

export interface DragInput {
  mode: DragMode;
  /** The segment's times when the drag began. */
  from: Span;
  /** Seconds the pointer moved. */
  delta: number;
  /** Where the neighbours are; lines of a dub are spoken in turn, so a bar stops at them (undefined: no limit). */
  previousEnd?: number;
  nextStart?: number;
  duration: number;
  grid: number;
  /** Seconds an edge is drawn to another edge or the playhead. */
  tolerance: number;
  /** Edges to snap to (neighbours' edges, the playhead). */
  targets?: readonly number[];
  minLength?: number;
}

const round3 = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** The times a drag gives: moved whole or by one edge, snapped, clamped between the neighbours and inside the media. */
export function dragTimes(input: DragInput): Span {
  const { from, delta, mode, duration } = input;
  const minLength = input.minLength ?? MIN_SEGMENT_SECONDS;
  const floor = Math.max(0, input.previousEnd ?? 0);
  const ceiling = Math.min(duration, input.nextStart ?? duration);
  const snap = (seconds: number) =>
    snapSeconds(seconds, { grid: input.grid, targets: input.targets, tolerance: input.tolerance });
  if (mode === 'move') {
    const length = from.end - from.start;
    // An edge near a target sticks to it (the nearer edge wins) and the other follows; else the start keeps to the grid.
    const startTarget = nearestTarget(from.start + delta, input.targets, input.tolerance);
    const endTarget = nearestTarget(from.end + delta, input.targets, input.tolerance);
    let start = snap(from.start + delta);
    if (
      endTarget !== undefined &&
      (startTarget === undefined ||
        Math.abs(endTarget - (from.end + delta)) < Math.abs(startTarget - (from.start + delta)))
    )
      start = endTarget - length;
    start = Math.min(Math.max(start, floor), ceiling - length);
    if (ceiling - floor < length) start = floor;
    return { start: round3(start), end: round3(start + length) };
  }
  if (mode === 'start') {
    const start = Math.min(Math.max(snap(from.start + delta), floor), from.end - minLength);
    return { start: round3(Math.max(start, 0)), end: from.end };
  }
  const end = Math.max(Math.min(snap(from.end + delta), ceiling), from.start + minLength);
  return { start: from.start, end: round3(Math.min(end, duration)) };
}
