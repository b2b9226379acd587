// Where running services announce themselves, so a CLI started without --data-dir can find their data folder.
// One small file per service (no shared file to race on), written atomically, removed on a clean stop;
// an entry whose process is gone (a crash, kill -9) is ignored and swept by the next reader.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomicSync } from './files/atomic-write.js';
import { defaultDataDir } from './config.js';

export interface RunningServiceEntry {
  pid: number;
  dataDir: string;
  url: string;
  startedAt: string;
}

/** The per-user folder of announcements: beside the default data folder, whatever folder each service uses. */
export function runningServicesDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(defaultDataDir(process.platform, env), 'running-services');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseEntry(text: string): RunningServiceEntry | undefined {
  try {
    const value = JSON.parse(text) as Partial<RunningServiceEntry>;
    if (Number.isInteger(value.pid) && typeof value.dataDir === 'string' && typeof value.url === 'string')
      return value as RunningServiceEntry;
  } catch {
    // a torn or foreign file: not an entry
  }
  return undefined;
}

/** Records this process's service; returns the function that removes the record (call it on a clean stop). */
export function announceRunningService(
  entry: Omit<RunningServiceEntry, 'pid' | 'startedAt'>,
  dir = runningServicesDir(),
): () => void {
  const port = new URL(entry.url).port || '0';
  const file = path.join(dir, `${process.pid}-${port}.json`);
  const record: RunningServiceEntry = {
    pid: process.pid,
    dataDir: entry.dataDir,
    url: entry.url,
    startedAt: new Date().toISOString(),
  };
  writeFileAtomicSync(file, `${JSON.stringify(record)}\n`);
  return () => rmSync(file, { force: true });
}

/** The services whose process is alive, oldest first; records of dead processes are removed. */
export function listRunningServices(dir = runningServicesDir()): RunningServiceEntry[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  const entries: RunningServiceEntry[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    let entry: RunningServiceEntry | undefined;
    try {
      entry = parseEntry(readFileSync(file, 'utf8'));
    } catch {
      continue; // removed meanwhile by its service
    }
    if (entry && isAlive(entry.pid)) entries.push(entry);
    else if (entry) rmSync(file, { force: true });
  }
  return entries.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}
