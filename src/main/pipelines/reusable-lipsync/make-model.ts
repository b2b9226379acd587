// A reusable lip-sync model's folder: the face data a finished precision_v1 task left in its work folder, copied
// out so that it outlives the task (docs/api.md "Reusable-model lip-sync"). Files only: the caller keeps the record.
import { cp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import type { JobKind, JobStatus } from '../../../shared/jobs.js';
import { writeThroughTemp } from '../../files/atomic-write.js';
import { REUSABLE_DIR } from '../../engines/lipsync/reusable-data.js';

/** The folder of all reusable models, inside the data dir. */
export const REUSABLE_MODELS_DIR = 'reusable_models';

/** What is read of the task a model is made from. */
export interface ReusableModelSource {
  id: string;
  kind: JobKind;
  status: JobStatus;
  request: Record<string, unknown>;
}

export interface ReusableModelFolders {
  /** The data dir: a model's folder is `<dataDir>/reusable_models/<model id>`. */
  dataDir: string;
  /** A task's work folder. */
  workDirFor(taskId: string): string;
  /** With shared storage: brings a task's work folder here (it may have run on another machine). */
  fetchWorkFolder?(taskId: string): Promise<unknown>;
  /** With shared storage: uploads a new model's folder, so workers on any machine can read it. */
  shareFolder?(relative: string): Promise<void>;
  /** With shared storage: deletes a model's folder there. */
  removeSharedFolder?(relative: string): Promise<void>;
}

/**
 * Copies the task's reusable face data into the new model's folder and returns that folder relative to the data
 * dir. Only a finished precision_v1 lip-sync task that still has the data can become a model.
 */
export async function makeReusableModelFolder(
  task: ReusableModelSource,
  modelId: string,
  folders: ReusableModelFolders,
): Promise<string> {
  if (task.kind !== 'lipsync' || task.request.model !== 'precision_v1') {
    throw new DubDeskError(
      'invalid_request',
      `Task ${task.id} is not a precision_v1 lip-sync task; only those can become reusable models.`,
    );
  }
  if (task.status !== 'done')
    throw new DubDeskError('conflict', `Task ${task.id} is ${task.status}; wait until it is done.`);
  await folders.fetchWorkFolder?.(task.id);
  const source = path.join(folders.workDirFor(task.id), REUSABLE_DIR);
  if (!(await stat(source).catch(() => null))?.isDirectory()) {
    throw new DubDeskError(
      'conflict',
      `Task ${task.id} kept no face data to reuse: its work folder was cleaned, or it ` +
        `lip-synced a picture with the mouth warp, which stores none; run the lip-sync again on a video.`,
    );
  }
  const relative = path.join(REUSABLE_MODELS_DIR, modelId);
  const target = path.join(folders.dataDir, relative);
  // Copied beside the target and renamed: a copy cut short (crash, full disk) never looks like a model.
  await writeThroughTemp(target, (tempPath) => cp(source, tempPath, { recursive: true }));
  await folders.shareFolder?.(relative);
  return relative;
}

/** Deletes a model's folder (`relativePath` as makeReusableModelFolder returned it); a missing folder is fine. */
export async function removeReusableModelFolder(
  relativePath: string,
  folders: Pick<ReusableModelFolders, 'dataDir' | 'removeSharedFolder'>,
): Promise<void> {
  await rm(path.join(folders.dataDir, relativePath), { recursive: true, force: true });
  await folders.removeSharedFolder?.(relativePath);
}
