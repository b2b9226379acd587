// Engines give each call a folder in the system temp folder (`os.tmpdir()/dubdesk-<engine>-XXXXXX`) and remove it when
// the call ends; a process killed mid-call leaves it behind. At start they are swept, but only old ones: another
// DubDesk process on this machine may be in the middle of a call, and its folder is young or still being written.
import { lstat, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The `mkdtemp` prefixes of the engines' per-call folders (a test checks this list against src). */
export const ENGINE_TEMP_PREFIXES = [
  'dubdesk-pocketsphinx-',
  'dubdesk-apertium-',
  'dubdesk-diarize-',
  'dubdesk-tessdata-',
] as const;

/**
 * A folder untouched this long is a killed call's. A live call that old (a long decode, an OCR worker kept for reuse)
 * has already read its files or holds them open: removing them then does not disturb it (Windows refuses, see below).
 */
export const STALE_TEMP_AGE_MS = 60 * 60 * 1000;

// Exactly what mkdtemp makes of a prefix (6 random characters), so a folder someone named alike is never taken.
const ENGINE_TEMP_NAME = new RegExp(`^(${ENGINE_TEMP_PREFIXES.join('|')})[A-Za-z0-9]{6}$`);

export interface TempSweepOptions {
  /** Defaults to os.tmpdir(). */
  dir?: string;
  now?: number;
  olderThanMs?: number;
}

/** The newest change time of the folder and of what it directly holds: a call still writing keeps it young. */
async function lastTouchedMs(folder: string): Promise<number> {
  let newest = (await lstat(folder)).mtimeMs;
  for (const name of await readdir(folder)) {
    newest = Math.max(newest, (await lstat(path.join(folder, name)).catch(() => ({ mtimeMs: 0 }))).mtimeMs);
  }
  return newest;
}

/** Removes this user's engine temp folders untouched for `olderThanMs`; returns the paths removed. */
export async function sweepStaleTempFolders(options: TempSweepOptions = {}): Promise<string[]> {
  const dir = options.dir ?? os.tmpdir();
  const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? STALE_TEMP_AGE_MS);
  const uid = process.getuid?.();
  const removed: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !ENGINE_TEMP_NAME.test(entry.name)) continue;
    const folder = path.join(dir, entry.name);
    try {
      // Another user's folder in a shared /tmp is theirs to sweep.
      if (uid !== undefined && (await lstat(folder)).uid !== uid) continue;
      if ((await lastTouchedMs(folder)) > cutoff) continue;
      await rm(folder, { recursive: true, force: true });
      removed.push(folder);
    } catch {
      // Gone meanwhile (its own call or another sweep removed it), not ours to read, or a file still open (Windows): kept.
    }
  }
  return removed;
}
