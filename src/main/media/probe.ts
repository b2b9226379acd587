import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { probeArgs } from './ffmpeg-args.js';
import { resolveMediaTools } from './ffmpeg-paths.js';
import { ProcessError, runProcess } from './run-process.js';

export type Rotation = 0 | 90 | 180 | 270;

export interface VideoInfo {
  codec: string;
  /** Stored frame size, before rotation. */
  width: number;
  height: number;
  /** Average frame rate; 0 when the container does not say. */
  fps: number;
  /** Clockwise degrees a player turns the stored frame (display matrix or legacy `rotate` tag). */
  rotation: Rotation;
  /** Frame size as shown, after rotation. */
  displayWidth: number;
  displayHeight: number;
  /** The video track's own length in seconds, when the container says (it may differ from the audio's). */
  durationSec?: number;
}

export interface AudioInfo {
  codec: string;
  sampleRate: number;
  channels: number;
}

export interface MediaInfo {
  /** Seconds; 0 when the container has no duration (still images). */
  durationSec: number;
  formatName: string;
  /** A single picture (png, jpeg, webp...) rather than a moving video. */
  isStillImage: boolean;
  hasVideo: boolean;
  hasAudio: boolean;
  video?: VideoInfo;
  audio?: AudioInfo;
}

export type Orientation = 'landscape' | 'portrait' | 'square';

export interface ProbeOptions {
  signal?: AbortSignal;
  /** ffprobe binary; defaults to the resolved one. */
  ffprobe?: string;
}

/** Describes a local audio, video or image file; anything ffprobe cannot read is `media_unreadable`. */
export async function probeMedia(file: string, options: ProbeOptions = {}): Promise<MediaInfo> {
  const name = path.basename(file);
  let stdout: Buffer | undefined;
  try {
    ({ stdout } = await runProcess(options.ffprobe ?? resolveMediaTools().ffprobe, probeArgs(file), {
      toolName: 'ffprobe',
      signal: options.signal,
      captureStdout: true,
      env: probeEnvironment(),
    }));
  } catch (error) {
    // A missing ffprobe binary is a setup problem, not a property of the user's file.
    if (!(error instanceof ProcessError) || (error.exitCode === null && error.exitSignal === null)) throw error;
    const reason = probeFailureReason(error.stderrTail, file);
    throw new DubDeskError(
      'media_unreadable',
      `${name} could not be read as audio or video${reason ? ` (${reason})` : ''}.`,
      {
        cause: error,
      },
    );
  }
  let json: FfprobeOutput;
  try {
    json = JSON.parse(stdout?.toString('utf8') ?? '') as FfprobeOutput;
  } catch (error) {
    throw new DubDeskError('media_unreadable', `${name} could not be read as audio or video.`, { cause: error });
  }
  const info = mediaInfoFromFfprobe(json);
  if (!info.hasVideo && !info.hasAudio) {
    throw new DubDeskError('media_unreadable', `${name} contains no audio or video stream.`);
  }
  return info;
}

/** A folder that holds no iconv modules. */
const NO_ICONV_MODULES = path.join(path.sep, 'nonexistent', 'dubdesk-no-iconv-modules');

/**
 * The static Linux ffprobe DubDesk ships crashes (SIGSEGV) loading the system's ISO 6937 iconv module to decode an
 * MPEG-TS service name. With GCONV_PATH set its glibc skips the module cache, and reads no gconv-modules.d (where
 * glibc 2.34+ lists that module), so the conversion is refused and the name kept undecoded (DubDesk never reads it).
 */
export function probeEnvironment(env: NodeJS.ProcessEnv = process.env, platform = process.platform): NodeJS.ProcessEnv {
  return platform === 'linux' && env.GCONV_PATH === undefined ? { ...env, GCONV_PATH: NO_ICONV_MODULES } : env;
}

/**
 * What ffprobe's stderr may tell the user, as fixed phrases: a demuxer can quote bytes of the file it failed on
 * (a tag, a doctype), and a file that is not media must never leak its content into an error.
 */
const PROBE_REASONS: ReadonlyArray<[RegExp, string]> = [
  [/moov atom not found/i, 'moov atom not found: the file is cut short or still being written'],
  [/Invalid data found when processing input/i, 'Invalid data found when processing input'],
  [/No such file or directory/i, 'No such file or directory'],
  [/Permission denied/i, 'Permission denied'],
  [/Is a directory/i, 'Is a directory'],
  [/Could not find codec parameters/i, 'Could not find codec parameters'],
  [/(^|: )End of file$/i, 'End of file'],
  [/(^|: )Invalid argument$/i, 'Invalid argument'],
];

/** Pure: the first line of ffprobe's stderr that is a known reason, as its fixed phrase; '' when none is. */
export function probeFailureReason(stderr: string, file: string): string {
  for (const line of stderr.split(file).join('').split('\n')) {
    const bare = line.replace(/^\[[^\]]*@ 0x[0-9a-f]+\]\s*/i, '').trim();
    const known = PROBE_REASONS.find(([pattern]) => pattern.test(bare));
    if (known) return known[1];
  }
  return '';
}

/** Shape of the parts of `ffprobe -show_format -show_streams -print_format json` that DubDesk reads. */
export interface FfprobeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: FfprobeStream[];
}

export interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  sample_rate?: string;
  channels?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
  side_data_list?: Array<{ side_data_type?: string; rotation?: number | string }>;
}

/** Pure: ffprobe's JSON -> MediaInfo. */
export function mediaInfoFromFfprobe(json: FfprobeOutput): MediaInfo {
  const streams = json.streams ?? [];
  // Cover art inside an mp3 or m4a is a "video" stream that is not a video.
  const videoStream = streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audioStream = streams.find((s) => s.codec_type === 'audio');
  const formatName = json.format?.format_name ?? '';
  const isStillImage = formatName === 'image2' || formatName.endsWith('_pipe');
  return {
    // The image2 demuxer gives a still one frame's duration (0.04 s); a picture has none.
    durationSec: isStillImage ? 0 : durationOf(json),
    formatName,
    isStillImage,
    hasVideo: videoStream !== undefined,
    hasAudio: audioStream !== undefined,
    video: videoStream ? videoInfoOf(videoStream) : undefined,
    audio: audioStream
      ? {
          codec: audioStream.codec_name ?? 'unknown',
          sampleRate: Number(audioStream.sample_rate ?? 0),
          channels: audioStream.channels ?? 0,
        }
      : undefined,
  };
}

function videoInfoOf(stream: FfprobeStream): VideoInfo {
  const width = stream.width ?? 0;
  const height = stream.height ?? 0;
  const rotation = rotationOf(stream);
  const turned = rotation === 90 || rotation === 270;
  return {
    codec: stream.codec_name ?? 'unknown',
    width,
    height,
    fps: frameRate(stream.avg_frame_rate) || frameRate(stream.r_frame_rate),
    rotation,
    displayWidth: turned ? height : width,
    displayHeight: turned ? width : height,
    ...(Number(stream.duration) > 0 ? { durationSec: Number(stream.duration) } : {}),
  };
}

/**
 * Newer ffprobe reports the display matrix's counter-clockwise angle (an iPhone portrait clip is -90);
 * older ones also set the clockwise `rotate` tag (90). Both become clockwise 0/90/180/270.
 */
export function rotationOf(stream: Pick<FfprobeStream, 'side_data_list' | 'tags'>): Rotation {
  const matrix = stream.side_data_list?.find((d) => d.rotation !== undefined && d.rotation !== '');
  if (matrix) return normalizeRotation(-Number(matrix.rotation));
  const tag = stream.tags?.rotate;
  if (tag !== undefined) return normalizeRotation(Number(tag));
  return 0;
}

export function normalizeRotation(degrees: number): Rotation {
  if (!Number.isFinite(degrees)) return 0;
  const quarter = Math.round(degrees / 90);
  return ((((quarter % 4) + 4) % 4) * 90) as Rotation;
}

/** "30000/1001" -> 29.97...; 0 for "0/0" or anything unreadable. */
export function frameRate(value: string | undefined): number {
  const [num, den = '1'] = (value ?? '').split('/');
  const rate = Number(num) / Number(den);
  return Number.isFinite(rate) && rate > 0 ? rate : 0;
}

function durationOf(json: FfprobeOutput): number {
  const container = Number(json.format?.duration);
  if (Number.isFinite(container) && container > 0) return container;
  const streamDurations = (json.streams ?? [])
    .map((s) => Number(s.duration))
    .filter((d) => Number.isFinite(d) && d > 0);
  return streamDurations.length > 0 ? Math.max(...streamDurations) : 0;
}

/** Shape of the frame as the viewer sees it (after rotation); audio-only media count as square. */
export function orientationOf(info: Pick<MediaInfo, 'video'>): Orientation {
  const width = info.video?.displayWidth ?? 0;
  const height = info.video?.displayHeight ?? 0;
  if (width === height) return 'square';
  return width > height ? 'landscape' : 'portrait';
}
