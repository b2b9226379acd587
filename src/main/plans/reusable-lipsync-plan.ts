// Which engine draws a reusable-model lip-sync job's mouths: the one the reusable model was made for (its folder's
// manifest records it), and after Wav2Lip the face restoration; decided once when the job is created (job-plan.ts).
import { DubDeskError, toDubDeskError } from '../../shared/errors.js';
import type { ReusableLipsyncRequest } from '../../shared/schemas/jobs.js';
import { exemplarEngine } from '../engines/lipsync/exemplar/engine.js';
import { isExemplarManifest, readReusableManifest } from '../engines/lipsync/reusable-data.js';
import { plannedEngine, type PlanStep } from './job-plan.js';
import {
  RENDER_LABEL,
  restoreFaceStep,
  wav2lipRenderStep,
  type LipsyncPlanEngines,
  type LipsyncPlanStepName,
} from './lipsync-plan.js';

/** Where a reusable model's folder is (undefined when no model has the id). */
export interface ReusableModelLookup {
  reusableModelDir(modelId: string): Promise<string | undefined>;
}

export async function planReusableLipsyncEngines(
  request: ReusableLipsyncRequest,
  engines: LipsyncPlanEngines,
  lookup: ReusableModelLookup,
): Promise<PlanStep<LipsyncPlanStepName>[]> {
  const dir = await lookup.reusableModelDir(request.model_id);
  if (!dir)
    throw new DubDeskError(
      'not_found',
      `Reusable lip-sync model ${request.model_id} does not exist; GET /v1/reusable_lipsync_models lists yours.`,
    );
  const manifest = await readReusableManifest(dir);
  if (isExemplarManifest(manifest)) {
    const note = `the mouths reusable model ${request.model_id} keeps, picked anew for the new audio`;
    return [{ step: 'render', label: RENDER_LABEL, engine: plannedEngine(exemplarEngine), note }];
  }
  const note = `the face crops reusable model ${request.model_id} keeps, redrawn by the lip-sync model they were made for`;
  try {
    return [wav2lipRenderStep(engines, note), restoreFaceStep(engines)];
  } catch (error) {
    // The lip-sync model the crops were made for is not installed: the create call's model_not_installed.
    return [{ step: 'render', label: RENDER_LABEL, missing: toDubDeskError(error) }];
  }
}
