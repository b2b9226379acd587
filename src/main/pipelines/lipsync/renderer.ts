// Which engine draws a lip-sync job's mouths, and how its result is encoded: settled once, in the plan, so a
// resumed job keeps the engine it started with even if a model was installed in between.
import { h264EncodeArgs } from '../../media/ffmpeg-args.js';
import type { LipsyncPlan, LipsyncRenderer, LipsyncRequest } from './types.js';

export function chooseRenderer(model: LipsyncRequest['model'], isImage: boolean, generatorInstalled: boolean): LipsyncRenderer {
  if (model === 'standard_v1') return 'mouth-warp';
  if (generatorInstalled) return 'generator';
  // Without a model: a video holds the person's own mouths to pick from; a picture holds one, so it is reshaped.
  return isImage ? 'mouth-warp' : 'exemplar';
}

/** The plan's renderer; plans saved before the built-in precision engines had none and always used the generator. */
export function rendererOf(plan: Pick<LipsyncPlan, 'renderer'>, model: LipsyncRequest['model']): LipsyncRenderer {
  return plan.renderer ?? (model === 'standard_v1' ? 'mouth-warp' : 'generator');
}

/** What the log and the task's stage list name as the engine that drew the mouths. */
export function rendererName(renderer: LipsyncRenderer, generatorTitle?: string): string {
  if (renderer === 'generator') return generatorTitle ?? 'lip-sync model';
  return renderer === 'exemplar' ? 'DubDesk exemplar mouths (built in)' : 'DubDesk mouth warp (built in)';
}

/**
 * x264 settings of the result. A photo's head sways by fractions of a pixel: x264's grain tuning keeps the skin
 * detail its default smooths away. precision_v1 spends more time per frame for fewer coding losses.
 */
export function resultEncodeArgs(model: LipsyncRequest['model'], isImage: boolean): string[] {
  const precise = model === 'precision_v1';
  if (isImage) return [...h264EncodeArgs(precise ? 'medium' : 'veryfast', precise ? 14 : 16), '-tune', 'grain'];
  return precise ? h264EncodeArgs('medium', 17) : h264EncodeArgs();
}
