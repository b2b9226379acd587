import path from 'node:path';
import { fetchInputsStage, type FetchInputsDeps } from '../fetch-inputs-stage.js';
import { lipsyncIntake } from './intake.js';
import type { Pipeline } from '../types.js';
import { facesStage } from './faces-stage.js';
import { mouthTargetsStage } from './mouth-targets-stage.js';
import { faceCropsStage } from './precision/face-crops-stage.js';
import { onlyForModel, stageByModel } from './precision/model-switch.js';
import { precisionRenderStage } from './precision/render-stage.js';
import type { PrecisionDeps } from './precision/render.js';
import { prepareLipsyncStage } from './prepare-stage.js';
import { renderLipsyncStage } from './render-stage.js';
import { lipsyncOutput } from './outputs.js';
import type { LipsyncRequest } from './types.js';

/**
 * Lip-sync, both models on one stage list. standard_v1: landmarks tracked through the reference, the mouth reshaped
 * to the audio frame by frame. precision_v1: the tracked face cropped to 96x96 and redrawn by a Wav2Lip-class model.
 */
export function lipsyncPipeline(deps: PrecisionDeps & FetchInputsDeps): Pipeline<LipsyncRequest> {
  return {
    stages: [
      fetchInputsStage<LipsyncRequest>(lipsyncIntake, 'processing', deps),
      prepareLipsyncStage(deps),
      onlyForModel('standard_v1', mouthTargetsStage(deps)),
      facesStage(deps),
      onlyForModel('precision_v1', faceCropsStage(deps)),
      stageByModel({ standard_v1: renderLipsyncStage(deps), precision_v1: precisionRenderStage(deps) }),
    ],
    results(outputs) {
      const { video } = lipsyncOutput(outputs, 'render');
      return [{ role: 'video', path: video, name: path.basename(video) }];
    },
  };
}
