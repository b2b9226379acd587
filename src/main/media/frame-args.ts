// Pure builders for raw-frame streams (ffmpeg 4.1 flags only): decoding a video to frames on stdout, encoding frames from stdin.
import { ffmpegBaseArgs, ffmpegPreamble, h264EncodeArgs } from './ffmpeg-args.js';

export type PixelFormat = 'rgb24' | 'rgba' | 'gray';

/** Bytes per pixel of each raw format, packed and without row padding (ffmpeg's rawvideo layout). */
export const PIXEL_CHANNELS: Readonly<Record<PixelFormat, number>> = { rgb24: 3, rgba: 4, gray: 1 };

/** Bytes in one raw frame. */
export function frameSize(pixelFormat: PixelFormat, width: number, height: number): number {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new RangeError(`A frame needs a positive whole size, not ${width}x${height}.`);
  }
  return width * height * PIXEL_CHANNELS[pixelFormat];
}

export interface FrameSize {
  width: number;
  height: number;
}

/**
 * The size frames come out at: the requested one, or the display size; with only one side given the other
 * keeps the display's aspect ratio.
 */
export function targetFrameSize(display: FrameSize, requested: Partial<FrameSize> = {}): FrameSize {
  const { width, height } = requested;
  if (width !== undefined && height !== undefined) return { width, height };
  if (width !== undefined) return { width, height: Math.max(1, Math.round((width * display.height) / display.width)) };
  if (height !== undefined)
    return { width: Math.max(1, Math.round((height * display.width) / display.height)), height };
  return { width: display.width, height: display.height };
}

/** Presentation time of the index-th frame of a constant-rate stream that starts at startSec. */
export function framePtsSec(index: number, fps: number, startSec = 0): number {
  return startSec + index / fps;
}

/** A frame rate as ffmpeg parses it: full precision, so 29.97002997... becomes 30000/1001 again. */
export function formatFrameRate(fps: number): string {
  if (!(fps > 0) || !Number.isFinite(fps)) throw new RangeError(`A frame rate must be positive, not ${fps}.`);
  return String(fps);
}

export interface ReadFramesArgsOptions extends FrameSize {
  input: string;
  pixelFormat: PixelFormat;
  /** Output frame rate; the fps filter makes the stream constant-rate so frame n sits at n / fps. */
  fps: number;
  startSec?: number;
  durationSec?: number;
  /** Filters after the rate and size ones (e.g. crops), and the size of the frames they put out. */
  graph?: FrameGraph;
}

/** A filter chain on raw frames and the size of the frames that leave it. */
export interface FrameGraph {
  filter: string;
  width: number;
  height: number;
}

/** `-i input` from `startSec` on, as readFramesArgs decodes it (for a second decode of the same frames). */
export function seekedInputArgs(input: string, fps: number, startSec?: number): string[] {
  // Seeking before -i is fast and exact when decoding; half a frame early so rounding never drops the first frame.
  return [
    ...(startSec !== undefined && startSec > 0 ? ['-ss', Math.max(0, startSec - 0.5 / fps).toFixed(4)] : []),
    '-i',
    input,
  ];
}

/**
 * First video track -> constant-rate raw frames on stdout. ffmpeg autorotates before -vf, so the scale sees the
 * display-oriented picture; scale and pixel conversion happen in one swscale pass.
 */
export function readFramesArgs(options: ReadFramesArgsOptions): string[] {
  const { startSec, durationSec } = options;
  return [
    ...ffmpegBaseArgs(),
    ...seekedInputArgs(options.input, options.fps, startSec),
    // A frame count, not a time: a window of N frames yields exactly N, however the timestamps round.
    ...(durationSec !== undefined ? ['-frames:v', String(Math.max(1, Math.round(durationSec * options.fps)))] : []),
    '-map',
    '0:v:0',
    '-an',
    '-sn',
    '-dn',
    '-vf',
    `fps=fps=${formatFrameRate(options.fps)},scale=${options.width}:${options.height}` +
      (options.graph ? `,${options.graph.filter}` : ''),
    '-pix_fmt',
    options.pixelFormat,
    '-f',
    'rawvideo',
    'pipe:1',
  ];
}

export interface FrameAudioSource {
  file: string;
  /** Where in the file the audio that goes with frame 0 starts. */
  startSec?: number;
  /** Every audio track of the file copied as it is (byte-identical), not re-encoded nor cut to the frames. */
  copy?: boolean;
}

export interface WriteFramesArgsOptions extends FrameSize {
  output: string;
  pixelFormat: PixelFormat;
  fps: number;
  audio?: FrameAudioSource;
  /** Video encoder arguments; h264EncodeArgs() when absent. */
  encode?: readonly string[];
  /** Audio encoder arguments for the muxed track. */
  audioEncode?: readonly string[];
  /** Force the container (the output may be a temp name whose extension ffmpeg cannot guess from). */
  format?: string;
  /** Inputs after the frames on stdin (input 0), as ffmpeg arguments, for `filterComplex` to read. */
  videoInputs?: readonly string[];
  /** A filter graph over the inputs whose output `[v]` is the video encoded, instead of the stdin frames as they are. */
  filterComplex?: string;
}

/** AAC at a bitrate that keeps speech and music clean; what the export stages use too. */
export function defaultAudioEncodeArgs(): string[] {
  return ['-c:a', 'aac', '-b:a', '192k'];
}

/** Raw frames on stdin (+ optional audio from a file) -> an encoded video; progress reports on stdout. */
export function writeFramesArgs(options: WriteFramesArgsOptions): string[] {
  const { audio } = options;
  // The audio file is the input after the frames and any video inputs.
  const audioInput = 1 + (options.videoInputs ?? []).filter((arg) => arg === '-i').length;
  return [
    ...ffmpegPreamble(),
    '-f',
    'rawvideo',
    '-pixel_format',
    options.pixelFormat,
    '-video_size',
    `${options.width}x${options.height}`,
    '-framerate',
    formatFrameRate(options.fps),
    '-i',
    'pipe:0',
    ...(options.videoInputs ?? []),
    ...(audio
      ? [
          ...(audio.startSec !== undefined && audio.startSec > 0 ? ['-ss', audio.startSec.toFixed(3)] : []),
          '-i',
          audio.file,
        ]
      : []),
    ...(options.filterComplex ? ['-filter_complex', options.filterComplex, '-map', '[v]'] : ['-map', '0:v:0']),
    ...(options.encode ?? h264EncodeArgs()),
    ...(audio?.copy
      ? ['-map', `${audioInput}:a?`, '-c:a', 'copy']
      : audio
        ? [
            '-map',
            `${audioInput}:a:0`,
            ...(options.audioEncode ?? defaultAudioEncodeArgs()),
            // The frame count is unknown until stdin closes: pad the audio with silence and stop at the last frame.
            '-af',
            'apad',
            '-shortest',
          ]
        : []),
    ...(options.format ? ['-f', options.format] : []),
    options.output,
  ];
}
