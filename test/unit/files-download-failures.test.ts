import { describe, expect, it } from 'vitest';
import { displayUrl, httpStatusFailure, networkFailure } from '../../src/main/files/download-failures.js';

const errno = (code: string, message = code): NodeJS.ErrnoException => Object.assign(new Error(message), { code });

describe('download failures in words', () => {
  it('shows URLs without credentials or query strings', () => {
    expect(displayUrl('https://user:pass@cdn.example/a/b.mp4?X-Amz-Signature=abc')).toBe('https://cdn.example/a/b.mp4');
  });

  it('makes client errors final but lets 408, 429 and server errors be retried', () => {
    expect(httpStatusFailure(404, 'https://cdn.example/a.mp4')).toMatchObject({
      code: 'download_failed',
      retryable: false,
    });
    expect(httpStatusFailure(403, 'https://cdn.example/a.mp4').message).toContain('not public');
    expect(httpStatusFailure(408, 'https://cdn.example/a.mp4').retryable).toBe(true);
    expect(httpStatusFailure(429, 'https://cdn.example/a.mp4').retryable).toBe(true);
    expect(httpStatusFailure(502, 'https://cdn.example/a.mp4')).toMatchObject({
      retryable: true,
      message: expect.stringContaining('HTTP 502 Bad Gateway'),
    });
  });

  it('names an unresolvable host and keeps the failure retryable', () => {
    const failure = networkFailure(
      'https://cdn.example/a.mp4',
      errno('ENOTFOUND', 'getaddrinfo ENOTFOUND cdn.example'),
    );
    expect(failure).toMatchObject({ code: 'download_failed', retryable: true });
    expect(failure.message).toContain('the host name cdn.example could not be resolved');
  });

  it('makes a rejected TLS certificate final', () => {
    const failure = networkFailure('https://self.example/a.mp4', errno('DEPTH_ZERO_SELF_SIGNED_CERT'));
    expect(failure).toMatchObject({ code: 'download_failed', retryable: false });
    expect(failure.message).toContain('TLS certificate of self.example');
  });
});
