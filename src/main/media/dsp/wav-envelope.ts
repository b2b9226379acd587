// The RMS envelope of a 16-bit PCM WAV, channels summed to mono, read in chunks so an hours-long track costs only its
// envelope in memory.
import { readWavChunks } from '../wav-chunks.js';

/** RMS of consecutive `windowMs` windows (entry i covers [i·windowMs, (i+1)·windowMs)), full scale = 1. */
export async function wavRmsEnvelope(wavFile: string, windowMs: number): Promise<Float32Array> {
  let windowFrames = 1;
  let sums = new Float64Array(0);
  const { frames } = await readWavChunks(
    wavFile,
    (samples, firstFrame, count, layout) => {
      const scale = 1 / (32768 * layout.channels);
      for (let f = 0; f < count; f++) {
        let mono = 0;
        for (let c = 0; c < layout.channels; c++) mono += samples[f * layout.channels + c]!;
        mono *= scale;
        sums[Math.floor((firstFrame + f) / windowFrames)]! += mono * mono;
      }
    },
    (layout, total) => {
      windowFrames = Math.max(1, Math.round((layout.sampleRate * windowMs) / 1000));
      sums = new Float64Array(Math.ceil(total / windowFrames));
    },
  );
  const envelope = new Float32Array(sums.length);
  for (let w = 0; w < sums.length; w++)
    envelope[w] = Math.sqrt(sums[w]! / Math.min(windowFrames, frames - w * windowFrames));
  return envelope;
}
