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

/**
 * The mouth shape each of `frameCount` frames should show, from a file's sound (decoded to 16 kHz mono), rounded as
 * the stage stores it (so a reusable model given the same audio draws exactly what the task drew).
 */
export async function mouthTargetsForAudio(audioFile: string, output: { fps: number; frameCount: number }, deps: LipsyncDeps, signal: AbortSignal): Promise<{ shapes: MouthShape[]; speakingFrames: number }> {
  const samples = await decodeAudioPcm(audioFile, { sampleRate: 16_000, signal, ffmpeg: deps.media.ffmpeg });
  const targets = mouthTargetsFromFeatures(extractFrameAudioFeatures(samples, 16_000, output));
  const shapes = Array.from({ length: targets.frameCount }, (_, i) => ({ opening: round3(targets.opening[i]!), width: round3(targets.width[i]!), rounding: round3(targets.rounding[i]!) }));
  return { shapes, speakingFrames: targets.speaking.reduce((sum, value) => sum + value, 0) };
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
      const { shapes, speakingFrames } = await mouthTargetsForAudio(path.join(ctx.workDir, plan.audio.wav16k), plan.output, deps, ctx.signal);
      ctx.log(`mouth targets: speech on ${speakingFrames} of ${shapes.length} frames`);
      const file = 'audio/mouth-targets.json';
      await writeFileAtomic(path.join(ctx.workDir, file), JSON.stringify({
        opening: shapes.map((shape) => shape.opening), width: shapes.map((shape) => shape.width), rounding: shapes.map((shape) => shape.rounding),
      }));
      return { targets: file } satisfies MouthTargetsFile;
    },
  };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
