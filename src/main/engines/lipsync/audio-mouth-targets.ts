import { decodeAudioPcm } from '../../media/audio.js';
import { extractFrameAudioFeatures } from '../../media/dsp/audio-features.js';
import type { MouthShape } from './mouth-shape.js';
import { mouthTargetsFromFeatures } from './mouth-targets.js';
import type { LipsyncMediaDeps } from './types.js';

/**
 * The mouth shape each of `frameCount` frames should show, from a file's sound (decoded to 16 kHz mono), rounded as
 * the stage stores it (so a reusable model given the same audio draws exactly what the task drew).
 */
export async function mouthTargetsForAudio(
  audioFile: string,
  output: { fps: number; frameCount: number },
  deps: LipsyncMediaDeps,
  signal: AbortSignal,
): Promise<{ shapes: MouthShape[]; speakingFrames: number }> {
  const samples = await decodeAudioPcm(audioFile, { sampleRate: 16_000, signal, ffmpeg: deps.media.ffmpeg });
  const targets = mouthTargetsFromFeatures(extractFrameAudioFeatures(samples, 16_000, output));
  const shapes = Array.from({ length: targets.frameCount }, (_, i) => ({
    opening: round3(targets.opening[i]!),
    width: round3(targets.width[i]!),
    rounding: round3(targets.rounding[i]!),
  }));
  return { shapes, speakingFrames: targets.speaking.reduce((sum, value) => sum + value, 0) };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
