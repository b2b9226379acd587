// Peaks of a 16-bit PCM WAV for the editor's waveform, read in chunks so a 3-hour track costs a few MB of memory.
import { DubDeskError } from '../../../shared/errors.js';
import { readWavChunks } from '../wav-chunks.js';

export const MIN_WAVEFORM_POINTS = 10;
export const MAX_WAVEFORM_POINTS = 20000;

export interface WaveformPeaks {
  durationSec: number;
  /** Largest |sample| of each of `points` equal spans, 0..1 (full scale = 1). */
  peaks: number[];
}

/** `points` (clamped to 10..20000) peaks of a 16-bit PCM WAV, e.g. the job's 16 kHz mono speech track. */
export async function waveformPeaks(wavFile: string, points: number): Promise<WaveformPeaks> {
  if (!Number.isFinite(points))
    throw new DubDeskError('invalid_request', `The waveform needs a number of points, got ${points}.`);
  const count = Math.min(MAX_WAVEFORM_POINTS, Math.max(MIN_WAVEFORM_POINTS, Math.round(points)));
  const peaks = new Array<number>(count).fill(0);
  let total = 1;
  const { layout, frames } = await readWavChunks(
    wavFile,
    (samples, firstFrame, read, { channels }) => {
      for (let f = 0; f < read; f++) {
        const bucket = Math.min(count - 1, Math.floor(((firstFrame + f) * count) / total));
        let peak = peaks[bucket]!;
        for (let c = 0; c < channels; c++) peak = Math.max(peak, Math.abs(samples[f * channels + c]!));
        peaks[bucket] = peak;
      }
    },
    (_layout, allFrames) => {
      total = allFrames;
    },
  );
  return { durationSec: frames / layout.sampleRate, peaks: peaks.map((peak) => Math.min(1, peak / 32768)) };
}
