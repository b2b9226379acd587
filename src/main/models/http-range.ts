// Pure helpers for resumable downloads: the Range request and how to read the server's answer.

export interface ContentRange {
  start: number;
  end: number;
  /** undefined when the server sends `*` for the full length. */
  total?: number;
}

export function rangeHeader(offset: number): Record<string, string> {
  return offset > 0 ? { range: `bytes=${offset}-` } : {};
}

// Parses "bytes 100-199/1000" (a 206 answer) or "bytes */1000" (a 416 answer; start and end are then -1).
export function parseContentRange(value: string | null | undefined): ContentRange | undefined {
  if (!value) return undefined;
  const unsatisfied = /^bytes \*\/(\d+)$/i.exec(value.trim());
  if (unsatisfied) return { start: -1, end: -1, total: Number(unsatisfied[1]) };
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/i.exec(value.trim());
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), total: match[3] === '*' ? undefined : Number(match[3]) };
}

export type ResumePlan =
  /** Append the body to the partial file. */
  | { kind: 'append'; offset: number; totalBytes?: number }
  /** The server sent the whole file: overwrite the partial file. */
  | { kind: 'restart'; totalBytes?: number }
  /** The partial file already holds the whole file. */
  | { kind: 'complete'; totalBytes: number }
  /** The answer does not fit the partial file: delete it and ask again without Range. */
  | { kind: 'retry_fresh' }
  | { kind: 'http_error'; status: number };

/** Decides what to do with a response to a (possibly ranged) GET, given the bytes already on disk. */
export function planResume(offset: number, status: number, headers: { contentRange?: string | null; contentLength?: string | null }): ResumePlan {
  const length = headers.contentLength != null && headers.contentLength !== '' ? Number(headers.contentLength) : undefined;
  const range = parseContentRange(headers.contentRange);
  if (status === 416 && offset > 0) {
    return range?.total === offset ? { kind: 'complete', totalBytes: offset } : { kind: 'retry_fresh' };
  }
  if (status === 206) {
    if (offset > 0 && range && range.start === offset) return { kind: 'append', offset, totalBytes: range.total };
    return { kind: 'retry_fresh' };
  }
  if (status >= 200 && status < 300) return { kind: 'restart', totalBytes: Number.isFinite(length) ? length : undefined };
  return { kind: 'http_error', status };
}
