// The mouth warp as a lip-sync engine: every frame's mouth reshaped in place to the shape the audio asks for; a still
// picture also gets blinks and a slow head sway (idle-motion.ts). standard_v1, and precision_v1 on a picture.
import type { FaceLandmarks } from '../../face/types.js';
import { createFrameWriter } from '../../../media/frames.js';
import { decodeStillImage } from '../../../media/still-image.js';
import { scheduledReferenceFrames } from '../reference-frames.js';
import { resultEncodeArgs } from '../result-encode.js';
import { engineRow } from '../../capability-table.js';
import type { LipsyncEngine, LipsyncMediaDeps, LipsyncRenderJob } from '../types.js';
import { applyIdleMotion, planIdleMotion, swayPoint, swaySource } from './idle-motion.js';
import { applyMouthShape } from './mouth-warp.js';

/** The source of frames in output order: the picture for every frame, or the reference video cut or ping-ponged. */
async function* outputFrames(
  job: LipsyncRenderJob,
  deps: LipsyncMediaDeps,
  signal: AbortSignal,
): AsyncGenerator<{ referenceIndex: number; data: Buffer }> {
  const { reference, output } = job;
  if (reference.isImage) {
    const image = await decodeStillImage(reference.path, {
      signal,
      ffmpeg: deps.media.ffmpeg,
      ffprobe: deps.media.ffprobe,
    });
    for (let i = 0; i < output.frameCount; i++) yield { referenceIndex: 0, data: Buffer.from(image.data) };
    return;
  }
  yield* scheduledReferenceFrames(
    { path: reference.path, fps: reference.fps, frameCount: reference.frameCount },
    output.frameCount,
    { signal, ffmpeg: deps.media.ffmpeg },
  );
}

export const mouthWarpEngine: LipsyncEngine = {
  id: 'mouth-warp',
  title: engineRow('lip-sync', 'mouth-warp').title,
  // Not a draft to proofread: the quality report's sync score says how well it matched.
  quality: 'standard',
  inWords: 'the mouth warp',
  supports: { models: ['standard_v1', 'precision_v1'], media: ['picture', 'video'] },
  needs: { builtIn: 'a warp of the mouth to the speech' },
  uses: ['mouth-targets'],
  async render(job, deps, ctx) {
    const faces = await job.prepared.faceTrack();
    const shapeAt = await job.prepared.mouthTargets();
    const { reference, output } = job;
    const writer = createFrameWriter({
      output: job.video,
      width: reference.width,
      height: reference.height,
      fps: output.fps,
      pixelFormat: 'rgb24',
      encode: resultEncodeArgs(job.model, reference.isImage),
      audio: { file: job.audio.path },
      durationSec: output.frameCount / output.fps,
      signal: ctx.signal,
      ffmpeg: deps.media.ffmpeg,
    });
    let written = 0;
    try {
      let last: Buffer | undefined;
      // A still picture gets blinks and a slow head sway; a video has its own motion.
      const idle = reference.isImage ? planIdleMotion(output.frameCount, output.fps) : undefined;
      if (idle) ctx.log(`idle motion: ${idle.blinks.length} blinks and a slow head sway`);
      const draw = (data: Buffer, face: FaceLandmarks | null) => {
        if (!face) return;
        const frame = { data, width: reference.width, height: reference.height };
        const mouth = { outer: face.mouthOuter, inner: face.mouthInner };
        if (!idle) {
          applyMouthShape(frame, mouth, shapeAt(written));
          return;
        }
        // The head sways first; then the mouth is drawn where the sway put it, reading the unmoved picture, so no
        // pixel is resampled twice (warping, then swaying, kept 0.876 of a closed mouth's detail; each alone ~0.94).
        const pose = idle.poseAt(written);
        const unmoved = { data: Buffer.from(data), width: reference.width, height: reference.height };
        applyIdleMotion(frame, face, pose);
        const moved = {
          outer: mouth.outer.map((p) => swayPoint(p, face.box, pose)),
          inner: mouth.inner.map((p) => swayPoint(p, face.box, pose)),
        };
        applyMouthShape(frame, moved, shapeAt(written), {
          source: { image: unmoved, toSource: swaySource(face.box, reference.width, reference.height, pose) },
        });
      };
      for await (const frame of outputFrames(job, deps, ctx.signal)) {
        if (written >= output.frameCount) break;
        draw(frame.data, faces[frame.referenceIndex] ?? null);
        await writer.write(frame.data);
        last = frame.data;
        ctx.progress(++written / output.frameCount);
      }
      // A reference can hold fewer frames than its duration promised: the last one fills the rest.
      while (last && written < output.frameCount) {
        await writer.write(last);
        ctx.progress(++written / output.frameCount);
      }
      await writer.end();
    } catch (error) {
      await writer.abort();
      throw error;
    }
    return {
      engine: mouthWarpEngine.title,
      summary: `rendered ${written} frames at ${output.fps.toFixed(2)} fps`,
      details: {},
    };
  },
};
