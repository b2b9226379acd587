import { DubDeskError } from '../../../shared/errors.js';
import { prepareDrivingAudio } from '../lipsync/driving-audio.js';
import { readReusableManifest } from '../../engines/lipsync/reusable-data.js';
import type { Stage } from '../types.js';
import type { ReusableLipsyncDeps, ReusableLipsyncRequest, ReusablePlan } from './types.js';
import { reusableLipsyncOutput } from './outputs.js';

/** processing: finds the model's stored face data and settles the output: as long as the audio, at the reference's rate. */
export function prepareReusableStage(deps: ReusableLipsyncDeps): Stage<ReusableLipsyncRequest> {
  return {
    name: 'prepare',
    label: 'Preparing',
    status: 'processing',
    weight: 0.3,
    async run({ request, outputs }, ctx) {
      const dir = await deps.reusableModelDir(request.model_id);
      if (!dir)
        throw new DubDeskError(
          'not_found',
          `Reusable lip-sync model ${request.model_id} no longer exists; GET /v1/reusable_lipsync_models lists yours.`,
        );
      const { reference, framesWithFace } = await readReusableManifest(dir);
      const audioInput = reusableLipsyncOutput(outputs, 'fetch-inputs').inputs.audio_url!;
      const audio = await prepareDrivingAudio(audioInput, ctx.workDir, deps.media, ctx.signal);
      const { durationSec } = audio;
      const frameCount = Math.max(1, Math.round(durationSec * reference.fps));
      ctx.log(
        `reusable ` +
          `model ${request.model_id}: ${reference.name} ${reference.width}x${reference.height}, face ` +
          `stored on ${framesWithFace} of ${reference.frameCount} frames; ` +
          `audio ${durationSec.toFixed(2)} s -> ${frameCount} frames at ${reference.fps.toFixed(2)} fps`,
      );
      return {
        model: { id: request.model_id, dir },
        audio,
        output: { fps: reference.fps, frameCount },
      } satisfies ReusablePlan;
    },
  };
}
