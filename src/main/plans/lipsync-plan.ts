// Which engine draws a lip-sync job's mouths, and whether the face is restored after, decided once when the job is
// created (plans/job-plan.ts): the prepare stage takes the planned engine, the render restores exactly as planned.
import { engineRow } from '../engines/capability-table.js';
import { GFPGAN_MODEL } from '../engines/face-restore/gfpgan.js';
import { chooseLipsyncEngine } from '../engines/lipsync/choose.js';
import { lipsyncEngineById } from '../engines/lipsync/engines.js';
import { plannedModels } from '../engines/planned-engine.js';
import type { Engines } from '../engines/registry.js';
import { plannedEngine, type PlanStep } from './job-plan.js';
import type { LipsyncRequest } from '../../shared/schemas/jobs.js';

export type LipsyncPlanStepName = 'render' | 'restore-face';

export const RENDER_LABEL = 'Drawing the mouths';
const RESTORE_LABEL = 'Restoring the face';

export type LipsyncPlanEngines = Pick<Engines, 'lipsyncGeneratorInstalled' | 'lipsyncModelTitle' | 'faceRestorerTitle'>;

/** Wav2Lip is named by the model it runs (the table's titleFrom catalogue), as the render stage names it after. */
export function wav2lipRenderStep(
  engines: Pick<Engines, 'lipsyncModelTitle'>,
  note?: string,
): PlanStep<LipsyncPlanStepName> {
  const row = engineRow('lip-sync', 'wav2lip');
  return {
    step: 'render',
    label: RENDER_LABEL,
    engine: plannedEngine(
      { ...row, title: engines.lipsyncModelTitle() },
      'standard',
      plannedModels('lip-sync', row.id),
    ),
    ...(note ? { note } : {}),
  };
}

/** The face restoration after a Wav2Lip render: GFPGAN when its model is installed now, else skipped for good. */
export function restoreFaceStep(engines: Pick<Engines, 'faceRestorerTitle'>): PlanStep<LipsyncPlanStepName> {
  const title = engines.faceRestorerTitle();
  return title
    ? {
        step: 'restore-face',
        label: RESTORE_LABEL,
        engine: plannedEngine({ ...engineRow('face-restoration', 'gfpgan'), title }, undefined, [GFPGAN_MODEL]),
      }
    : {
        step: 'restore-face',
        label: RESTORE_LABEL,
        skipped: 'no face restoration model installed: the mouth stays as the lip-sync model drew it',
      };
}

export function planLipsyncEngines(
  request: LipsyncRequest,
  engines: LipsyncPlanEngines,
): PlanStep<LipsyncPlanStepName>[] {
  const choice = chooseLipsyncEngine({
    model: request.model,
    isImage: request.reference_file_type === 'image',
    generatorInstalled: engines.lipsyncGeneratorInstalled(),
  });
  if (choice.id === 'wav2lip') return [wav2lipRenderStep(engines, choice.reason), restoreFaceStep(engines)];
  const engine = lipsyncEngineById(choice.id);
  return [
    {
      step: 'render',
      label: RENDER_LABEL,
      engine: plannedEngine(engine, undefined, plannedModels('lip-sync', engine.id)),
      note: choice.reason,
    },
  ];
}
