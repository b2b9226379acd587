// The lip-sync quality measures both lip-sync benches print: mouth motion against the audio, detail kept, landmark
// jitter in the pauses. Read from the rendered files, as a viewer would see them.
import type { FaceLandmarks } from '../src/main/engines/face/types.js';
import { decodeAudioPcm } from '../src/main/media/audio.js';
import { rms } from '../src/main/media/dsp/envelope.js';
import { readFrames } from '../src/main/media/frames.js';
import { laplacianVariance, pearson } from '../test/fixtures/image-metrics.js';
import { withoutIntervals } from '../test/fixtures/motion-metrics.js';
import { openingLoudnessCorrelation, readMouthSamples } from '../src/main/quality/lipsync/mouth-samples.js';
import type { BenchService } from './bench-service.js';

export type Picture = { data: Uint8Array; width: number; height: number };

/** The largest face of a picture, found by the service's own detector. */
export async function detectFace(bench: BenchService, picture: Picture): Promise<FaceLandmarks> {
  const [face] = await (await bench.service.core.engines.faceDetector()).detect({ ...picture, channels: 3 });
  if (!face) throw new Error('no face in the bench picture');
  return face;
}

/** A box around the lips with some chin and cheek: where the mouth's motion shows. */
export function mouthBoxOf(face: FaceLandmarks) {
  const xs = face.mouthOuter.map((p) => p.x);
  const ys = face.mouthOuter.map((p) => p.y);
  const w = Math.max(...xs) - Math.min(...xs);
  return {
    x: Math.round(Math.min(...xs) - w * 0.2),
    y: Math.round(Math.min(...ys) - w * 0.2),
    width: Math.round(w * 1.4),
    height: Math.round(Math.max(...ys) - Math.min(...ys) + w * 0.5),
  };
}

/** Pearson correlation of the mouth box's frame-to-frame change with the audio energy over the same two frames. */
export async function mouthToAudioCorrelation(
  video: string,
  audio: string,
  fps: number,
  width: number,
  box: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const changes: number[] = [];
  let previous: Uint8Array | undefined;
  for await (const frame of readFrames(video, { pixelFormat: 'gray' })) {
    let sum = 0;
    for (let y = box.y; y < box.y + box.height; y++)
      for (let x = box.x; x < box.x + box.width; x++)
        if (previous) sum += Math.abs(frame.data[y * width + x]! - previous[y * width + x]!);
    changes.push(previous ? sum / (box.width * box.height) : 0);
    previous = frame.data;
  }
  const samples = await decodeAudioPcm(audio, { sampleRate: 16_000 });
  const energy = changes.map((_, i) =>
    rms(samples, Math.round((Math.max(0, i - 1) * 16000) / fps), Math.round(((i + 1) * 16000) / fps)),
  );
  return pearson(changes, energy);
}

/**
 * Pearson correlation of the mouth opening the face detector reads on each output frame (inner-lip gap / mouth
 * width) with the audio's loudness over that frame: how far the mouth opens with the sound, read by a third party.
 * The quality stage's measure (its sync_score) on every frame instead of a few a second.
 */
export async function openingToAudioCorrelation(
  bench: BenchService,
  video: string,
  audio: string,
  fps: number,
  width: number,
  height: number,
): Promise<number> {
  const { samples } = await readMouthSamples(await bench.service.core.engines.faceDetector(), video, audio, {
    fps,
    width,
    height,
  });
  return openingLoudnessCorrelation(samples);
}

/**
 * Landmark jitter during silence, px: the RMS second difference of every mouth and eye landmark over consecutive
 * frames, divided by sqrt(6) (the standard deviation of frame-to-frame noise; the slow sway is smooth, so it cancels).
 * It includes the detector's own noise. Frames in `skip` (blinks) are left out.
 */
export async function silentJitter(
  bench: BenchService,
  video: string,
  width: number,
  height: number,
  windows: Array<[number, number]>,
  skip: Array<[number, number]> = [],
): Promise<number> {
  const detector = await bench.service.core.engines.faceDetector();
  let squares = 0;
  let count = 0;
  for (const [startSec, endSec] of withoutIntervals(windows, skip)) {
    if (endSec - startSec < 0.12) continue;
    const tracks: Array<Array<{ x: number; y: number }>> = [];
    for await (const frame of readFrames(video, { pixelFormat: 'rgb24', startSec, durationSec: endSec - startSec })) {
      const [face] = await detector.detect({ data: frame.data, width, height, channels: 3 });
      if (face) tracks.push([...face.mouthOuter, ...face.mouthInner, ...face.leftEye, ...face.rightEye]);
    }
    for (let t = 1; t + 1 < tracks.length; t++) {
      for (let k = 0; k < tracks[t]!.length; k++) {
        const dx = tracks[t - 1]![k]!.x - 2 * tracks[t]![k]!.x + tracks[t + 1]![k]!.x;
        const dy = tracks[t - 1]![k]!.y - 2 * tracks[t]![k]!.y + tracks[t + 1]![k]!.y;
        squares += dx * dx + dy * dy;
        count++;
      }
    }
  }
  return Math.sqrt(squares / count) / Math.sqrt(6);
}

/** The median Laplacian variance of `region` over a video's frames (a blink's few frames are not blur). */
export async function medianSharpness(
  file: string,
  width: number,
  region: { x: number; y: number; width: number; height: number },
): Promise<number> {
  const values: number[] = [];
  for await (const frame of readFrames(file, { pixelFormat: 'gray' }))
    values.push(laplacianVariance(frame.data, width, region));
  return values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}
