// What every step planner of a translate job shares: the step names, a step as a planner makes it, the planned engine
// with its models, and a registry require*() turned into the step's missing model.
import { DubDeskError, toDubDeskError } from '../../../shared/errors.js';
import { findLanguage } from '../../../shared/languages.js';
import type { CapabilityId } from '../../engines/capability-table.js';
import { plannedModels } from '../../engines/planned-engine.js';
import type { EngineQuality } from '../../engines/quality.js';
import { plannedEngine, type Identified, type PlanStep, type PlannedEngine } from '../job-plan.js';

export type PlanStepName =
  | 'detect-speech'
  | 'identify-language'
  | 'read-screen-text'
  | 'transcribe'
  | 'diarize'
  | 'translate'
  | 'speak'
  | 'separate'
  | 'find-subtitles'
  | 'erase-subtitles';

/** A step as its planner makes it; planTranslateEngines adds the label. */
export type Step = Omit<PlanStep<PlanStepName>, 'label'>;

/** The planned engine with the catalogue models it runs, as the table names them (a retry checks they are still installed). */
export function planned(capability: CapabilityId, engine: Identified, quality?: EngineQuality): PlannedEngine {
  return plannedEngine(engine, quality, plannedModels(capability, engine.id));
}

export function languageName(code: string): string {
  return findLanguage(code)?.name ?? code;
}

/** Runs a require*() of the registry: its engine, or its model_not_installed as the step's missing model. */
export function attempt<T>(require: () => T): { engine: T } | { missing: DubDeskError } {
  try {
    return { engine: require() };
  } catch (error) {
    return { missing: toDubDeskError(error) };
  }
}
