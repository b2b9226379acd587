// What the engine pickers of a core share (registry.ts builds it once): the engines, the model store, the settings,
// and how to say what to install when no engine can do the work.
import type { DubDeskError } from '../../shared/errors.js';
import { findLanguage } from '../../shared/languages.js';
import type { CatalogueEntry } from '../models/catalogue.js';
import type { CapabilityId } from './capability-table.js';
import type { EngineSettings } from './engine-set.js';
import type { EngineModels, EngineSet } from './registry.js';
import type { EngineIdentity } from './quality.js';

/** model_not_installed for a capability no engine can serve now; the model named is `entry` if given, else the capability's own. */
export type MissingEngine = (
  capability: CapabilityId,
  work: string,
  ...given: [entry: CatalogueEntry | undefined] | []
) => DubDeskError;

export interface EngineChoice {
  set: EngineSet;
  models: EngineModels;
  settings?: EngineSettings;
  missing: MissingEngine;
  /** The catalogue's model for a capability: one an engine runs if there is one, else the first listed. */
  modelFor(capability: CapabilityId): CatalogueEntry | undefined;
}

/** A language's English name for messages, or its code when the list does not have it. */
export function languageName(code: string): string {
  return findLanguage(code)?.name ?? code;
}

/** The engines of a capability that can run now, in order of preference. */
export function availableEngines<T extends Partial<EngineIdentity>>(engines: readonly T[]): T[] {
  return engines.filter((engine) => engine.isAvailable?.() ?? true);
}
