import { describe, expect, it } from 'vitest';
import {
  contentRange,
  parseContentRange,
  parseRangeHeader,
  unsatisfiedContentRange,
} from '../../src/main/files/http-range.js';

describe('parseRangeHeader', () => {
  const size = 1000;

  it('serves the whole file without a Range header', () => {
    expect(parseRangeHeader(undefined, size)).toEqual({ kind: 'whole' });
  });

  it('reads a closed range, clamping its end to the last byte', () => {
    expect(parseRangeHeader('bytes=0-499', size)).toEqual({ kind: 'partial', start: 0, end: 499 });
    expect(parseRangeHeader('bytes=900-5000', size)).toEqual({ kind: 'partial', start: 900, end: 999 });
  });

  it('reads an open range and a suffix range', () => {
    expect(parseRangeHeader('bytes=990-', size)).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(parseRangeHeader('bytes=-10', size)).toEqual({ kind: 'partial', start: 990, end: 999 });
    expect(parseRangeHeader('bytes=-5000', size)).toEqual({ kind: 'partial', start: 0, end: 999 });
  });

  it('calls a start at or past the end, a zero suffix and any range of an empty file unsatisfiable', () => {
    expect(parseRangeHeader('bytes=1000-', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=-0', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('ignores malformed headers, other units and multiple ranges (whole file, as RFC 9110 allows)', () => {
    for (const header of ['bytes=500-100', 'bytes=-', 'items=0-1', 'bytes=a-b', 'bytes=0-1,5-6']) {
      expect(parseRangeHeader(header, size)).toEqual({ kind: 'whole' });
    }
  });
});

describe('Content-Range', () => {
  it('writes satisfied and unsatisfied forms', () => {
    expect(contentRange(0, 9, 100)).toBe('bytes 0-9/100');
    expect(unsatisfiedContentRange(100)).toBe('bytes */100');
  });

  it('reads a 206 range with a known or unknown total and a 416 total', () => {
    expect(parseContentRange('bytes 100-199/1000')).toEqual({ start: 100, end: 199, total: 1000 });
    expect(parseContentRange('bytes 100-199/*')).toEqual({ start: 100, end: 199, total: null });
    expect(parseContentRange('bytes */1000')).toEqual({ start: null, end: null, total: 1000 });
    expect(parseContentRange('nonsense')).toBeNull();
    expect(parseContentRange(undefined)).toBeNull();
  });
});
