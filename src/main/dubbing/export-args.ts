// Pure ffmpeg argument builders for the finished outputs: the dubbed video and the dubbed audio.
import path from 'node:path';
import { aacPrimingOffset } from '../media/chunked-aac.js';
import { ffmpegPreamble, h264EncodeArgs } from '../media/ffmpeg-args.js';

/** Video codecs an MP4 holds as they are; anything else is stream-copied into Matroska instead of re-encoded. */
const MP4_VIDEO_CODECS = new Set(['h264', 'hevc', 'mpeg4', 'av1']);

export interface VideoExportPlan {
  mediaPath: string;
  /** The mixed dub audio (WAV), or already encoded as AAC in ADTS (then copied). */
  audioPath: string;
  /** audioPath is AAC in ADTS at this sample rate (encodeAacChunked): copied, its priming packet skipped. */
  encodedAudioRate?: number;
  outputPath: string;
  /** Filters for [0:v] (retiming, subtitles); empty means the video stream is copied untouched. */
  videoFilters: string[];
  durationSec: number;
}

export function videoContainerFor(videoCodec: string | undefined, reencode: boolean): 'mp4' | 'mkv' {
  return reencode || MP4_VIDEO_CODECS.has(videoCodec ?? '') ? 'mp4' : 'mkv';
}

/**
 * Video + dubbed audio. The video is re-encoded only when a filter must touch its pixels or timing;
 * otherwise it is copied, keeping its resolution, frame rate and rotation exactly.
 */
export function videoExportArgs(plan: VideoExportPlan): string[] {
  const reencode = plan.videoFilters.length > 0;
  const video = reencode
    ? ['-filter_complex', `[0:v:0]${plan.videoFilters.join(',')}[video]`, '-map', '[video]', ...h264EncodeArgs()]
    : ['-map', '0:v:0', '-c:v', 'copy'];
  const mp4 = path.extname(plan.outputPath).toLowerCase() === '.mp4';
  return [
    ...ffmpegPreamble(),
    '-i',
    plan.mediaPath,
    ...audioInput(plan.audioPath, plan.encodedAudioRate),
    ...video,
    '-map',
    '1:a:0',
    ...(plan.encodedAudioRate ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k']),
    '-map_metadata',
    '0',
    // The dub is exactly as long as the (retimed) video; cut any rounding tail of the longer stream.
    '-t',
    plan.durationSec.toFixed(3),
    ...(mp4 ? ['-movflags', '+faststart'] : []),
    plan.outputPath,
  ];
}

/** The audio export's formats: each is its format's id in src/shared/media-formats.ts and the file's extension. */
export type AudioFormat = 'wav' | 'mp3' | 'm4a' | 'aac' | 'flac' | 'ogg' | 'opus' | 'weba';

/** How each format is written: PCM and FLAC as 16 bits like the mix, lossy codecs at about the same quality. */
const AUDIO_CODECS: Record<AudioFormat, string[]> = {
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  mp3: ['-c:a', 'libmp3lame', '-b:a', '192k', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-b:a', '192k', '-f', 'ipod', '-movflags', '+faststart'],
  aac: ['-c:a', 'aac', '-b:a', '192k', '-f', 'adts'],
  flac: ['-c:a', 'flac', '-sample_fmt', 's16', '-f', 'flac'],
  // Vorbis quality 6 is about 192 kb/s; Opus reaches the same at 128 kb/s (it encodes at 48 kHz, the mix's rate).
  ogg: ['-c:a', 'libvorbis', '-q:a', '6', '-f', 'ogg'],
  opus: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'opus'],
  weba: ['-c:a', 'libopus', '-b:a', '128k', '-f', 'webm'],
};

function isAudioFormat(id: string): id is AudioFormat {
  return Object.hasOwn(AUDIO_CODECS, id);
}

/**
 * An audio input keeps its format, as its content says (`inputFormat` is a format id of src/shared/media-formats.ts,
 * never the name's extension); sound taken from a video, or from a video container without an audio form, is M4A.
 */
export function audioFormatFor(inputFormat: string, inputHasVideo: boolean): AudioFormat {
  return !inputHasVideo && isAudioFormat(inputFormat) ? inputFormat : 'm4a';
}

export function audioExportArgs(
  audioPath: string,
  outputPath: string,
  format: AudioFormat,
  encodedAudioRate?: number,
): string[] {
  const codec =
    encodedAudioRate && format === 'm4a'
      ? ['-c:a', 'copy', '-f', 'ipod', '-movflags', '+faststart']
      : AUDIO_CODECS[format];
  return [...ffmpegPreamble(), ...audioInput(audioPath, encodedAudioRate), '-map', '0:a:0', ...codec, outputPath];
}

/**
 * An audio input: a WAV, or ADTS AAC whose one packet of encoder priming is moved before 0 so the muxer trims it (as
 * a direct encode does).
 */
function audioInput(file: string, encodedAudioRate: number | undefined): string[] {
  return encodedAudioRate ? ['-itsoffset', aacPrimingOffset(encodedAudioRate), '-i', file] : ['-i', file];
}
