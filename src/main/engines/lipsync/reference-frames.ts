import { readFrames } from '../../media/frames.js';
import { scheduleRuns } from './frame-schedule.js';

export interface ReferenceVideo {
  path: string;
  fps: number;
  frameCount: number;
}

export interface ScheduledFrame {
  outputIndex: number;
  referenceIndex: number;
  /** Packed RGB of the reference frame; the consumer owns it. */
  data: Buffer;
}

/** Frames decoded at once when a backward run is read: bounded memory (32 frames) for any reference length. */
const BACKWARD_CHUNK = 32;

/**
 * The reference's frames in the order the output shows them (cut or ping-pong, frame-schedule.ts), decoded in
 * sequential reads: forward runs stream, backward runs read short chunks forward and hand them out reversed.
 * A file may hold fewer frames than its duration promised; the consumer pads the output with the last frame.
 */
export async function* scheduledReferenceFrames(
  reference: ReferenceVideo,
  outputFrames: number,
  options: { signal?: AbortSignal; ffmpeg?: string },
): AsyncGenerator<ScheduledFrame> {
  const read = (from: number, count: number) =>
    readFrames(reference.path, {
      pixelFormat: 'rgb24',
      fps: reference.fps,
      startSec: from / reference.fps,
      durationSec: count / reference.fps,
      signal: options.signal,
      ffmpeg: options.ffmpeg,
    });
  for (const run of scheduleRuns(outputFrames, reference.frameCount)) {
    let outputIndex = run.outputStart;
    if (run.from <= run.to) {
      let referenceIndex = run.from;
      for await (const frame of read(run.from, run.to - run.from + 1)) {
        if (referenceIndex > run.to) break;
        yield { outputIndex: outputIndex++, referenceIndex: referenceIndex++, data: frame.data };
      }
      continue;
    }
    for (let high = run.from; high >= run.to; high -= BACKWARD_CHUNK) {
      const low = Math.max(run.to, high - BACKWARD_CHUNK + 1);
      const chunk: Buffer[] = [];
      for await (const frame of read(low, high - low + 1)) {
        chunk.push(frame.data);
        if (chunk.length === high - low + 1) break;
      }
      for (let k = chunk.length - 1; k >= 0; k--)
        yield { outputIndex: outputIndex++, referenceIndex: low + k, data: chunk[k]! };
    }
  }
}
