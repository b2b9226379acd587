import type { FrameTranslateRequest } from '../../../shared/schemas/jobs.js';
import { fetchInputsStage, type FetchInputsDeps } from '../fetch-inputs-stage.js';
import type { TranslateDeps } from '../translate/types.js';
import type { Pipeline } from '../types.js';
import { checkQualityStage } from './check-quality-stage.js';
import { findTextStage } from './find-text-stage.js';
import { frameTranslateIntake } from './intake.js';
import { makeProjectStage } from './make-project-stage.js';
import { frameTranslateOutput } from './outputs.js';
import { renderStage } from './render-stage.js';
import { translateTextStage } from './translate-text-stage.js';

/**
 * Visual translate: the text shown in the video found and read once per appearance, translated block by block,
 * then one pass over the video erases each original and draws its translation in its place; audio copied; last,
 * the result is measured (erased boxes read again) for the task's quality report.
 */
export function frameTranslatePipeline(deps: TranslateDeps & FetchInputsDeps): Pipeline<FrameTranslateRequest> {
  return {
    stages: [
      fetchInputsStage(frameTranslateIntake, 'processing', deps),
      findTextStage(deps),
      translateTextStage(deps),
      renderStage(deps),
      makeProjectStage(),
      checkQualityStage(deps),
    ],
    // An export from a project draws its lines again over the same found text: the render, then its measuring, run.
    projectExport: { rerun: ['render', 'check-quality'] },
    results(outputs) {
      const video = frameTranslateOutput(outputs, 'render').video;
      return [{ role: 'video', path: video, name: video.split('/').pop()! }];
    },
  };
}
