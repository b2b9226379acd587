// How a lip-sync result is encoded, whichever engine drew it.
import { h264EncodeArgs } from '../../media/ffmpeg-args.js';
import type { LipsyncModelName } from './types.js';

/**
 * x264 settings of the result. A photo's head sways by fractions of a pixel: x264's grain tuning keeps the skin
 * detail its default smooths away. precision_v1 spends more time per frame for fewer coding losses.
 */
export function resultEncodeArgs(model: LipsyncModelName, isImage: boolean): string[] {
  const precise = model === 'precision_v1';
  if (isImage) return [...h264EncodeArgs(precise ? 'medium' : 'veryfast', precise ? 14 : 16), '-tune', 'grain'];
  return precise ? h264EncodeArgs('medium', 17) : h264EncodeArgs();
}
