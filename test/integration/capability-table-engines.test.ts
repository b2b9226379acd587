// The engine set the service builds is the capability table's: the same engines, in its order, with its titles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capabilityRow, type CapabilityId, type EngineRow } from '../../src/main/engines/capability-table.js';
import type { EngineSet } from '../../src/main/engines/registry.js';
import { openBuiltEngines, type BuiltEngines } from '../fixtures/engine-set.js';

const SET_OF: Record<keyof EngineSet, CapabilityId> = {
  voiceActivityDetectors: 'voice-activity-detection',
  speechRecognizers: 'speech-recognition',
  languageIdentifiers: 'language-identification',
  diarizers: 'speaker-diarization',
  translators: 'translation',
  voices: 'voices',
  separators: 'source-separation',
  textRecognizers: 'text-recognition',
  inpainters: 'inpainting',
};

type Built = { id: string; title?: string; quality?: string };

/** The table's row of a built engine: by its id, or (one engine per installed model) by the model it runs. */
function rowOf(rows: readonly EngineRow[], engine: Built): EngineRow | undefined {
  return (
    rows.find((row) => row.id === engine.id) ??
    rows.find((row) => row.titleFrom === 'catalogue' && row.needs.models?.includes(engine.id))
  );
}

let built: BuiltEngines;

beforeAll(async () => {
  built = await openBuiltEngines('dubdesk-capability-table-');
});

afterAll(async () => {
  await built?.close();
});

describe('the engine set built from the capability table', () => {
  it.each(Object.entries(SET_OF))('%s holds the engines of %s in its order', (key, capability) => {
    const rows = capabilityRow(capability).engines;
    const engines = built.engines.set[key as keyof EngineSet] as readonly Built[];
    const matched = engines.map((engine) => rowOf(rows, engine)?.id);
    expect(matched, 'every built engine has a row').not.toContain(undefined);
    // Whisper builds one engine per size: consecutive engines of one row count once.
    expect(matched.filter((id, index) => id !== matched[index - 1])).toEqual(rows.map((row) => row.id));
  });

  it.each(Object.entries(SET_OF))('%s engines carry the titles and quality labels of the table', (key, capability) => {
    const rows = capabilityRow(capability).engines;
    for (const engine of built.engines.set[key as keyof EngineSet] as readonly Built[]) {
      const row = rowOf(rows, engine)!;
      if (!row.titleFrom && engine.title !== undefined) expect(engine.title, `${capability}/${row.id}`).toBe(row.title);
      if (engine.quality !== undefined) expect(engine.quality, `${capability}/${row.id}`).toBe(row.quality);
    }
  });
});
