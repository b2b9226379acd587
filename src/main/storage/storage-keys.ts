// Keys of shared storage: posix relative paths ("files/<id>/<name>") that mean the same thing as an S3 object key
// and as a path under a shared folder, so one rule set keeps both backends interchangeable and inside their root.
import { DubDeskError } from '../../shared/errors.js';
import { isAtomicTempName } from '../files/atomic-write.js';

// S3's limit on a key's UTF-8 length; a shared folder's name limits are per segment and lower anyway.
const MAX_KEY_BYTES = 1024;
// Control characters, the backslash (a separator on Windows) and the characters Windows forbids in names.
const FORBIDDEN_CHARACTERS = /[\u0000-\u001f\u007f\\<>:"|?*]/;

/** Why `key` is not a valid key, or null when it is. */
function keyProblem(key: string): string | null {
  if (key === '') return 'is empty';
  if (key.startsWith('/')) return 'is absolute (keys are relative, like "files/<id>/name.mp4")';
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) return `is longer than ${MAX_KEY_BYTES} bytes`;
  const bad = FORBIDDEN_CHARACTERS.exec(key);
  if (bad) return bad[0] === '\\' ? 'has a backslash (keys use "/")' : `has the character ${JSON.stringify(bad[0])}`;
  for (const segment of key.split('/')) {
    if (segment === '') return 'has an empty segment ("//" or a "/" at the end)';
    if (segment === '.' || segment === '..') return `has a "${segment}" segment`;
    // A shared folder lists no temp file of an unfinished write, so no key may be named like one.
    if (isAtomicTempName(segment)) return 'is named like the temp file of an unfinished write';
  }
  return null;
}

/** Throws a clear invalid_request unless `key` is a posix relative key with no empty, "." or ".." segment. */
export function assertKey(key: string, what = 'key'): void {
  const problem = keyProblem(key);
  if (problem)
    throw new DubDeskError('invalid_request', `The shared storage ${what} ${JSON.stringify(key)} ${problem}.`);
}

/** True for a valid key (listings skip what is not one, such as an S3 console's "folder/" marker). */
export function isValidKey(key: string): boolean {
  return keyProblem(key) === null;
}

/** A folder prefix without its trailing "/": '' (the whole storage) or a valid key. */
export function normalizePrefix(prefix: string): string {
  const trimmed = prefix.endsWith('/') ? prefix.slice(0, -1) : prefix;
  if (trimmed !== '') assertKey(trimmed, 'prefix');
  return trimmed;
}

/** `prefix/rest`, or `rest` under the empty prefix. */
export function joinKey(prefix: string, rest: string): string {
  return prefix === '' ? rest : `${prefix}/${rest}`;
}

/** Byte order of the keys' UTF-8, the order S3 lists in; both backends sort their listings with it. */
export function compareKeys(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** Checks a byte range before any I/O: whole numbers, start ≤ end. */
export function assertRange(range: { start: number; end: number }): void {
  const { start, end } = range;
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw new DubDeskError(
      'invalid_request',
      `The byte range ${start}-${end} is not a range (whole numbers, start ≤ end).`,
    );
  }
}
