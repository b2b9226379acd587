// A job's planned engine, taken by id when its step runs: the engine the plan named, or model_not_installed naming
// what went missing since the plan was made (a retry after a model was removed). It never switches engines.
import type { PlannedEngineBody } from '../../shared/schemas/job-plan.js';
import type { CatalogueEntry } from '../models/catalogue.js';
import { notInstalledMessage } from '../models/model-store.js';
import { capabilityRow, type CapabilityId, type EngineRow } from './capability-table.js';
import { ModelNotInstalledError } from './missing-model.js';
import type { EngineIdentity } from './quality.js';

type Candidate = Partial<EngineIdentity> & { id: string };

export interface PlannedEngineModels {
  isInstalled(id: string): boolean;
  catalogue: { find(id: string): CatalogueEntry | undefined };
}

/** The table's row of an engine: by its id, or for a family (Whisper sizes) the row that needs the engine's model. */
function rowOf(capability: CapabilityId, engineId: string): EngineRow | undefined {
  const { engines } = capabilityRow(capability);
  return engines.find((row) => row.id === engineId) ?? engines.find((row) => row.needs.models?.includes(engineId));
}

/**
 * The catalogue models a plan names for an engine: its own id when it runs one model by that name (a Whisper size),
 * else the table's models when the engine needs exactly those (none for families chosen per language, e.g. Bergamot pairs).
 */
export function plannedModels(capability: CapabilityId, engineId: string): string[] | undefined {
  const row = rowOf(capability, engineId);
  const needed = row?.needs.models;
  if (!needed) return undefined;
  if (needed.includes(engineId)) return [engineId];
  if (needed.some((id) => id.endsWith('*'))) return undefined;
  return needed.length === 1 || row?.needs.modelsNeeded === 'all' ? [...needed] : undefined;
}

function removedModel(
  work: string,
  engine: PlannedEngineBody,
  entry: CatalogueEntry | undefined,
  id: string,
): ModelNotInstalledError {
  const how = entry ? notInstalledMessage(entry) : `${id} is not installed.`;
  return new ModelNotInstalledError(
    `${work} was planned with ${engine.title}, which needs the model ${entry?.title ?? id}. ${how}`,
    entry ? [entry.id] : [],
  );
}

/** The planned engine among a capability's engines, checked that it can run now with every model the plan named. */
export function takePlannedEngine<T extends Candidate>(
  capability: CapabilityId,
  candidates: readonly T[],
  engine: PlannedEngineBody,
  work: string,
  models: PlannedEngineModels,
): T {
  for (const id of engine.models ?? []) {
    if (!models.isInstalled(id)) throw removedModel(work, engine, models.catalogue.find(id), id);
  }
  const found = candidates.find((candidate) => candidate.id === engine.id);
  if (found && (found.isAvailable?.() ?? true)) return found;
  const row = rowOf(capability, engine.id);
  const needs =
    row?.installHint ??
    (row?.needs.models
      ? `Install its model from the Models page (${row.needs.models.join(', ')}).`
      : 'This DubDesk version does not have it.');
  throw new ModelNotInstalledError(`${work} was planned with ${engine.title}, which cannot run now. ${needs}`, []);
}
