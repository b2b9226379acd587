import path from 'node:path';
import { fetchInputsStage, type FetchInputsDeps } from '../fetch-inputs.js';
import type { Pipeline } from '../types.js';
import { facesStage } from './faces.js';
import { mouthTargetsStage } from './mouth-targets-stage.js';
import { prepareLipsyncStage } from './prepare.js';
import { renderLipsyncStage, type RenderedVideo } from './render.js';
import type { LipsyncDeps, LipsyncRequest } from './types.js';

/** standard_v1 lip-sync: landmarks tracked through the reference, the mouth reshaped to the audio frame by frame. */
export function lipsyncPipeline(deps: LipsyncDeps & FetchInputsDeps): Pipeline<LipsyncRequest> {
  return {
    kind: 'lipsync',
    stages: [
      fetchInputsStage<LipsyncRequest>('lipsync', 'processing', deps),
      prepareLipsyncStage(deps),
      mouthTargetsStage(deps),
      facesStage(deps),
      renderLipsyncStage(deps),
    ],
    results(outputs) {
      const { video } = outputs.render as RenderedVideo;
      return [{ role: 'video', path: video, name: path.basename(video) }];
    },
  };
}
