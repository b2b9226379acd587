import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { trackFaces } from '../../engines/face/face-tracker.js';
import { describeFrameRanges } from '../../engines/face/tracking.js';
import type { FaceLandmarks, RgbFrame } from '../../engines/face/types.js';
import type { Engines } from '../../engines/registry.js';
import { readFrames } from '../../media/frames.js';
import { decodeStillImage } from '../../media/still-image.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { Stage } from '../types.js';
import type { FaceTrackFile } from './face-track-file.js';
import type { LipsyncDeps, LipsyncRequest } from './types.js';
import { planInWorkDir } from './work-plan.js';
import { lipsyncOutput } from './outputs.js';
import { rendererOf } from './renderer.js';

/** A talking reference's own lips move fast: detecting every 4th frame (about 15 ms a frame) keeps them measured. */
export const KEY_FRAME_INTERVAL = 4;

export interface FacesDeps extends LipsyncDeps {
  engines: Pick<Engines, 'faceDetector'>;
}

/** processing: finds the largest face and follows it through the reference, with its lip contours per frame. */
export function facesStage(deps: FacesDeps): Stage<LipsyncRequest> {
  return {
    name: 'faces',
    label: 'Finding the face',
    status: 'processing',
    weight: 1,
    async run({ request, outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      // The exemplar engine reads the mouth of every frame: each needs its own landmarks, neither interpolated nor
      // averaged with its neighbours' (it steadies only the eyes it aligns by).
      const exemplar = rendererOf(plan, request.model) === 'exemplar';
      const { reference } = planInWorkDir(plan, ctx.workDir);
      const detector = await deps.engines.faceDetector();
      let faces: (FaceLandmarks | null)[];
      let framesWithoutFace: number[];
      if (reference.isImage) {
        const image = await decodeStillImage(reference.path, {
          signal: ctx.signal,
          ffmpeg: deps.media.ffmpeg,
          ffprobe: deps.media.ffprobe,
        });
        const found = await detector.detect({ ...image, channels: 3 });
        faces = [found[0] ?? null];
        framesWithoutFace = found.length ? [] : [0];
      } else {
        let done = 0;
        const frames = (async function* (): AsyncGenerator<RgbFrame> {
          for await (const frame of readFrames(reference.path, {
            pixelFormat: 'rgb24',
            fps: reference.fps,
            signal: ctx.signal,
            ffmpeg: deps.media.ffmpeg,
          })) {
            ctx.progress(++done / reference.frameCount);
            yield { data: frame.data, width: reference.width, height: reference.height, channels: 3 };
          }
        })();
        const tracked = await trackFaces(
          frames,
          detector,
          exemplar
            ? { interval: 1, smoothingRadius: 0, signal: ctx.signal }
            : { interval: KEY_FRAME_INTERVAL, signal: ctx.signal },
        );
        faces = tracked.faces;
        framesWithoutFace = tracked.framesWithoutFace;
        ctx.log(
          `face landmarks detected on ${tracked.detectedFrames.length} of ${faces.length} ` +
            `frames${tracked.detectedFrames.length < faces.length ? ', interpolated between' : ''}`,
        );
      }
      if (faces.every((face) => face === null)) {
        throw new DubDeskError(
          'no_face_detected',
          reference.isImage
            ? `No face was found in ${reference.name}. Use a picture where the face is clearly visible.`
            : `No face was found in ${reference.name} (frames ${describeFrameRanges(framesWithoutFace)} ` +
                `checked). Use a video where the face is clearly visible.`,
        );
      }
      if (framesWithoutFace.length)
        ctx.log(
          `no face on frames ${describeFrameRanges(framesWithoutFace)}: those frames are left as they are`,
          'warn',
        );
      const track = 'faces/track.json';
      await writeFileAtomic(path.join(ctx.workDir, track), JSON.stringify(faces));
      return { track, framesWithoutFace } satisfies FaceTrackFile;
    },
  };
}
