import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { decodeAudioPcm } from '../../media/audio.js';
import { writeFileAtomic } from '../../files/atomic-write.js';
import type { Stage, StageOutput } from '../types.js';
import { extractFrameAudioFeatures } from './audio-features.js';
import { mouthTargetsFromFeatures } from './mouth-targets.js';
import type { LipsyncDeps, LipsyncRequest } from './types.js';
import type { MouthShape } from './mouth-shape.js';
import { lipsyncOutput } from './outputs.js';

export interface MouthTargetsFile extends StageOutput {
  /** JSON {opening, width, rounding} arrays, one value per output frame, relative to the work dir. */
  targets: string;
}

export async function readMouthTargets(workDir: string, output: MouthTargetsFile): Promise<(index: number) => MouthShape> {
  const { opening, width, rounding } = JSON.parse(await readFile(path.join(workDir, output.targets), 'utf8')) as Record<'opening' | 'width' | 'rounding', number[]>;
  const last = opening.length - 1;
  return (index) => {
    const i = Math.min(index, last);
    return { opening: opening[i]!, width: width[i]!, rounding: rounding[i]! };
  };
}

/** processing: the mouth shape every output frame should show, from the driving audio's energy and spectrum. */
export function mouthTargetsStage(deps: LipsyncDeps): Stage<LipsyncRequest> {
  return {
    name: 'mouth-targets',
    label: 'Reading the audio',
    status: 'processing',
    weight: 0.2,
    async run({ outputs }, ctx) {
      const plan = lipsyncOutput(outputs, 'prepare');
      const samples = await decodeAudioPcm(path.join(ctx.workDir, plan.audio.wav16k), { sampleRate: 16_000, signal: ctx.signal, ffmpeg: deps.media.ffmpeg });
      const targets = mouthTargetsFromFeatures(extractFrameAudioFeatures(samples, 16_000, { fps: plan.output.fps, frameCount: plan.output.frameCount }));
      const speaking = targets.speaking.reduce((sum, value) => sum + value, 0);
      ctx.log(`mouth targets: speech on ${speaking} of ${targets.frameCount} frames`);
      const file = 'audio/mouth-targets.json';
      await writeFileAtomic(path.join(ctx.workDir, file), JSON.stringify({
        opening: Array.from(targets.opening, round3), width: Array.from(targets.width, round3), rounding: Array.from(targets.rounding, round3),
      }));
      return { targets: file } satisfies MouthTargetsFile;
    },
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
