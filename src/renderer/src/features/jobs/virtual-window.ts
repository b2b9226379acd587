// Pure: which rows of a long list are on screen, so only those are rendered.

export interface RowWindow {
  /** First rendered row (inclusive). */
  start: number;
  /** One past the last rendered row. */
  end: number;
  /** Pixels above the first rendered row. */
  offset: number;
  /** Height of the whole list. */
  total: number;
}

export function visibleRows(options: {
  scrollTop: number;
  viewportHeight: number;
  rowHeight: number;
  count: number;
  overscan?: number;
}): RowWindow {
  const { scrollTop, viewportHeight, rowHeight, count, overscan = 4 } = options;
  const total = count * rowHeight;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0, offset: 0, total };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, total - viewportHeight));
  const start = Math.max(0, Math.floor(top / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((top + Math.max(viewportHeight, rowHeight)) / rowHeight) + overscan);
  return { start, end, offset: start * rowHeight, total };
}

/** The scrollTop that brings row `index` fully into view, or undefined when it already is. */
export function scrollToReveal(
  index: number,
  options: { scrollTop: number; viewportHeight: number; rowHeight: number },
): number | undefined {
  const top = index * options.rowHeight;
  const bottom = top + options.rowHeight;
  if (top < options.scrollTop) return top;
  if (bottom > options.scrollTop + options.viewportHeight) return bottom - options.viewportHeight;
  return undefined;
}
