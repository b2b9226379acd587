import { DubDeskError } from '../../../shared/errors.js';
import type { Stage } from '../types.js';
import { prepareDrivingAudio } from './driving-audio.js';
import type { Engines } from '../../engines/registry.js';
import { chooseLipsyncEngine } from '../../engines/lipsync/choose.js';
import { lipsyncEngineById } from '../../engines/lipsync/engines.js';
import type { LipsyncDeps, LipsyncPlan, LipsyncRequest } from './types.js';
import { lipsyncOutput } from './outputs.js';
import { planStepNamed } from '../../plans/job-plan.js';
import type { LipsyncEngineId } from '../../engines/lipsync/types.js';

/** An image reference becomes a video at this rate (as the cloud service). */
export const IMAGE_OUTPUT_FPS = 25;

export interface PrepareDeps extends LipsyncDeps {
  engines: Pick<Engines, 'lipsyncGeneratorInstalled'>;
}

/**
 * processing: settles the output (as long as the audio, the reference's frame rate), the engine that draws the
 * mouths, and decodes the driving audio.
 */
export function prepareLipsyncStage(deps: PrepareDeps): Stage<LipsyncRequest> {
  return {
    name: 'prepare',
    label: 'Preparing',
    status: 'processing',
    weight: 0.3,
    async run({ request, outputs, plan }, ctx) {
      const inputs = lipsyncOutput(outputs, 'fetch-inputs').inputs;
      const reference = inputs.reference_file_url!;
      const audioInput = inputs.audio_url ?? reference;
      const info = reference.info;
      const video = info?.video;
      if (!video)
        throw new DubDeskError('media_unreadable', `${reference.name} could not be read as a picture or video.`);
      const isImage = request.reference_file_type === 'image';
      const audio = await prepareDrivingAudio(audioInput, ctx.workDir, deps.media, ctx.signal);
      const { durationSec } = audio;
      const referenceFps = isImage ? IMAGE_OUTPUT_FPS : video.fps > 0 ? video.fps : IMAGE_OUTPUT_FPS;
      const referenceFrames = isImage ? 1 : Math.max(1, Math.round(info.durationSec * referenceFps));
      const outputFrames = Math.max(1, Math.round(durationSec * referenceFps));
      // The engine the job's plan names (a stage run without a plan, in tests, asks the planner's own choice).
      const planned = planStepNamed(plan, 'render')?.engine?.id as LipsyncEngineId | undefined;
      const renderer = planned
        ? lipsyncEngineById(planned).id
        : chooseLipsyncEngine({
            model: request.model,
            isImage,
            generatorInstalled: deps.engines.lipsyncGeneratorInstalled(),
          }).id;
      if (request.model === 'precision_v1' && renderer !== 'wav2lip') {
        ctx.log(
          `precision_v1 without a lip-sync model ` +
            `installed: ${lipsyncEngineById(renderer).title}${isImage ? ' with a slower, finer encode (a picture has only one mouth to draw from)' : ', picked from the reference video'}`,
        );
      }
      ctx.log(
        `reference ${reference.name}: ${video.displayWidth}x${video.displayHeight}${isImage ? ' picture' : `, ${referenceFrames} frames at ${referenceFps.toFixed(2)} fps`}; ` +
          `audio ${durationSec.toFixed(2)} s -> ${outputFrames} ` +
          `frames${!isImage && referenceFrames < outputFrames ? ' (reference plays forward and back)' : ''}`,
      );
      return {
        renderer,
        reference: {
          path: reference.path,
          name: reference.name,
          isImage,
          width: video.displayWidth,
          height: video.displayHeight,
          fps: referenceFps,
          frameCount: referenceFrames,
          hasAudio: info.hasAudio,
        },
        audio,
        output: { fps: referenceFps, frameCount: outputFrames },
      } satisfies LipsyncPlan;
    },
  };
}
