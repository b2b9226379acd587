// Which lipsync stage saves which output shape (both the standard and the precision stage lists); stages read
// earlier outputs through lipsyncOutput.
import { stageOutputReader, type CommonStageOutputs } from '../stage-outputs.js';
import type { FaceTrackFile } from './faces-stage.js';
import type { MouthTargetsFile } from './mouth-targets-stage.js';
import type { MouthBankFolder } from './exemplar/mouth-bank-stage.js';
import type { FaceCropsFile } from './precision/face-crops-stage.js';
import type { RenderedVideo } from './render-stage.js';
import type { LipsyncPlan } from './types.js';

export interface LipsyncOutputs extends CommonStageOutputs {
  prepare: LipsyncPlan;
  'mouth-targets': MouthTargetsFile;
  faces: FaceTrackFile;
  'face-crops': FaceCropsFile;
  'mouth-bank': MouthBankFolder;
  render: RenderedVideo;
}

export const lipsyncOutput = stageOutputReader<LipsyncOutputs>();
