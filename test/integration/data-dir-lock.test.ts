// service.lock against real processes: a pid that now belongs to something else is taken over, a
// running DubDesk service is not, and locks written by older versions (a bare pid) are still read.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  parseDataDirLock,
  processStartStamp,
  readDataDirLock,
} from '../../src/main/store/data-dir-lock.js';

const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
const children: ChildProcess[] = [];
const dirs: string[] = [];

function lockIn(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dubdesk-lock-'));
  dirs.push(dir);
  return path.join(dir, 'service.lock');
}

/** A live process that is not DubDesk. */
async function startSleep(): Promise<number> {
  const child = spawn('sleep', ['30'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve, reject) => child.once('spawn', resolve).once('error', reject));
  return child.pid!;
}

/** `dubdesk serve` from source on `dataDir`, resolved with its pid once it listens. */
async function startServe(dataDir: string): Promise<number> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'src/cli/bin.ts'), 'serve', '--port', '0', '--data-dir', dataDir],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.push(child);
  let output = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (!/^Data folder: .*\n/m.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`serve did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return child.pid!;
}

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the data folder lock', () => {
  it('records who holds it: pid, start stamp and a DubDesk marker', () => {
    const lockFile = lockIn();
    const release = acquireDataDirLock(lockFile);
    expect(JSON.parse(readFileSync(lockFile, 'utf8'))).toEqual({
      app: 'DubDesk',
      pid: process.pid,
      started: processStartStamp(process.pid),
    });
    release();
    expect(readDataDirLock(lockFile)).toBeUndefined();
  });

  it('reads the bare-pid format older versions wrote, and nothing else that is not a DubDesk lock', () => {
    expect(parseDataDirLock('4242\n')).toEqual({ pid: 4242 });
    expect(parseDataDirLock('{"app":"DubDesk","pid":7,"started":"linux:b:9"}')).toEqual({
      pid: 7,
      started: 'linux:b:9',
    });
    expect(parseDataDirLock('{"app":"Other","pid":7}')).toBeUndefined();
    expect(parseDataDirLock('root:x:0:0')).toBeUndefined();
  });

  it('takes over a lock whose pid now belongs to another process (the start stamp differs)', async () => {
    const lockFile = lockIn();
    const sleepPid = await startSleep();
    // As a crashed service left it, after the system gave its pid to `sleep`.
    writeFileSync(lockFile, JSON.stringify({ app: 'DubDesk', pid: sleepPid, started: processStartStamp(process.pid) }));
    const release = acquireDataDirLock(lockFile);
    expect(readDataDirLock(lockFile)?.pid).toBe(process.pid);
    release();
  });

  it.runIf(process.platform !== 'win32')(
    'takes over an old bare-pid lock whose live pid started after the lock was written',
    async () => {
      const lockFile = lockIn();
      const sleepPid = await startSleep();
      writeFileSync(lockFile, String(sleepPid));
      const anHourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(lockFile, anHourAgo, anHourAgo);
      const release = acquireDataDirLock(lockFile);
      expect(readDataDirLock(lockFile)?.pid).toBe(process.pid);
      release();
    },
  );

  it('still refuses an old bare-pid lock whose live pid is older than the lock (it may be an older DubDesk)', async () => {
    const lockFile = lockIn();
    const sleepPid = await startSleep();
    writeFileSync(lockFile, String(sleepPid));
    expect(() => acquireDataDirLock(lockFile)).toThrow(
      `DubDesk is already running on the data folder ${path.dirname(lockFile)} (process ${sleepPid}).`,
    );
  });

  it('takes over a lock whose pid is gone', async () => {
    const lockFile = lockIn();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    writeFileSync(lockFile, JSON.stringify({ app: 'DubDesk', pid: child.pid, started: 'linux:gone:1' }));
    const release = acquireDataDirLock(lockFile);
    expect(readDataDirLock(lockFile)?.pid).toBe(process.pid);
    release();
  });

  it('refuses while a real DubDesk service holds the folder, naming its process', async () => {
    const dataDir = path.dirname(lockIn());
    const servicePid = await startServe(dataDir);
    const lockFile = path.join(dataDir, 'service.lock');
    expect(readDataDirLock(lockFile)).toEqual({ pid: servicePid, started: processStartStamp(servicePid) });
    expect(() => acquireDataDirLock(lockFile)).toThrow(
      `DubDesk is already running on the data folder ${dataDir} (process ${servicePid}). Use that service, or stop it first.`,
    );
    expect(readDataDirLock(lockFile)?.pid).toBe(servicePid);
  }, 90_000);
});
