// Whether a translate job makes an editable project, and what it keeps for one: asked by the stages around it.
import { readProjectSnapshot } from '../project-snapshot.js';
import type { TranslateRequest } from './types.js';

/** A translate job makes an editable project when asked for one, and always for proofreading. */
export function wantsProject(request: TranslateRequest): boolean {
  return request.project_mode === 'editable' || request.enable_proofreading === true;
}

/** A project's exports mix over the same separated stems again, so a job with a project keeps them (until the task is deleted). */
export async function keepsStems(request: TranslateRequest, workDir: string): Promise<boolean> {
  return wantsProject(request) || (await readProjectSnapshot(workDir)) !== undefined;
}
