import { describe, expect, it } from 'vitest';
import { createFileUrlSigner } from '../../src/main/files/signed-urls.js';

describe('signed file URLs', () => {
  const signer = createFileUrlSigner('a-server-secret-of-enough-length');

  it('builds an absolute URL on the base URL whose token verifies for that file only', () => {
    const url = new URL(signer.fileUrl('http://127.0.0.1:7860/', 'abc123'));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:7860/v1/files/abc123');
    const token = url.searchParams.get('token')!;
    expect(signer.verifyToken('abc123', token)).toBe(true);
    expect(signer.verifyToken('abc124', token)).toBe(false);
  });

  it('gives the same token every time for a file without expiry, so result URLs stay valid', () => {
    expect(signer.sign('f1')).toBe(signer.sign('f1'));
  });

  it('refuses tokens of another secret, altered tokens and empty tokens', () => {
    const other = createFileUrlSigner('another-secret-of-enough-length');
    expect(signer.verifyToken('f1', other.sign('f1'))).toBe(false);
    const token = signer.sign('f1');
    expect(signer.verifyToken('f1', `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(signer.verifyToken('f1', `${token}x`)).toBe(false);
    expect(signer.verifyToken('f1', '')).toBe(false);
    expect(signer.verifyToken('f1', undefined)).toBe(false);
  });

  it('honours an expiry and refuses a token whose expiry was changed', () => {
    const now = Date.UTC(2030, 0, 1);
    const token = signer.sign('f1', { expiresAt: now + 60_000 });
    expect(signer.verifyToken('f1', token, now)).toBe(true);
    expect(signer.verifyToken('f1', token, now + 61_000)).toBe(false);
    const [expiry, mac] = token.split('.');
    expect(signer.verifyToken('f1', `${Number(expiry) + 3600}.${mac}`, now)).toBe(false);
  });

  it('refuses an empty secret', () => {
    expect(() => createFileUrlSigner('')).toThrow(/secret/);
  });
});
