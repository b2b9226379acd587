// Builds every engine of this version once, in order of preference per capability: the built-in ones, the system
// engines found on this machine, and the model-backed ones (available once their model is installed).
import type { MediaTools } from '../media/ffmpeg-paths.js';
import type { EngineModels, EngineSet } from './registry.js';
import { createEspeakEngine } from './tts/espeak-engine.js';
import type { TtsEngine } from './tts/types.js';

/** Engine settings the user can change (Settings page, PUT /v1/settings); read at each use, so a change applies to the next job. */
export interface EngineSettings {
  get(key: string): string | undefined;
}

export interface EngineSetDeps {
  models: EngineModels;
  media: MediaTools;
  settings: EngineSettings;
  /** A folder of the data dir the engines may cache in (compiled modules, samples). */
  cacheDir: string;
}

export interface BuiltEngineSet {
  set: Partial<EngineSet>;
  /** The built-in eSpeak NG engine (voice samples are made with it). */
  espeak: TtsEngine;
}

export function createEngineSet(deps: EngineSetDeps): BuiltEngineSet {
  void deps;
  const espeak = createEspeakEngine();
  return {
    espeak,
    set: {
      voices: [espeak],
    },
  };
}
