// The data folder holds the API keys, the webhook secret and the file-URL signing secret (in dubdesk.db) and the
// service log: only its owner may read it. New folders are made 700 and these files 600; a folder made by an
// older version (755, 644) is tightened at start, and the caller says once in the log what changed.
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';
import type { DataPaths } from '../config.js';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** One mode changed at start: the path relative to the data folder ('.' for the folder) and both modes in octal. */
export interface ModeChange {
  path: string;
  from: string;
  to: string;
}

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(3, '0');

function tighten(file: string, stats: Stats, mode: number, root: string, changes: ModeChange[]): void {
  if ((stats.mode & 0o777 & ~mode) === 0) return;
  chmodSync(file, stats.mode & mode);
  changes.push({ path: path.relative(root, file) || '.', from: octal(stats.mode), to: octal(stats.mode & mode) });
}

function statIfThere(file: string): Stats | undefined {
  return lstatSync(file, { throwIfNoEntry: false });
}

/** The files that hold secrets: the SQLite database with its WAL, shared-memory and journal files, the lock, the logs. */
function secretFiles(paths: DataPaths): string[] {
  const logs = (() => {
    try {
      return readdirSync(paths.logs)
        .sort()
        .map((name) => path.join(paths.logs, name));
    } catch {
      return [];
    }
  })();
  return [
    paths.database,
    `${paths.database}-wal`,
    `${paths.database}-shm`,
    `${paths.database}-journal`,
    paths.lockFile,
    ...logs,
  ];
}

/**
 * Creates the data folder and its logs folder owner-only (700), and takes group and other access away from the
 * folder, the logs folder and the files that hold secrets where an earlier version left it; returns what changed.
 * Symbolic links are left alone (a mode change would reach their target). Windows has no such modes: nothing to do.
 */
export function makeDataFolderPrivate(paths: DataPaths, platform: NodeJS.Platform = process.platform): ModeChange[] {
  if (platform === 'win32') return [];
  const changes: ModeChange[] = [];
  for (const folder of [paths.root, paths.logs]) {
    mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    const stats = statIfThere(folder);
    if (stats?.isDirectory()) tighten(folder, stats, PRIVATE_FOLDER_MODE, paths.root, changes);
  }
  for (const file of secretFiles(paths)) {
    const stats = statIfThere(file);
    if (stats?.isFile()) tighten(file, stats, PRIVATE_FILE_MODE, paths.root, changes);
  }
  return changes;
}

/** "the data folder /d (755 -> 700), dubdesk.db (644 -> 600)": the one log line about a change. */
export function describeModeChanges(root: string, changes: readonly ModeChange[]): string {
  const items = changes.map(
    (change) => (change.path === '.' ? `the data folder ${root}` : change.path) + ` (${change.from} -> ${change.to})`,
  );
  return `Made the data folder private, as it holds API keys and secrets that other users of this machine could read: ${items.join(', ')}.`;
}
