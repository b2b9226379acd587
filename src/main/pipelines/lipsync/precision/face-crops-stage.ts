import path from 'node:path';
import { createRgbImage, type PixelBox } from '../../../media/image/rgb-image.js';
import { readFrames } from '../../../media/frames.js';
import { decodeStillImage } from '../../../media/still-image.js';
import { PRECISION_LIPSYNC_MODEL } from '../../../requests/required-models.js';
import { writeFileAtomic, writeHandleAtomic } from '../../../files/atomic-write.js';
import type { Stage, StageContext } from '../../types.js';
import { readFaceTrack } from '../face-track-file.js';
import type { FaceCropsFile, LipsyncDeps, LipsyncPlan, LipsyncRequest } from '../types.js';
import { planInWorkDir } from '../work-plan.js';
import { cropBoxesForTrack, FACE_CROP_SIZE } from '../../../engines/lipsync/wav2lip/crop-box.js';
import {
  CROP_BYTES,
  REUSABLE_DIR,
  REUSABLE_LAYOUT_VERSION,
  REUSABLE_MANIFEST,
  startReusableFolder,
  type ReusableManifest,
} from '../../../engines/lipsync/reusable-data.js';
import { resizeRgbBox } from '../../../media/image/resize.js';
import { lipsyncOutput } from '../outputs.js';

/** Every reference frame's 96x96 crop into `file` (frame i at byte i x 96 x 96 x 3; zeros where there is no face). */
async function writeCrops(
  file: string,
  plan: LipsyncPlan,
  boxes: (PixelBox | null)[],
  deps: LipsyncDeps,
  ctx: StageContext,
): Promise<void> {
  const { reference } = planInWorkDir(plan, ctx.workDir);
  await writeHandleAtomic(file, async (handle) => {
    const crop = createRgbImage(FACE_CROP_SIZE, FACE_CROP_SIZE);
    const store = async (index: number, data: Uint8Array) => {
      const box = boxes[index];
      if (!box) return;
      resizeRgbBox(
        { data, width: reference.width, height: reference.height },
        box,
        FACE_CROP_SIZE,
        FACE_CROP_SIZE,
        crop,
      );
      await handle.write(crop.data, 0, CROP_BYTES, index * CROP_BYTES);
    };
    if (reference.isImage) {
      const image = await decodeStillImage(reference.path, {
        signal: ctx.signal,
        ffmpeg: deps.media.ffmpeg,
        ffprobe: deps.media.ffprobe,
      });
      await store(0, image.data);
    } else {
      let index = 0;
      for await (const frame of readFrames(reference.path, {
        pixelFormat: 'rgb24',
        fps: reference.fps,
        signal: ctx.signal,
        ffmpeg: deps.media.ffmpeg,
      })) {
        if (index >= reference.frameCount) break;
        await store(index, frame.data);
        ctx.progress(++index / reference.frameCount);
      }
    }
    // Frames without a face, and any the file failed to deliver, stay zero: the reader can seek to every index.
    await handle.truncate(reference.frameCount * CROP_BYTES);
  });
}

/**
 * processing (precision_v1): the square face crop of every reference frame, at the generator's 96x96, written with
 * the reference, the face track and the boxes into the work dir's reusable folder, which the render reads from.
 */
export function faceCropsStage(deps: LipsyncDeps): Stage<LipsyncRequest> {
  return {
    name: 'face-crops',
    label: 'Cropping the face',
    status: 'processing',
    weight: 0.4,
    async run({ outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      const { reference } = planInWorkDir(plan, ctx.workDir);
      const track = await readFaceTrack(ctx.workDir, lipsyncOutput(outputs, 'faces'));
      const boxes = cropBoxesForTrack(track.slice(0, reference.frameCount), reference.width, reference.height);
      while (boxes.length < reference.frameCount) boxes.push(null);
      const folder = await startReusableFolder(ctx.workDir, reference, track.slice(0, reference.frameCount));
      const { dir } = folder;
      await writeFileAtomic(path.join(dir, 'boxes.json'), JSON.stringify(boxes));
      await writeCrops(path.join(dir, 'crops.rgb'), plan, boxes, deps, ctx);
      const framesWithFace = boxes.filter(Boolean).length;
      const manifest: ReusableManifest = {
        version: REUSABLE_LAYOUT_VERSION,
        model: PRECISION_LIPSYNC_MODEL,
        reference: folder.reference,
        cropSize: FACE_CROP_SIZE,
        crops: 'crops.rgb',
        boxes: 'boxes.json',
        track: folder.track,
        framesWithFace,
      };
      await writeFileAtomic(path.join(dir, REUSABLE_MANIFEST), JSON.stringify(manifest, null, 1));
      ctx.log(
        `face crops: ${framesWithFace} of ${reference.frameCount} reference ` +
          `frames, ${FACE_CROP_SIZE}x${FACE_CROP_SIZE}, kept in ${REUSABLE_DIR}/ for reuse`,
      );
      return { reusable: REUSABLE_DIR } satisfies FaceCropsFile;
    },
  };
}
