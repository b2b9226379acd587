// Which reusable-lipsync stage saves which output shape; stages read earlier outputs through reusableLipsyncOutput.
import type { RenderedVideo } from '../lipsync/types.js';
import { stageOutputReader, type CommonStageOutputs } from '../stage-outputs.js';
import type { ReusablePlan } from './types.js';

export interface ReusableLipsyncOutputs extends CommonStageOutputs {
  prepare: ReusablePlan;
  render: RenderedVideo;
}

export const reusableLipsyncOutput = stageOutputReader<ReusableLipsyncOutputs>();
