// The engine set as the service builds it (engines/engine-set.ts), for the engine benches: every engine of a
// capability is benched in turn, so an engine added to the set shows up here without touching the benches.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createEngineSet } from '../src/main/engines/engine-set.js';
import { createEngines, type Engines } from '../src/main/engines/registry.js';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { createModelStore } from '../src/main/models/model-store.js';

export interface BenchEngines {
  engines: Engines;
  close(): Promise<void>;
}

/**
 * Engines over `modelsDir` (a DubDesk data folder's models/, to bench installed models), else over an empty temp
 * folder, where only the built-in and system engines are available.
 */
export async function openBenchEngines(modelsDir?: string): Promise<BenchEngines> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'dubdesk-bench-engines-'));
  const store = createModelStore({ modelsDir: modelsDir ?? path.join(tempDir, 'models') });
  const built = createEngineSet({
    models: store,
    media: resolveMediaTools(),
    settings: { get: () => undefined },
    cacheDir: path.join(tempDir, 'engines'),
  });
  const engines = createEngines(built.set, store);
  return {
    engines,
    async close() {
      await engines.dispose();
      await store.close();
      await rm(tempDir, { recursive: true, force: true });
    },
  };
}

/** "12.3 s" */
export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
