// Which engine draws a lip-sync job's mouths: settled once, in the job's plan, so a resumed job keeps the engine it
// started with even if a model was installed in between.
import type { LipsyncEngineId, LipsyncModelName } from './types.js';

export interface LipsyncEngineChoice {
  id: LipsyncEngineId;
  /** Why this engine, in a user's words (the job log shows it). */
  reason: string;
}

export interface LipsyncChoiceInputs {
  model: LipsyncModelName;
  /** The reference is a still picture rather than a video. */
  isImage: boolean;
  /** A Wav2Lip-class model is installed. */
  generatorInstalled: boolean;
}

export function chooseLipsyncEngine({ model, isImage, generatorInstalled }: LipsyncChoiceInputs): LipsyncEngineChoice {
  if (model === 'standard_v1') return { id: 'mouth-warp', reason: 'standard_v1 reshapes the mouth in place' };
  if (generatorInstalled) return { id: 'wav2lip', reason: 'precision_v1 with a lip-sync model installed' };
  // Without a model: a video holds the person's own mouths to pick from; a picture holds one, so it is reshaped.
  return isImage
    ? {
        id: 'mouth-warp',
        reason:
          'precision_v1 without a lip-sync model installed: a picture has only one mouth to draw ' +
          'from, so it is reshaped with a slower, finer encode',
      }
    : {
        id: 'exemplar',
        reason:
          "precision_v1 without a lip-sync model installed: the person's own mouths, picked from the reference video",
      };
}
