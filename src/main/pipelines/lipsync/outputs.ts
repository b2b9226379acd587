// Which lipsync stage saves which output shape (both the standard and the precision stage lists); stages read
// earlier outputs through lipsyncOutput.
import { stageOutputReader, type CommonStageOutputs } from '../stage-outputs.js';
import type { FaceTrackFile } from './face-track-file.js';
import type { MouthTargetsFile } from './mouth-targets-file.js';
import type { FaceCropsFile, LipsyncPlan, MouthBankFolder, RenderedVideo } from './types.js';

export interface LipsyncOutputs extends CommonStageOutputs {
  prepare: LipsyncPlan;
  'mouth-targets': MouthTargetsFile;
  faces: FaceTrackFile;
  'face-crops': FaceCropsFile;
  'mouth-bank': MouthBankFolder;
  render: RenderedVideo;
}

export const lipsyncOutput = stageOutputReader<LipsyncOutputs>();
