import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { decodeAudioPcm, encodeWav } from '../../media/audio.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import { stagedPath, type StagedInput } from '../staged-inputs.js';
import { writeFileAtomic } from '../../files/atomic-write.js';

/** The rate of the lip-sync audio analysis (mouth targets, Wav2Lip mel). */
export const DRIVING_AUDIO_RATE = 16_000;

export interface DrivingAudio {
  /** The file whose sound is muxed into the result: relative to the work dir, or absolute for a local file (resolveWorkPath). */
  path: string;
  /** 16 kHz mono WAV of it, relative to the work dir. */
  wav16k: string;
  durationSec: number;
}

/** Decodes the audio that drives a lip-sync into the work dir; silence-only input is no_audio. */
export async function prepareDrivingAudio(
  input: StagedInput,
  workDir: string,
  media: MediaTools,
  signal: AbortSignal,
): Promise<DrivingAudio> {
  const audioPath = stagedPath(workDir, input);
  const samples = await decodeAudioPcm(audioPath, { sampleRate: DRIVING_AUDIO_RATE, signal, ffmpeg: media.ffmpeg });
  if (samples.length === 0) throw new DubDeskError('no_audio', `${input.name} holds no sound to drive the lip-sync.`);
  const wav16k = 'audio/drive-16k.wav';
  await writeFileAtomic(path.join(workDir, wav16k), encodeWav(samples, DRIVING_AUDIO_RATE));
  return { path: input.path, wav16k, durationSec: samples.length / DRIVING_AUDIO_RATE };
}

/** Where a lip-sync result is written, named after the reference. */
export function lipsyncVideoPath(referenceName: string): string {
  return path.join('output', `${path.basename(referenceName, path.extname(referenceName))}.lipsync.mp4`);
}
