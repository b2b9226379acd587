import path from 'node:path';
import { writeFileAtomic } from '../../../files/atomic-write.js';
import { readFrames } from '../../../media/frames.js';
import type { Stage, StageOutput } from '../../types.js';
import { readFaceTrack } from '../faces-stage.js';
import { lipsyncOutput } from '../outputs.js';
import { FACE_FRAMES_FILE, REUSABLE_DIR, REUSABLE_LAYOUT_VERSION, REUSABLE_MANIFEST, startReusableFolder, type ExemplarManifest } from '../precision/reusable-data.js';
import { planInWorkDir } from '../prepare-stage.js';
import type { LipsyncDeps, LipsyncRequest } from '../types.js';
import { fuseFacePath, followEyeRegion } from './face-path.js';
import { writeMouthBank } from './mouth-bank.js';

export interface MouthBankFolder extends StageOutput {
  /** The reusable folder holding the bank, relative to the work dir. */
  reusable: string;
  mouths: number;
}

/**
 * processing (exemplar engine): the face's steady path through the reference, then every reference frame's mouth,
 * resampled into the face frame and measured, written
 * with the reference and the face track into the work dir's reusable folder, which the render reads from.
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
      const read = (pixelFormat: 'gray' | 'rgb24', pass: number) => (async function* () {
        let index = 0;
        for await (const frame of readFrames(reference.path, { pixelFormat, fps: reference.fps, signal: ctx.signal, ffmpeg: deps.media.ffmpeg })) {
          if (index >= reference.frameCount) break;
          yield { index, image: { data: frame.data, width: reference.width, height: reference.height } };
          ctx.progress((pass + ++index / reference.frameCount) / 2);
        }
      })();
      // First pass: how the face really moved, for a steady place to paste on; second: the mouths themselves.
      const shifts = await followEyeRegion(track, (async function* () {
        for await (const { image } of read('gray', 0)) yield image;
      })());
      const faceFrames = fuseFacePath(track, shifts);
      await writeFileAtomic(path.join(dir, FACE_FRAMES_FILE), JSON.stringify(faceFrames));
      const bank = await writeMouthBank(dir, track, faceFrames, read('rgb24', 1));
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
      ctx.log(`mouth bank: ${bank.entries.length} of ${reference.frameCount} reference frames, ${bank.patchWidth}x${bank.patchHeight} px each, kept in ${REUSABLE_DIR}/ for reuse; `
        + `openings from ${openings[0]!.toFixed(2)} to ${openings[openings.length - 1]!.toFixed(2)} (median ${openings[Math.floor(openings.length / 2)]!.toFixed(2)})`);
      return { reusable: REUSABLE_DIR, mouths: bank.entries.length } satisfies MouthBankFolder;
    },
  };
}
