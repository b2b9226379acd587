import { stageOutputReader } from '../stage-outputs.js';
import type { FrameTranslateStageOutputs } from './types.js';

/** Typed reads of the visual translate stages' outputs. */
export const frameTranslateOutput = stageOutputReader<FrameTranslateStageOutputs>();
