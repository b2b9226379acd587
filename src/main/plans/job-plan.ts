// A job's plan: the engine each step runs, chosen once by its kind's planner when the job is created, stored in its
// work folder (inputs/plan.json, which a retry's copy keeps) and with its task (GET /v1/tasks/{task_id} `plan`).
// Stages take the planned engine by id (registry.ts planned()); none chooses one.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DubDeskError } from '../../shared/errors.js';
import type { JobPlan, PlanStepBody } from '../../shared/schemas/job-plan.js';
import { modelIdsToInstall } from '../engines/missing-model.js';
import type { EngineIdentity, EngineQuality } from '../engines/quality.js';
import { writeFileAtomic } from '../files/atomic-write.js';

export interface PlannedEngine {
  id: string;
  title: string;
  quality: EngineQuality;
  /** A draft engine's expected quality on real media, in words. */
  expectation?: string;
  /** The catalogue models the engine runs for this step, when the plan can name them. */
  models?: string[];
}

export interface PlanStep<Name extends string = string> {
  step: Name;
  /** What the GUI shows for the step, in a user's words. */
  label: string;
  /** The engine that will run the step. */
  engine?: PlannedEngine;
  /** Why the step does not run for this request, in a user's words. */
  skipped?: string;
  /** The step must run and no installed engine can: model_not_installed naming the model and how to install it. */
  missing?: DubDeskError;
  /** What is decided only while the job runs (e.g. the translation pair after language detection). */
  note?: string;
  /** A draft engine runs the step: the model that would do better, not installed yet. */
  better?: { id: string; title: string };
}

export type Identified = Partial<EngineIdentity> & { id: string; title?: string };

/** Engines without a draft variant (the VAD, a voice engine that says no quality) count as standard. */
export function plannedEngine(engine: Identified, quality?: EngineQuality, models?: readonly string[]): PlannedEngine {
  return {
    id: engine.id,
    title: engine.title ?? engine.id,
    quality: engine.quality ?? quality ?? 'standard',
    ...(engine.expectation ? { expectation: engine.expectation } : {}),
    ...(models?.length ? { models: [...models] } : {}),
  };
}

/** The first model the plan misses, as the create call's error. */
export function firstMissing(steps: readonly PlanStep[]): DubDeskError | undefined {
  return steps.find((step) => step.missing)?.missing;
}

/** A step as the API answers it: a missing model as its code, message and the catalogue ids to install. */
export function planStepBody({ step, label, engine, skipped, missing, note, better }: PlanStep): PlanStepBody {
  return {
    step,
    label,
    ...(engine ? { engine: { ...engine, ...(engine.models ? { models: [...engine.models] } : {}) } } : {}),
    ...(better ? { better_model: { id: better.id, title: better.title } } : {}),
    ...(skipped ? { skipped } : {}),
    ...(missing
      ? { missing: { code: missing.code, message: missing.message, model_ids: modelIdsToInstall(missing) } }
      : {}),
    ...(note ? { note } : {}),
  };
}

/** The plan a job keeps; a step no engine can run is the create call's error, so a stored plan never misses one. */
export function storedPlan(steps: readonly PlanStep[], madeAt: Date): JobPlan {
  const missing = firstMissing(steps);
  if (missing) throw missing;
  return { made_at: madeAt.toISOString(), steps: steps.map(planStepBody) };
}

/** Where the plan lives, relative to the work dir (beside the resource snapshot, so a retry's copy keeps it). */
export const PLAN_FILE = path.join('inputs', 'plan.json');

export async function writeJobPlan(workDir: string, plan: JobPlan): Promise<void> {
  await writeFileAtomic(path.join(workDir, PLAN_FILE), `${JSON.stringify(plan, null, 2)}\n`);
}

/** The stored plan, or undefined for a job created before plans were stored (or of a kind without a planner). */
export async function readJobPlan(workDir: string): Promise<JobPlan | undefined> {
  try {
    return JSON.parse(await readFile(path.join(workDir, PLAN_FILE), 'utf8')) as JobPlan;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** A step of the stored plan by name. */
export function planStepNamed(plan: JobPlan | undefined, step: string): PlanStepBody | undefined {
  return plan?.steps.find((candidate) => candidate.step === step);
}

/** The plan in one log line: each step's engine, or that it is skipped. */
export function describePlan(plan: JobPlan): string {
  return plan.steps.map((step) => `${step.step} ${step.engine ? step.engine.title : 'skipped'}`).join('; ');
}
