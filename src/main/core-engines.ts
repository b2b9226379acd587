import path from 'node:path';
import type { DataPaths } from './config.js';
import { createEngineSet } from './engines/engine-set.js';
import type { RegisteredEngine } from './engines/registered-engine.js';
import { createEngines, type Engines, type EngineSet } from './engines/registry.js';
import { combinedVoices, createVoiceSampleCache, type VoiceSampleCache } from './engines/tts/voice-samples.js';
import type { AddressPolicy } from './files/address-policy.js';
import type { MediaTools } from './media/ffmpeg-paths.js';
import type { ModelStore } from './models/model-store.js';
import type { SettingsCache } from './store/settings-cache.js';

export interface CoreEnginesDeps {
  paths: DataPaths;
  models: ModelStore;
  media: MediaTools;
  settings: SettingsCache;
  /** Which addresses engines that call out (an LLM endpoint) may connect to. */
  addressPolicy: AddressPolicy;
  /** Engines added beside the capability table's rows. */
  registered?: readonly RegisteredEngine[];
  /** Engines that replace the built ones, capability by capability. */
  replacements?: Partial<EngineSet>;
}

/** The engines this core runs (built from the capability table, then any replacements) and the voices' sample cache. */
export function createCoreEngines(deps: CoreEnginesDeps): { engines: Engines; voiceSamples: VoiceSampleCache } {
  const { paths, models, settings } = deps;
  const built = createEngineSet({
    models,
    media: deps.media,
    settings,
    cacheDir: path.join(paths.root, 'engines'),
    connectGuard: { policy: deps.addressPolicy },
    registered: deps.registered,
  });
  const engines = createEngines({ ...built.set, ...deps.replacements }, models, settings);
  const voiceSamples = createVoiceSampleCache({
    engine: combinedVoices(engines),
    cacheDir: path.join(paths.root, 'voice-samples'),
  });
  return { engines, voiceSamples };
}
