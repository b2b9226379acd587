import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FaceLandmarks } from '../../engines/face/types.js';
import { createFrameWriter } from '../../media/frames.js';
import { decodeStillImage } from '../../media/still-image.js';
import type { Stage } from '../types.js';
import { readFaceTrack } from './face-track-file.js';
import { applyIdleMotion, planIdleMotion, swayPoint, swaySource } from './idle-motion.js';
import { applyMouthShape } from './mouth-warp.js';
import { lipsyncVideoPath } from './driving-audio.js';
import { readMouthTargets } from './mouth-targets-file.js';
import { scheduledReferenceFrames } from './reference-frames.js';
import type { LipsyncDeps, LipsyncPlan, LipsyncRequest, RenderedVideo } from './types.js';
import { planInWorkDir } from './work-plan.js';
import { resolveWorkPath } from '../work-paths.js';
import { lipsyncOutput } from './outputs.js';
import { rendererName, resultEncodeArgs } from './renderer.js';

/** The source of frames in output order: the picture for every frame, or the reference video cut or ping-ponged. */
async function* outputFrames(plan: LipsyncPlan, deps: LipsyncDeps, signal: AbortSignal): AsyncGenerator<{ referenceIndex: number; data: Buffer }> {
  const { reference, output } = plan;
  if (reference.isImage) {
    const image = await decodeStillImage(reference.path, { signal, ffmpeg: deps.media.ffmpeg, ffprobe: deps.media.ffprobe });
    for (let i = 0; i < output.frameCount; i++) yield { referenceIndex: 0, data: Buffer.from(image.data) };
    return;
  }
  yield* scheduledReferenceFrames({ path: reference.path, fps: reference.fps, frameCount: reference.frameCount }, output.frameCount, { signal, ffmpeg: deps.media.ffmpeg });
}

/** processing (the mouth warp): reshapes the mouth of every frame to its target and encodes the video with the driving audio. */
export function renderLipsyncStage(deps: LipsyncDeps): Stage<LipsyncRequest> {
  return {
    name: 'render',
    label: 'Rendering',
    status: 'processing',
    weight: 4,
    async run({ request, outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      const faces = await readFaceTrack(ctx.workDir, lipsyncOutput(outputs, 'faces'));
      const shapeAt = await readMouthTargets(ctx.workDir, lipsyncOutput(outputs, 'mouth-targets'));
      const { reference, output } = plan;
      const video = lipsyncVideoPath(reference.name);
      await mkdir(path.join(ctx.workDir, 'output'), { recursive: true });
      const writer = createFrameWriter({
        output: path.join(ctx.workDir, video), width: reference.width, height: reference.height, fps: output.fps, pixelFormat: 'rgb24',
        encode: resultEncodeArgs(request.model, reference.isImage),
        audio: { file: resolveWorkPath(ctx.workDir, plan.audio.path) }, durationSec: output.frameCount / output.fps, signal: ctx.signal, ffmpeg: deps.media.ffmpeg,
      });
      try {
        let written = 0;
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
          const moved = { outer: mouth.outer.map((p) => swayPoint(p, face.box, pose)), inner: mouth.inner.map((p) => swayPoint(p, face.box, pose)) };
          applyMouthShape(frame, moved, shapeAt(written), { source: { image: unmoved, toSource: swaySource(face.box, reference.width, reference.height, pose) } });
        };
        for await (const frame of outputFrames(planInWorkDir(plan, ctx.workDir), deps, ctx.signal)) {
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
        ctx.log(`rendered ${written} frames at ${output.fps.toFixed(2)} fps`);
      } catch (error) {
        await writer.abort();
        throw error;
      }
      return { video, engine: rendererName('mouth-warp') } satisfies RenderedVideo;
    },
  };
}
