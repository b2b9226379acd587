// Which engine draws a lip-sync job's mouths, decided once when the job is created (plans/job-plan.ts) by the same
// choice the prepare stage made before plans were stored: the prepare stage then takes the planned engine.
import { engineRow } from '../engines/capability-table.js';
import { GFPGAN_MODEL } from '../engines/face-restore/gfpgan.js';
import { chooseLipsyncEngine } from '../engines/lipsync/choose.js';
import { lipsyncEngineById } from '../engines/lipsync/engines.js';
import { plannedModels } from '../engines/planned-engine.js';
import type { Engines } from '../engines/registry.js';
import { plannedEngine, type PlanStep } from './job-plan.js';
import type { LipsyncRequest } from '../../shared/schemas/jobs.js';

export type LipsyncPlanStepName = 'render' | 'restore-face';

type PlanEngines = Pick<Engines, 'lipsyncGeneratorInstalled' | 'faceRestorerInstalled'>;

export function planLipsyncEngines(request: LipsyncRequest, engines: PlanEngines): PlanStep<LipsyncPlanStepName>[] {
  const choice = chooseLipsyncEngine({
    model: request.model,
    isImage: request.reference_file_type === 'image',
    generatorInstalled: engines.lipsyncGeneratorInstalled(),
  });
  const engine = lipsyncEngineById(choice.id);
  const render: PlanStep<LipsyncPlanStepName> = {
    step: 'render',
    label: 'Drawing the mouths',
    engine: plannedEngine(engine, undefined, plannedModels('lip-sync', engine.id)),
    note: choice.reason,
  };
  if (choice.id !== 'wav2lip') return [render];
  const restore: PlanStep<LipsyncPlanStepName> = engines.faceRestorerInstalled()
    ? {
        step: 'restore-face',
        label: 'Restoring the face',
        engine: plannedEngine(engineRow('face-restoration', 'gfpgan'), undefined, [GFPGAN_MODEL]),
      }
    : {
        step: 'restore-face',
        label: 'Restoring the face',
        skipped: 'no face restoration model installed: the mouth stays as the lip-sync model drew it',
      };
  return [render, restore];
}
