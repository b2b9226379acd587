import { describe, expect, it } from 'vitest';
import { parseContentRange, planResume, rangeHeader } from '../../src/main/models/http-range.js';

describe('rangeHeader', () => {
  it('asks for the rest of the file only when bytes are already on disk', () => {
    expect(rangeHeader(0)).toEqual({});
    expect(rangeHeader(1234)).toEqual({ range: 'bytes=1234-' });
  });
});

describe('parseContentRange', () => {
  it('reads a 206 range, an unknown total and a 416 total', () => {
    expect(parseContentRange('bytes 100-199/1000')).toEqual({ start: 100, end: 199, total: 1000 });
    expect(parseContentRange('bytes 100-199/*')).toEqual({ start: 100, end: 199, total: undefined });
    expect(parseContentRange('bytes */1000')).toEqual({ start: -1, end: -1, total: 1000 });
    expect(parseContentRange('items 1-2/3')).toBeUndefined();
    expect(parseContentRange(null)).toBeUndefined();
  });
});

describe('planResume', () => {
  it('appends when the server continues exactly where the partial file ends', () => {
    expect(planResume(100, 206, { contentRange: 'bytes 100-999/1000', contentLength: '900' })).toEqual({ kind: 'append', offset: 100, totalBytes: 1000 });
  });

  it('restarts cleanly when the server ignores Range and sends the whole file', () => {
    expect(planResume(100, 200, { contentLength: '1000' })).toEqual({ kind: 'restart', totalBytes: 1000 });
    expect(planResume(0, 200, {})).toEqual({ kind: 'restart', totalBytes: undefined });
  });

  it('treats 416 with the partial size as total as already complete, otherwise starts fresh', () => {
    expect(planResume(1000, 416, { contentRange: 'bytes */1000' })).toEqual({ kind: 'complete', totalBytes: 1000 });
    expect(planResume(1200, 416, { contentRange: 'bytes */1000' })).toEqual({ kind: 'retry_fresh' });
  });

  it('starts fresh when a 206 begins somewhere else', () => {
    expect(planResume(100, 206, { contentRange: 'bytes 0-999/1000' })).toEqual({ kind: 'retry_fresh' });
  });

  it('reports other statuses as HTTP errors', () => {
    expect(planResume(0, 404, {})).toEqual({ kind: 'http_error', status: 404 });
    expect(planResume(50, 503, {})).toEqual({ kind: 'http_error', status: 503 });
  });
});
