// The engine a lip-sync job's plan settled (engines/lipsync/choose.ts picked it when the plan was made).
import { lipsyncEngineById } from '../../engines/lipsync/engines.js';
import type { LipsyncEngine, LipsyncEngineId } from '../../engines/lipsync/types.js';
import type { LipsyncPlan, LipsyncRequest } from './types.js';

/** The plan's engine id; plans saved before the built-in precision engines had none and always used the generator. */
export function rendererOf(plan: Pick<LipsyncPlan, 'renderer'>, model: LipsyncRequest['model']): LipsyncEngineId {
  return lipsyncEngineById(plan.renderer ?? (model === 'standard_v1' ? 'mouth-warp' : 'wav2lip')).id;
}

export function planEngine(plan: Pick<LipsyncPlan, 'renderer'>, model: LipsyncRequest['model']): LipsyncEngine {
  return lipsyncEngineById(rendererOf(plan, model));
}
