import path from 'node:path';
import { fetchInputsStage, type FetchInputsDeps } from '../fetch-inputs-stage.js';
import { reusableLipsyncOutput } from './outputs.js';
import { reusableLipsyncIntake } from './intake.js';
import type { Pipeline } from '../types.js';
import { lipsyncQualityStage } from '../lipsync/check-quality-stage.js';
import { reusableResultToCheck } from '../lipsync/result-to-check.js';
import { prepareReusableStage } from './prepare-stage.js';
import { reusableRenderStage } from './render-stage.js';
import type { ReusableLipsyncDeps, ReusableLipsyncRequest } from './types.js';

/** Reusable-model lip-sync: new audio onto a precision_v1 task's stored face crops, without finding the face again. */
export function reusableLipsyncPipeline(deps: ReusableLipsyncDeps & FetchInputsDeps): Pipeline<ReusableLipsyncRequest> {
  return {
    stages: [
      fetchInputsStage<ReusableLipsyncRequest>(reusableLipsyncIntake, 'processing', deps),
      prepareReusableStage(deps),
      reusableRenderStage(deps),
      lipsyncQualityStage<ReusableLipsyncRequest>(deps, ({ outputs }, workDir) =>
        reusableResultToCheck(
          reusableLipsyncOutput(outputs, 'prepare').model.dir,
          reusableLipsyncOutput(outputs, 'render'),
          workDir,
        ),
      ),
    ],
    results(outputs) {
      const { video } = reusableLipsyncOutput(outputs, 'render');
      return [{ role: 'video', path: video, name: path.basename(video) }];
    },
  };
}
