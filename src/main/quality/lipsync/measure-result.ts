// A lip-sync result's quality report, measured on its frames and its audio (docs/api.md "Lip-sync quality").
import type { QualityReport } from '../../../shared/schemas/quality.js';
import type { FaceDetector, FaceLandmarks } from '../../engines/face/types.js';
import type { MediaTools } from '../../media/ffmpeg-paths.js';
import { followedFaceReader } from './followed-face.js';
import { openingLoudnessCorrelation, readMouthSamples } from './mouth-samples.js';
import { noFaceItems } from './no-face-spans.js';
import { sampleEvery } from './sampling.js';
import { weakSyncItems } from './weak-sync-spans.js';

/** The detector reads at most this long side: it scales larger frames down itself, so decoding them larger is waste. */
const DECODE_MAX_SIDE = 1280;

/** What is measured: the published video (its own audio track is the audio) and where the face should be on it. */
export interface LipsyncResultToCheck {
  /** Absolute path of the result video. */
  video: string;
  /** The followed face per reference frame (the faces stage's track), and the pixel size it is in. */
  track: readonly (FaceLandmarks | null)[];
  trackSize: { width: number; height: number };
  bankCoverage: number | null;
}

export async function measureLipsyncResult(
  result: LipsyncResultToCheck,
  tools: { detector: FaceDetector; media: MediaTools },
  ctx: { signal: AbortSignal; progress(fraction: number): void; log(message: string, level?: 'info' | 'warn'): void },
): Promise<QualityReport> {
  const { ffmpeg, ffprobe } = tools.media;
  const started = Date.now();
  // The time reading faces, apart from decoding: the log says where a slow check's time went.
  let faceMs = 0;
  const readFollowedFace = followedFaceReader(tools.detector, result.track, result.trackSize);
  const { samples, every, durationSec } = await readMouthSamples(tools.detector, result.video, result.video, {
    every: sampleEvery,
    maxSide: DECODE_MAX_SIDE,
    readFace: async (picture, frame) => {
      const faceStarted = Date.now();
      try {
        return await readFollowedFace(picture, frame);
      } finally {
        faceMs += Date.now() - faceStarted;
      }
    },
    signal: ctx.signal,
    ffmpeg,
    ffprobe,
    onProgress: ctx.progress,
  });
  const withFace = samples.filter((sample) => sample.opening !== null).length;
  const correlation = openingLoudnessCorrelation(samples);
  // Fewer than 3 faces, a still mouth or a silent track leave nothing to correlate.
  const syncScore = withFace >= 3 && Number.isFinite(correlation) ? Math.round(correlation * 1000) / 1000 : null;
  ctx.log(
    `quality: read ${samples.length} frames (1 in ${every}) ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s (${(faceMs / 1000).toFixed(1)} s of it ` +
      `reading faces), a face on ${withFace}; sync score ${syncScore ?? 'none'}`,
  );
  return {
    review: [...noFaceItems(samples, durationSec), ...weakSyncItems(samples, durationSec)],
    sync_score: syncScore,
    face_coverage: samples.length ? Math.round((withFace / samples.length) * 1000) / 1000 : 0,
    bank_coverage: result.bankCoverage,
  };
}
