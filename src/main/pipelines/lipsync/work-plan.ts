import { resolveWorkPath } from '../work-paths.js';
import type { LipsyncPlan } from './types.js';

/** The plan with its input paths as files to open in this job's work dir (a retry's copy reads its own). */
export function planInWorkDir(plan: LipsyncPlan, workDir: string): LipsyncPlan {
  return {
    ...plan,
    reference: { ...plan.reference, path: resolveWorkPath(workDir, plan.reference.path) },
    audio: { ...plan.audio, path: resolveWorkPath(workDir, plan.audio.path) },
  };
}
