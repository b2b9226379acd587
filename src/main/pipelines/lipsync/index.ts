import path from 'node:path';
import { fetchInputsStage, type FetchInputsDeps } from '../fetch-inputs-stage.js';
import { lipsyncIntake } from './intake.js';
import type { Pipeline } from '../types.js';
import { facesStage } from './faces-stage.js';
import { mouthTargetsStage } from './mouth-targets-stage.js';
import { faceCropsStage } from './precision/face-crops-stage.js';
import { onlyForEnginesUsing } from './renderer-switch.js';
import { mouthBankStage } from './exemplar/mouth-bank-stage.js';
import type { LipsyncEngineDeps } from '../../engines/lipsync/types.js';
import { prepareLipsyncStage } from './prepare-stage.js';
import { renderLipsyncStage } from './render-stage.js';
import { lipsyncOutput } from './outputs.js';
import { lipsyncQualityStage } from './check-quality-stage.js';
import { lipsyncResultToCheck } from './result-to-check.js';
import type { LipsyncRequest } from './types.js';

/**
 * Lip-sync, every engine on one stage list (engines/lipsync/choose.ts picks it, the render stage runs it). The mouth
 * warp (standard_v1, and precision_v1 on a picture): landmarks tracked through the reference, the mouth reshaped to
 * the audio frame by frame. The exemplar
 * engine (precision_v1 on a video): the person's own mouths collected from every frame and pasted where the audio
 * asks for their shape. A generator (precision_v1 with a model installed): the tracked face cropped to 96x96 and
 * redrawn by a Wav2Lip-class model. Last, the result is checked: its frames against its audio.
 */
export function lipsyncPipeline(deps: LipsyncEngineDeps & FetchInputsDeps): Pipeline<LipsyncRequest> {
  return {
    stages: [
      fetchInputsStage<LipsyncRequest>(lipsyncIntake, 'processing', deps),
      prepareLipsyncStage(deps),
      onlyForEnginesUsing(mouthTargetsStage(deps)),
      facesStage(deps),
      onlyForEnginesUsing(faceCropsStage(deps)),
      onlyForEnginesUsing(mouthBankStage(deps)),
      renderLipsyncStage(deps),
      lipsyncQualityStage<LipsyncRequest>(deps, ({ outputs }, workDir) => lipsyncResultToCheck(outputs, workDir)),
    ],
    results(outputs) {
      const { video } = lipsyncOutput(outputs, 'render');
      return [{ role: 'video', path: video, name: path.basename(video) }];
    },
  };
}
