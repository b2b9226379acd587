// A translate stage's engine, as the job's plan names it: stages take it by id (registry.ts planned()) and never
// choose. Where the plan left a choice to the language found while the job runs, the same planner makes it then.
import { DubDeskError } from '../../../shared/errors.js';
import type { PlannedEngineBody, PlanStepBody } from '../../../shared/schemas/job-plan.js';
import type { Engines } from '../../engines/registry.js';
import { planStepBody, planStepNamed } from '../../plans/job-plan.js';
import type { StageInput } from '../types.js';
import { planTranslateEngines, type PlanStepName } from '../../plans/translate-plan.js';
import type { TranslateRequest } from './types.js';

function plannerStep(request: TranslateRequest, engines: Engines, name: PlanStepName): PlanStepBody | undefined {
  const step = planTranslateEngines(request, engines).find((candidate) => candidate.step === name);
  if (step?.missing) throw step.missing;
  return step ? planStepBody(step) : undefined;
}

/** The job's plan for a step: the stored plan's, or the planner's own answer for a stage run without one (a test running a stage alone). */
export function plannedStep(
  input: StageInput<TranslateRequest>,
  engines: Engines,
  name: PlanStepName,
): PlanStepBody | undefined {
  return input.plan ? planStepNamed(input.plan, name) : plannerStep(input.request, engines, name);
}

/** The engine the plan names for a step that runs; a plan naming none there is a bug, said plainly. */
export function plannedEngineOf(
  input: StageInput<TranslateRequest>,
  engines: Engines,
  name: PlanStepName,
): PlannedEngineBody {
  const step = plannedStep(input, engines, name);
  if (step?.engine) return step.engine;
  throw new DubDeskError(
    'internal',
    `The job's plan names no engine for its ${name} step${step?.skipped ? ` (it says: ${step.skipped})` : ''}.`,
  );
}

/** The step planned again now that the source language is known: the stored plan left this choice to the run (its note says so). */
export function replannedForLanguage(
  input: StageInput<TranslateRequest>,
  engines: Engines,
  name: PlanStepName,
  source: string,
): PlannedEngineBody {
  const step = plannerStep({ ...input.request, source_language: source }, engines, name);
  if (step?.engine) return step.engine;
  throw new DubDeskError('internal', `The plan for ${source} speech names no engine for its ${name} step.`);
}
