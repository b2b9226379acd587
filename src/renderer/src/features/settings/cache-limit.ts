// local_cache_limit_bytes as the Settings page shows it: decimal gigabytes (20 GB is 20000000000 bytes, as docs/api.md
// writes it), converted by digits, not by floating point, so any stored cap shows and saves back to the same bytes.

const DIGITS_PER_GB = 9;
const BYTES_PER_GB = 10 ** DIGITS_PER_GB;

/** The cap in GB as the field shows it: exact, without trailing zeros (150000 bytes is 0.00015). */
export function gigabytesText(bytes: number): string {
  const whole = Math.floor(bytes / BYTES_PER_GB);
  const fraction = String(bytes % BYTES_PER_GB)
    .padStart(DIGITS_PER_GB, '0')
    .replace(/0+$/u, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** The API takes up to 2^53 - 1 bytes. */
export const MAX_CACHE_LIMIT_GB = gigabytesText(Number.MAX_SAFE_INTEGER);

/** The field's text as whole bytes, or what is wrong with it in the user's words. */
export function cacheLimitBytes(text: string): { bytes: number } | { error: string } {
  // Number() would take '', '1e3' and 'Infinity'; the field takes plain decimals only.
  const match = /^(\d+)(?:\.(\d+))?$/u.exec(text.trim());
  if (!text.trim()) return { error: 'Enter a size in GB (0 keeps only what is in use).' };
  if (!match) return { error: 'Enter a size in GB as a number from 0 up, e.g. 20 or 2.5.' };
  const fraction = match[2] ?? '';
  if (fraction.length > DIGITS_PER_GB)
    return { error: 'Enter at most 9 decimals: the limit is a whole number of bytes.' };
  const bytes = Number(match[1]) * BYTES_PER_GB + Number(fraction.padEnd(DIGITS_PER_GB, '0'));
  if (bytes > Number.MAX_SAFE_INTEGER) return { error: `Enter at most ${MAX_CACHE_LIMIT_GB} GB.` };
  return { bytes };
}
