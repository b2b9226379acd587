import { DubDeskError } from '../../../shared/errors.js';
import type { FrameTranslateRequest } from '../../../shared/schemas/jobs.js';
import { fetchInputsStage, type FetchInputsDeps } from '../fetch-inputs-stage.js';
import type { Pipeline, Stage } from '../types.js';
import { frameTranslateIntake } from './intake.js';

/** Stands where the media stages will go: the job ends failed with a clear code, never a fake result. */
const notYetAvailable: Stage<FrameTranslateRequest> = {
  name: 'not-available',
  label: 'Not available in this build',
  status: 'processing',
  async run() {
    throw new DubDeskError('pipeline_unavailable', 'The inputs were checked, but this DubDesk build cannot produce visual translate results yet; no result was made.');
  },
};

/** Visual translate: its inputs are fetched and checked like every kind's; the text finding and erasing stages are not built yet. */
export function frameTranslatePipeline(deps: FetchInputsDeps): Pipeline<FrameTranslateRequest> {
  return {
    stages: [fetchInputsStage(frameTranslateIntake, 'processing', deps), notYetAvailable],
    results: () => [],
  };
}
