// A visual translate stage's engine, as the job's plan names it (stages take it by id and never choose).
import { DubDeskError } from '../../../shared/errors.js';
import type { FrameTranslateRequest } from '../../../shared/schemas/jobs.js';
import type { PlannedEngineBody } from '../../../shared/schemas/job-plan.js';
import type { Engines } from '../../engines/registry.js';
import { planStepNamed } from '../../plans/job-plan.js';
import type { StageInput } from '../types.js';
import { planFrameTranslateEngines, type FramePlanStepName } from '../../plans/frame-translate-plan.js';

/** The engine the stored plan names for a step (the planner's own answer for a stage run without one, in tests). */
export function plannedFrameEngine(
  input: StageInput<FrameTranslateRequest>,
  engines: Engines,
  name: FramePlanStepName,
): PlannedEngineBody {
  if (input.plan) {
    const engine = planStepNamed(input.plan, name)?.engine;
    if (engine) return engine;
    throw new DubDeskError('internal', `The job's plan names no engine for its ${name} step.`);
  }
  const step = planFrameTranslateEngines(input.request, engines).find((candidate) => candidate.step === name);
  if (step?.missing) throw step.missing;
  if (!step?.engine) throw new DubDeskError('internal', `The plan names no engine for the ${name} step.`);
  return step.engine;
}
