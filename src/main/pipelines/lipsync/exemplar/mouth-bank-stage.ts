import path from 'node:path';
import { writeFileAtomic } from '../../../files/atomic-write.js';
import { readFrames } from '../../../media/frames.js';
import { toDubDeskError } from '../../../../shared/errors.js';
import type { Stage, StageContext } from '../../types.js';
import type { MouthShape } from '../../../engines/lipsync/mouth-shape.js';
import { readFaceTrack } from '../face-track-file.js';
import { lipsyncOutput } from '../outputs.js';
import {
  FACE_FRAMES_FILE,
  REUSABLE_DIR,
  REUSABLE_LAYOUT_VERSION,
  REUSABLE_MANIFEST,
  startReusableFolder,
  type ExemplarManifest,
} from '../../../engines/lipsync/reusable-data.js';
import { planInWorkDir } from '../work-plan.js';
import type { LipsyncDeps, LipsyncPlan, LipsyncRequest, MouthBankFolder } from '../types.js';
import { fuseFacePath, followEyeRegion } from '../../../engines/lipsync/exemplar/face-path.js';
import { writeMouthBank } from '../../../engines/lipsync/exemplar/mouth-bank.js';
import { mouthTargetsForAudio } from '../../../engines/lipsync/audio-mouth-targets.js';

/** The shapes the reference's own sound asks for, frame by frame; null (with a warning in the log) if it cannot be read. */
async function referenceSpeechShapes(
  reference: LipsyncPlan['reference'],
  deps: LipsyncDeps,
  ctx: StageContext,
): Promise<MouthShape[] | null> {
  try {
    return (
      await mouthTargetsForAudio(
        reference.path,
        { fps: reference.fps, frameCount: reference.frameCount },
        deps,
        ctx.signal,
      )
    ).shapes;
  } catch (error) {
    ctx.signal.throwIfAborted();
    ctx.log(
      `the reference's sound could not be read (${toDubDeskError(error).message}): its mouths are labelled by their landmarks`,
      'warn',
    );
    return null;
  }
}

/**
 * processing (exemplar engine): the face's steady path through the reference, then every reference frame's mouth,
 * resampled into the face frame and labelled, written with the reference and the face track into the work dir's
 * reusable folder, which the render reads from.
 */
export function mouthBankStage(deps: LipsyncDeps): Stage<LipsyncRequest> {
  return {
    name: 'mouth-bank',
    label: 'Collecting the mouths',
    status: 'processing',
    weight: 0.5,
    async run({ outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      const { reference } = planInWorkDir(plan, ctx.workDir);
      const track = (await readFaceTrack(ctx.workDir, lipsyncOutput(outputs, 'faces'))).slice(0, reference.frameCount);
      const folder = await startReusableFolder(ctx.workDir, reference, track);
      const { dir } = folder;
      const read = (pixelFormat: 'gray' | 'rgb24', pass: number) =>
        (async function* () {
          let index = 0;
          for await (const frame of readFrames(reference.path, {
            pixelFormat,
            fps: reference.fps,
            signal: ctx.signal,
            ffmpeg: deps.media.ffmpeg,
          })) {
            if (index >= reference.frameCount) break;
            yield { index, image: { data: frame.data, width: reference.width, height: reference.height } };
            ctx.progress((pass + ++index / reference.frameCount) / 2);
          }
        })();
      // First pass: how the face really moved, for a steady place to paste on; second: the mouths themselves.
      const shifts = await followEyeRegion(
        track,
        (async function* () {
          for await (const { image } of read('gray', 0)) yield image;
        })(),
      );
      const faceFrames = fuseFacePath(track, shifts);
      await writeFileAtomic(path.join(dir, FACE_FRAMES_FILE), JSON.stringify(faceFrames));
      // The shapes the reference's own speech asks for, to label its mouths with when they agree (mouth-labels.ts).
      const audioShapes = reference.hasAudio ? await referenceSpeechShapes(reference, deps, ctx) : null;
      const bank = await writeMouthBank(dir, track, faceFrames, audioShapes, read('rgb24', 1));
      const manifest: ExemplarManifest = {
        version: REUSABLE_LAYOUT_VERSION,
        engine: 'exemplar',
        reference: folder.reference,
        track: folder.track,
        faceFrames: FACE_FRAMES_FILE,
        framesWithFace: track.filter(Boolean).length,
      };
      await writeFileAtomic(path.join(dir, REUSABLE_MANIFEST), JSON.stringify(manifest, null, 1));
      const openings = bank.entries.map((entry) => entry.shape.opening).sort((a, b) => a - b);
      const { source, agreement } = bank.labels;
      ctx.log(
        `mouth bank: ${bank.entries.length} of ${reference.frameCount} reference ` +
          `frames, ${bank.patchWidth}x${bank.patchHeight} px each, kept in ${REUSABLE_DIR}/ for reuse; ` +
          `shapes from ` +
          `the ${source === 'audio' ? "reference's own speech" : 'landmarks'}${agreement === null ? ' (the reference has no sound)' : ` (soundtrack and landmarks agree ${agreement.toFixed(2)})`}; ` +
          `openings from ${openings[0]!.toFixed(2)} to ${openings[openings.length - 1]!.toFixed(2)} ` +
          `(median ${openings[Math.floor(openings.length / 2)]!.toFixed(2)})`,
      );
      return { reusable: REUSABLE_DIR, mouths: bank.entries.length } satisfies MouthBankFolder;
    },
  };
}
