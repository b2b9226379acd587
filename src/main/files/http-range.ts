// Pure HTTP Range handling (RFC 9110 §14) for serving files and for resuming downloads.

export type RangeRequest =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/**
 * Reads a Range header against a file of `size` bytes. Malformed headers, other units and multi-range
 * requests are answered with the whole file, which RFC 9110 allows and every player handles.
 */
export function parseRangeHeader(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'whole' };
  const unit = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!unit || unit[1].includes(',')) return { kind: 'whole' };
  const spec = /^(\d*)\s*-\s*(\d*)\s*$/.exec(unit[1]);
  if (!spec || (spec[1] === '' && spec[2] === '')) return { kind: 'whole' };

  if (spec[1] === '') {
    const suffix = Number(spec[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(spec[1]);
  const last = spec[2] === '' ? Infinity : Number(spec[2]);
  if (last < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(last, size - 1) };
}

export function contentRange(start: number, end: number, size: number): string {
  return `bytes ${start}-${end}/${size}`;
}

export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}

/** Parses `bytes a-b/total` (total may be `*`) and `bytes *\/total` from a 206 or 416 response. */
export function parseContentRange(
  header: string | undefined,
): { start: number | null; end: number | null; total: number | null } | null {
  if (!header) return null;
  const satisfied = /^\s*bytes\s+(\d+)-(\d+)\/(\d+|\*)\s*$/i.exec(header);
  if (satisfied) {
    return {
      start: Number(satisfied[1]),
      end: Number(satisfied[2]),
      total: satisfied[3] === '*' ? null : Number(satisfied[3]),
    };
  }
  const unsatisfied = /^\s*bytes\s+\*\/(\d+)\s*$/i.exec(header);
  return unsatisfied ? { start: null, end: null, total: Number(unsatisfied[1]) } : null;
}
