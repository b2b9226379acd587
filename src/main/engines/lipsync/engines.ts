// The lip-sync engines by id: the render stage runs the one the job's plan names (choose.ts picks it).
import { DubDeskError } from '../../../shared/errors.js';
import { exemplarEngine } from './exemplar/engine.js';
import { mouthWarpEngine } from './mouth-warp/engine.js';
import type { LipsyncEngine, LipsyncEngineId } from './types.js';
import { wav2lipEngine } from './wav2lip/engine.js';

export const LIPSYNC_ENGINES: Readonly<Record<LipsyncEngineId, LipsyncEngine>> = {
  'mouth-warp': mouthWarpEngine,
  exemplar: exemplarEngine,
  wav2lip: wav2lipEngine,
};

/** The engine a plan names; 'generator' is Wav2Lip's name in plans saved before the engines had ids. */
export function lipsyncEngineById(id: LipsyncEngineId | 'generator'): LipsyncEngine {
  const engine = id === 'generator' ? wav2lipEngine : LIPSYNC_ENGINES[id];
  if (!engine) throw new DubDeskError('internal', `No lip-sync engine is called ${JSON.stringify(id)}.`);
  return engine;
}
