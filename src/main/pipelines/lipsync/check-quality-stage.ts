import type { Engines } from '../../engines/registry.js';
import { qualityStage } from '../quality-check.js';
import type { Stage, StageInput } from '../types.js';
import { measureLipsyncResult, type LipsyncResultToCheck } from '../../quality/lipsync/measure-result.js';
import type { LipsyncDeps } from './types.js';

export interface LipsyncQualityDeps extends LipsyncDeps {
  engines: Pick<Engines, 'faceDetector'>;
}

/**
 * processing, last: the face that was lip-synced read on the result's frames about once a second (by the landmark
 * model in the square the face finder framed it in, moved with the track) against its own audio: sync score, face
 * coverage, places without a face or with weak sync.
 */
export function lipsyncQualityStage<Request>(
  deps: LipsyncQualityDeps,
  resultToCheck: (input: StageInput<Request>, workDir: string) => Promise<LipsyncResultToCheck>,
): Stage<Request> {
  return qualityStage<Request>('processing', async (input, ctx) => {
    const result = await resultToCheck(input, ctx.workDir);
    return measureLipsyncResult(result, { detector: await deps.engines.faceDetector(), media: deps.media }, ctx);
  });
}
