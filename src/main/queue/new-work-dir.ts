// A new task's work dir is filled before the task exists, so the runner never claims a task with a half-made one.
import { cp, rm } from 'node:fs/promises';

/** Runs `make` (fills the work dir, then inserts the task); when it throws, the work dir goes too: nothing half-made stays. */
export async function orRemoveWorkDir<T>(workDir: string, make: () => Promise<T>): Promise<T> {
  try {
    return await make();
  } catch (error) {
    await rm(workDir, { recursive: true, force: true });
    throw error;
  }
}

/** A retry's work dir: a copy of the old task's, so stages that had finished are not run again; none when it is gone. */
export async function copyWorkDir(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, force: true, errorOnExist: false }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}
