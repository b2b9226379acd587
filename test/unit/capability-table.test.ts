// The capability table stays true to the catalogue it names and to the docs generated from it.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODELS_DOC_FILE, withEngineTable } from '../../scripts/models-doc.js';
import { CAPABILITY_TABLE, type CapabilityRow, type EngineRow } from '../../src/main/engines/capability-table.js';
import { BUILTIN_CATALOGUE } from '../../src/main/models/catalogue.js';
import { ZIPVOICE_LANGUAGES } from '../../src/main/models/entries/voices.js';
import { LANGUAGES } from '../../src/shared/languages.js';

const table: readonly CapabilityRow[] = CAPABILITY_TABLE;
const engines = table.flatMap((capability) => capability.engines.map((engine: EngineRow) => ({ capability, engine })));

/** The catalogue entries a table reference names: one id, or every id of a `family-*`. */
function entriesNamed(reference: string) {
  return reference.endsWith('-*')
    ? BUILTIN_CATALOGUE.filter((entry) => entry.id.startsWith(reference.slice(0, -1)))
    : BUILTIN_CATALOGUE.filter((entry) => entry.id === reference);
}

describe('the capability table', () => {
  it('docs/models.md holds the engine table generated from it', async () => {
    const doc = await fs.readFile(MODELS_DOC_FILE, 'utf8');
    expect(doc, 'the engine table of docs/models.md is stale: run `npm run docs:models` and commit the result').toBe(
      withEngineTable(doc),
    );
  });

  it('names only catalogue models some engine of this version runs', () => {
    const unknown = engines.flatMap(({ engine }) =>
      (engine.needs.models ?? []).filter((reference) => entriesNamed(reference).length === 0),
    );
    expect(unknown).toEqual([]);
    const unused = engines
      .flatMap(({ engine }) => (engine.needs.models ?? []).flatMap(entriesNamed))
      .filter((entry) => !entry.usedBy)
      .map((entry) => entry.id);
    expect(unused).toEqual([]);
  });

  it('has an engine row for every catalogue model in use, so a new model cannot come without its row', () => {
    const named = new Set(
      engines.flatMap(({ engine }) => (engine.needs.models ?? []).flatMap(entriesNamed)).map((entry) => entry.id),
    );
    expect(BUILTIN_CATALOGUE.filter((entry) => entry.usedBy && !named.has(entry.id)).map((entry) => entry.id)).toEqual(
      [],
    );
  });

  it("offers, when an engine is missing, models of the capability's own catalogue task", () => {
    const offTask = engines.flatMap(({ capability, engine }) =>
      capability.task
        ? (engine.needs.models ?? [])
            .flatMap(entriesNamed)
            .filter((entry) => entry.task !== capability.task)
            .map((entry) => `${capability.id}: ${entry.id} (${entry.task})`)
        : [],
    );
    expect(offTask).toEqual([]);
  });

  it('says for every engine what it needs, from one kind of source only where it installs something', () => {
    for (const { capability, engine } of engines) {
      const sources = [
        engine.needs.models?.length,
        engine.needs.packages?.length,
        engine.needs.setting,
        engine.needs.builtIn,
      ].filter(Boolean);
      expect(sources, `${capability.id}/${engine.id}`).toHaveLength(1);
      // A system package is installed by hand: its row must say how.
      if (engine.needs.packages) expect(engine.installHint, `${capability.id}/${engine.id}`).toBeTruthy();
    }
  });

  it('lists each engine once per capability, each capability once, with files that exist', () => {
    expect(new Set(table.map((capability) => capability.id)).size).toBe(table.length);
    for (const capability of table)
      expect(new Set(capability.engines.map((engine) => engine.id)).size, capability.id).toBe(
        capability.engines.length,
      );
    const missingFiles = engines
      .map(({ engine }) => engine.source)
      .filter((source) => !existsSync(path.join('src/main', source)));
    expect(missingFiles).toEqual([]);
  });

  it('gives languages as codes DubDesk knows, and the cloning languages its catalogue has', () => {
    const codes = new Set(LANGUAGES.map((language) => language.code));
    const unknown = engines.flatMap(({ engine }) =>
      Array.isArray(engine.supports.languages)
        ? engine.supports.languages.filter((code: string) => !codes.has(code))
        : [],
    );
    expect(unknown).toEqual([]);
    const cloning = table.find((capability) => capability.id === 'voice-cloning')!.engines[0]!;
    expect([...(cloning.supports.languages as readonly string[])].sort()).toEqual([...ZIPVOICE_LANGUAGES].sort());
  });
});
