import path from 'node:path';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { Stage } from '../types.js';
import { mouthTargetsForAudio } from '../../engines/lipsync/audio-mouth-targets.js';
import type { MouthTargetsFile } from './mouth-targets-file.js';
import type { LipsyncDeps, LipsyncRequest } from './types.js';
import { lipsyncOutput } from './outputs.js';

/** processing: the mouth shape every output frame should show, from the driving audio's energy and spectrum. */
export function mouthTargetsStage(deps: LipsyncDeps): Stage<LipsyncRequest> {
  return {
    name: 'mouth-targets',
    label: 'Reading the audio',
    status: 'processing',
    weight: 0.2,
    async run({ outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      const { shapes, speakingFrames } = await mouthTargetsForAudio(
        path.join(ctx.workDir, plan.audio.wav16k),
        plan.output,
        deps,
        ctx.signal,
      );
      ctx.log(`mouth targets: speech on ${speakingFrames} of ${shapes.length} frames`);
      const file = 'audio/mouth-targets.json';
      await writeFileAtomic(
        path.join(ctx.workDir, file),
        JSON.stringify({
          opening: shapes.map((shape) => shape.opening),
          width: shapes.map((shape) => shape.width),
          rounding: shapes.map((shape) => shape.rounding),
        }),
      );
      return { targets: file } satisfies MouthTargetsFile;
    },
  };
}
