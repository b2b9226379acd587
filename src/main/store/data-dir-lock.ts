import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One service per data folder: two would claim each other's jobs. A lock left by a crashed
 * process (its pid is gone) is taken over, which is what lets a killed service restart.
 */
export function acquireDataDirLock(lockFile: string): () => void {
  mkdirSync(path.dirname(lockFile), { recursive: true });
  try {
    writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = Number(readFileSync(lockFile, 'utf8').trim());
    if (Number.isInteger(holder) && holder !== process.pid && processAlive(holder)) {
      throw new Error(`DubDesk is already running on the data folder ${path.dirname(lockFile)} (process ${holder}). Use that service, or stop it first.`);
    }
    writeFileSync(lockFile, String(process.pid));
  }
  return () => {
    try {
      if (readFileSync(lockFile, 'utf8').trim() === String(process.pid)) rmSync(lockFile);
    } catch {
      // Already gone: nothing to release.
    }
  };
}
