// An engine added beside the capability table's own rows, by one row and its factory: what a test does to prove an
// engine needs nothing else (docs/architecture.md "How to add an engine"); the built-in engines are all in the table.
import type { CapabilityId, EngineRow } from './capability-table.js';

export interface RegisteredEngine {
  capability: CapabilityId;
  row: EngineRow;
  /** The table's engine it ranks before; last when absent. */
  before?: string;
  /** The engines of the row (a family builds one per installed model); of the kind the capability's list holds. */
  create(): unknown[];
}

/** The capability's rows in order of preference, registered ones placed where they rank. */
export function rowsInOrder(
  tableRows: readonly EngineRow[],
  capability: CapabilityId,
  registered: readonly RegisteredEngine[],
): EngineRow[] {
  const rows = [...tableRows];
  for (const extra of registered.filter((candidate) => candidate.capability === capability)) {
    const at = extra.before === undefined ? -1 : rows.findIndex((row) => row.id === extra.before);
    rows.splice(at === -1 ? rows.length : at, 0, extra.row);
  }
  return rows;
}
