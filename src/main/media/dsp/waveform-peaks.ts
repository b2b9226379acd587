// Peaks of a 16-bit PCM WAV for the editor's waveform, read in chunks so a 3-hour track costs a few MB of memory.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';
import { readPcmLayout } from '../wav-layout.js';

export const MIN_WAVEFORM_POINTS = 10;
export const MAX_WAVEFORM_POINTS = 20000;
const CHUNK_BYTES = 1 << 20;

export interface WaveformPeaks {
  durationSec: number;
  /** Largest |sample| of each of `points` equal spans, 0..1 (full scale = 1). */
  peaks: number[];
}

/** `points` (clamped to 10..20000) peaks of a 16-bit PCM WAV, e.g. the job's 16 kHz mono speech track. */
export async function waveformPeaks(wavFile: string, points: number): Promise<WaveformPeaks> {
  if (!Number.isFinite(points)) throw new DubDeskError('invalid_request', `The waveform needs a number of points, got ${points}.`);
  const count = Math.min(MAX_WAVEFORM_POINTS, Math.max(MIN_WAVEFORM_POINTS, Math.round(points)));
  const handle = await open(wavFile, 'r');
  try {
    const layout = await readPcmLayout(handle, path.basename(wavFile));
    const frameBytes = 2 * layout.channels;
    const frames = Math.floor(layout.dataBytes / frameBytes);
    const peaks = new Array<number>(count).fill(0);
    // Whole frames per chunk, so a frame never straddles two reads.
    const buffer = Buffer.alloc(Math.max(frameBytes, CHUNK_BYTES - (CHUNK_BYTES % frameBytes)));
    let frame = 0;
    while (frame < frames) {
      const want = Math.min(buffer.length, (frames - frame) * frameBytes);
      const { bytesRead } = await handle.read(buffer, 0, want, layout.dataOffset + frame * frameBytes);
      const read = Math.floor(bytesRead / frameBytes);
      if (read === 0) break;
      // A typed view is several times faster than readInt16LE over hours of samples; WAV and every supported CPU are little-endian.
      const samples = new Int16Array(buffer.buffer, buffer.byteOffset, read * layout.channels);
      for (let f = 0; f < read; f++, frame++) {
        const bucket = Math.min(count - 1, Math.floor((frame * count) / frames));
        let peak = peaks[bucket]!;
        for (let c = 0; c < layout.channels; c++) peak = Math.max(peak, Math.abs(samples[f * layout.channels + c]!));
        peaks[bucket] = peak;
      }
    }
    return { durationSec: frames / layout.sampleRate, peaks: peaks.map((peak) => Math.min(1, peak / 32768)) };
  } finally {
    await handle.close();
  }
}
