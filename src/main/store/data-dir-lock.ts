import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const LOCK_APP = 'DubDesk';

/** What the lock file says about its holder. `started` is absent in the old plain-pid format. */
export interface DataDirLockHolder {
  pid: number;
  /** When the holder process started, as processStartStamp read it: tells it apart from a later process given the same pid. */
  started?: string;
}

/** Fields 3.. of /proc/<pid>/stat (after the command name, which may hold spaces): [0] is the state, [19] the start time. */
function linuxStatFields(pid: number): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Alive and not a zombie: a killed process stays in the table, holding nothing, until it is reaped. */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (process.platform !== 'linux') return true;
  try {
    return !['Z', 'X'].includes(linuxStatFields(pid)[0]);
  } catch {
    return false;
  }
}

/**
 * A stamp of when process `pid` started, equal for the same process and different for a later one
 * that reuses its pid; undefined where it cannot be read (Windows, or the process is gone).
 */
export function processStartStamp(pid: number): string | undefined {
  try {
    if (process.platform === 'linux') {
      // Start time in clock ticks since boot; the boot id tells boots apart.
      const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      return `linux:${bootId}:${linuxStatFields(pid)[19]}`;
    }
    if (process.platform === 'win32') return undefined;
    // macOS and the BSDs: ps gives the start time to the second.
    const started = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return started ? `ps:${started}` : undefined;
  } catch {
    return undefined;
  }
}

/** The holder named by a lock file's text: JSON `{app, pid, started}`, or a bare pid as older versions wrote it. */
export function parseDataDirLock(text: string): DataDirLockHolder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed = JSON.parse(trimmed) as { app?: unknown; pid?: unknown; started?: unknown };
    if (parsed?.app !== LOCK_APP || !Number.isInteger(parsed.pid)) return undefined;
    return { pid: parsed.pid as number, started: typeof parsed.started === 'string' ? parsed.started : undefined };
  } catch {
    return undefined;
  }
}

export function readDataDirLock(lockFile: string): DataDirLockHolder | undefined {
  try {
    return parseDataDirLock(readFileSync(lockFile, 'utf8'));
  } catch {
    return undefined;
  }
}

/** When process `pid` started, in ms since the epoch, to about a second; undefined where it cannot be read. */
function processStartedAtMs(pid: number): number | undefined {
  const stamp = processStartStamp(pid);
  if (stamp?.startsWith('linux:')) {
    const bootSec = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    // Linux reports USER_HZ (100) ticks to user space on every architecture.
    return (bootSec + Number(stamp.slice(stamp.lastIndexOf(':') + 1)) / 100) * 1000;
  }
  if (stamp?.startsWith('ps:')) return Date.parse(stamp.slice(3));
  return undefined;
}

// Start times are known to about a second (btime and lstart are whole seconds).
const START_TIME_SLACK_MS = 2000;

/**
 * True while the process that wrote the lock still runs. A live pid is not enough: after a crash
 * the pid may have gone to an unrelated process, which the start stamp tells apart. A lock in the
 * old plain-pid format is judged by its age: a process that started after the lock was written
 * cannot be its writer. Where start times cannot be read (Windows), "the pid is alive" decides.
 */
function holderRuns(holder: DataDirLockHolder, lockWrittenAtMs: number): boolean {
  if (holder.pid === process.pid || !processAlive(holder.pid)) return false;
  try {
    if (holder.started !== undefined) {
      const now = processStartStamp(holder.pid);
      return now === undefined || now === holder.started;
    }
    const startedAt = processStartedAtMs(holder.pid);
    return startedAt === undefined || !(startedAt > lockWrittenAtMs + START_TIME_SLACK_MS);
  } catch {
    return true;
  }
}

/**
 * One service per data folder: two would claim each other's jobs. A lock left by a crashed
 * process (its pid is gone, or now belongs to another process) is taken over, which is what lets
 * a killed service restart.
 */
export function acquireDataDirLock(lockFile: string): () => void {
  mkdirSync(path.dirname(lockFile), { recursive: true, mode: 0o700 });
  const content = JSON.stringify({ app: LOCK_APP, pid: process.pid, started: processStartStamp(process.pid) });
  try {
    writeFileSync(lockFile, content, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = readDataDirLock(lockFile);
    if (holder && holderRuns(holder, statSync(lockFile, { throwIfNoEntry: false })?.mtimeMs ?? 0)) {
      throw new Error(
        `DubDesk is already running on the data folder ${path.dirname(lockFile)} ` +
          `(process ${holder.pid}). Use that service, or stop it first.`,
      );
    }
    writeFileSync(lockFile, content);
  }
  return () => {
    try {
      if (readDataDirLock(lockFile)?.pid === process.pid) rmSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
