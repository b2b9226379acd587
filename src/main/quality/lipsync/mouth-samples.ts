// The mouth opening the face detector reads on a video's frames, beside the loudness of the audio over each frame:
// what the lip-sync sync score correlates. One reader for the quality stage, the benches and the tests.
import type { FaceDetector, FaceLandmarks } from '../../engines/face/types.js';
import { decodeAudioPcm } from '../../media/audio.js';
import { rms } from '../../media/dsp/envelope.js';
import { describeFrameStream, readFrames } from '../../media/frames.js';
import { clampBox, cropRgb, type PixelBox, type RgbImage } from '../../media/image/rgb-image.js';
import { describeMouth } from '../../engines/lipsync/mouth-shape.js';
import { pearson } from './correlation.js';

/** Loudness is read at 16 kHz: plenty for speech energy, and what every lip-sync audio analysis here uses. */
const AUDIO_RATE = 16_000;

export interface MouthSample {
  /** Frame index in the video (at its own rate). */
  frame: number;
  timeSec: number;
  /** Inner-lip gap over mouth width as the detector reads it; null where no face was found. */
  opening: number | null;
  /** RMS of the audio over this frame, linear (full scale 1). */
  loudness: number;
}

export interface MouthSampling {
  samples: MouthSample[];
  /** Every how many frames one was read. */
  every: number;
  /** The video's frame rate and length as read. */
  fps: number;
  durationSec: number;
}

export interface MouthSamplingOptions {
  /** Read every this many frames (default 1: every frame), or how many for a video of `frames` frames at `fps`. */
  every?: number | ((frames: number, fps: number) => number);
  /** Where to look for the face on frame `frame`, in decoded pixels; null or absent: the whole frame. */
  regionAt?: (frame: number) => PixelBox | null;
  /** How the face on a decoded frame is read; default the detector, inside regionAt's region. */
  readFace?: FaceReader;
  /** Decode at this size; default the display size, its long side at most `maxSide`. */
  width?: number;
  height?: number;
  maxSide?: number;
  /** The video's frame rate; default the file's. */
  fps?: number;
  signal?: AbortSignal;
  ffmpeg?: string;
  ffprobe?: string;
  /** After each frame read, with the share of the video read so far. */
  onProgress?: (fraction: number) => void;
}

/** Reads the face on decoded frame `frame` (its landmarks in the pixels of the part read); null where none is found. */
export type FaceReader = (picture: RgbImage, frame: number) => Promise<FaceLandmarks | null>;

/** The opening the warp and the benches speak of: inner-lip gap over the corner-to-corner width. */
export function mouthOpening(face: FaceLandmarks): number {
  const mouth = describeMouth({ outer: face.mouthOuter, inner: face.mouthInner });
  return mouth.width > 0 ? mouth.opening / mouth.width : 0;
}

/**
 * Reads `video`'s frames (every `every`-th), reads the face on each (by `readFace`, or the detector inside its region)
 * and pairs its mouth opening with `audio`'s loudness over that frame. `audio` may be the video itself.
 */
export async function readMouthSamples(
  detector: FaceDetector,
  video: string,
  audio: string,
  options: MouthSamplingOptions = {},
): Promise<MouthSampling> {
  const { signal, ffmpeg, ffprobe } = options;
  // The sound is decoded while the video is probed and its frames read: the two ffmpeg runs share the job's idle core.
  const decodingSound = decodeAudioPcm(audio, { sampleRate: AUDIO_RATE, signal, ffmpeg });
  decodingSound.catch(() => undefined); // awaited below; a frame error first must not leave it unhandled
  const probed = await describeFrameStream(video, { pixelFormat: 'rgb24', fps: options.fps, signal, ffprobe });
  const size = decodeSize(probed, options);
  const fps = probed.fps;
  const frames = Math.max(1, Math.round(probed.durationSec * fps));
  const every = Math.max(
    1,
    Math.floor(typeof options.every === 'function' ? options.every(frames, fps) : (options.every ?? 1)),
  );
  const readFace =
    options.readFace ??
    ((picture: RgbImage, frame: number) => detectInRegion(detector, picture, options.regionAt?.(frame) ?? null));
  const expected = Math.ceil(frames / every);
  const openings: Array<{ frame: number; opening: number | null }> = [];
  // ffmpeg's fps filter drops the frames between, so only the sampled frames are scaled and piped.
  for await (const decoded of readFrames(video, {
    pixelFormat: 'rgb24',
    fps: fps / every,
    ...size,
    signal,
    ffmpeg,
    ffprobe,
  })) {
    const frame = Math.min(frames - 1, sampledFrame(decoded.index, every));
    const face = await readFace({ data: decoded.data, ...size }, frame);
    openings.push({ frame, opening: face ? mouthOpening(face) : null });
    options.onProgress?.(Math.min(1, openings.length / expected));
  }
  const sound = await decodingSound;
  const samples = openings.map(({ frame, opening }): MouthSample => ({
    frame,
    timeSec: frame / fps,
    opening,
    loudness: rms(sound, Math.round((frame * AUDIO_RATE) / fps), Math.round(((frame + 1) * AUDIO_RATE) / fps)),
  }));
  return { samples, every, fps, durationSec: probed.durationSec };
}

/** The largest face the detector finds inside `region` of the picture (the whole picture when null), or null. */
export async function detectInRegion(
  detector: FaceDetector,
  picture: RgbImage,
  region: PixelBox | null,
): Promise<FaceLandmarks | null> {
  const box = region && clampBox(region, picture.width, picture.height);
  const [face] = await detector.detect({
    ...(box && box.width > 1 && box.height > 1 ? cropRgb(picture, box) : picture),
    channels: 3,
  });
  return face ?? null;
}

/** Pearson correlation of the mouth opening with the loudness over the frames with a face (NaN with fewer than 2). */
export function openingLoudnessCorrelation(samples: readonly MouthSample[]): number {
  const withFace = samples.filter((sample): sample is MouthSample & { opening: number } => sample.opening !== null);
  return pearson(
    withFace.map((sample) => sample.opening),
    withFace.map((sample) => sample.loudness),
  );
}

/**
 * The frame ffmpeg's fps filter keeps for output k when it passes 1 in `every`: each output slot takes the input
 * frames whose time rounds to it (k·every - every/2 up to k·every + every/2) and keeps the last of them.
 */
export function sampledFrame(k: number, every: number): number {
  return k * every + Math.ceil(every / 2) - 1;
}

function decodeSize(
  display: { width: number; height: number },
  options: MouthSamplingOptions,
): { width: number; height: number } {
  if (options.width !== undefined && options.height !== undefined)
    return { width: options.width, height: options.height };
  const scale = options.maxSide ? Math.min(1, options.maxSide / Math.max(display.width, display.height)) : 1;
  // Even sizes: ffmpeg's scaler and yuv sources are happiest with them.
  const even = (value: number) => Math.max(2, 2 * Math.round((value * scale) / 2));
  return scale < 1
    ? { width: even(display.width), height: even(display.height) }
    : { width: display.width, height: display.height };
}
