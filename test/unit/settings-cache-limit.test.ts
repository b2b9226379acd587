// The Settings page's local cache limit in GB: what a typed value is sent as, and what is refused before it is sent.
import { describe, expect, it } from 'vitest';
import {
  cacheLimitBytes,
  gigabytesText,
  MAX_CACHE_LIMIT_GB,
} from '../../src/renderer/src/features/settings/cache-limit.js';

describe('the local cache limit field', () => {
  it("sends decimal gigabytes as whole bytes, 0 and the API's largest included", () => {
    expect(cacheLimitBytes('20')).toEqual({ bytes: 20_000_000_000 });
    expect(cacheLimitBytes(' 2.5 ')).toEqual({ bytes: 2_500_000_000 });
    expect(cacheLimitBytes('0')).toEqual({ bytes: 0 });
    expect(cacheLimitBytes('0.00015')).toEqual({ bytes: 150_000 });
    expect(cacheLimitBytes('0.000000001')).toEqual({ bytes: 1 });
    expect(MAX_CACHE_LIMIT_GB).toBe('9007199.254740991');
    expect(cacheLimitBytes(MAX_CACHE_LIMIT_GB)).toEqual({ bytes: Number.MAX_SAFE_INTEGER });
  });

  it('refuses what is not a size from 0 up, saying what to type', () => {
    for (const typed of ['twenty', '-1', '1e3', '2,5', '.5', 'Infinity'])
      expect(cacheLimitBytes(typed), typed).toEqual({
        error: 'Enter a size in GB as a number from 0 up, e.g. 20 or 2.5.',
      });
    expect(cacheLimitBytes('  ')).toEqual({ error: 'Enter a size in GB (0 keeps only what is in use).' });
    expect(cacheLimitBytes('9007199.254740992')).toEqual({ error: 'Enter at most 9007199.254740991 GB.' });
    expect(cacheLimitBytes('99999999999999999999')).toEqual({ error: 'Enter at most 9007199.254740991 GB.' });
    expect(cacheLimitBytes('0.0000000001')).toEqual({
      error: 'Enter at most 9 decimals: the limit is a whole number of bytes.',
    });
  });

  it('shows a stored cap in GB exactly, so saving it unchanged keeps the same bytes', () => {
    expect(gigabytesText(20_000_000_000)).toBe('20');
    expect(gigabytesText(2_500_000_000)).toBe('2.5');
    expect(gigabytesText(0)).toBe('0');
    for (const bytes of [150_000, 1_234_567_891, 20_000_000_001, Number.MAX_SAFE_INTEGER])
      expect(cacheLimitBytes(gigabytesText(bytes)), String(bytes)).toEqual({ bytes });
  });
});
