// Pure: the second opinion on a file's format. Sniffing names it from its first bytes, ffprobe from reading it whole.
import type { MediaInfo } from './probe.js';
import { typeOf, type SniffedType } from './sniff.js';
import { findFormat } from '../../shared/media-formats.js';

/** The ffprobe demuxer (first name of its format_name) that reads each format. */
const DEMUXER_OF: Record<string, string> = {
  mp4: 'mov',
  mov: 'mov',
  m4v: 'mov',
  '3gp': 'mov',
  m4a: 'mov',
  webm: 'matroska',
  weba: 'matroska',
  mkv: 'matroska',
  avi: 'avi',
  wmv: 'asf',
  mpg: 'mpeg',
  ts: 'mpegts',
  mts: 'mpegts',
  flv: 'flv',
  wav: 'wav',
  mp3: 'mp3',
  aac: 'aac',
  flac: 'flac',
  ogg: 'ogg',
  opus: 'ogg',
};

/** A demuxer that reads exactly one format of the list (the ISO and Matroska families need the sniffed brand). */
const FORMAT_OF_DEMUXER: Record<string, string> = {
  avi: 'avi',
  asf: 'wmv',
  mpeg: 'mpg',
  mpegts: 'ts',
  flv: 'flv',
  wav: 'wav',
  mp3: 'mp3',
  aac: 'aac',
  flac: 'flac',
};

/**
 * What the file is once ffprobe has read it: the sniffed format when ffprobe's demuxer agrees (an Ogg stream by its
 * audio codec, a video container without a video stream as its audio form), ffprobe's reading when it names one
 * format (an ID3 tag too long to see past), else null: the content is not what it looked like.
 */
export function confirmedType(sniffed: SniffedType, info: MediaInfo): SniffedType | null {
  const demuxer = info.formatName.split(',')[0];
  const expected = DEMUXER_OF[sniffed.ext];
  // Images and subtitles are not read by a demuxer of their own format: their sniffing stands.
  if (expected === undefined) return sniffed;
  if (demuxer === 'ogg')
    return info.audio?.codec === 'opus' ? typeOf('opus') : info.audio?.codec === 'vorbis' ? typeOf('ogg') : null;
  if (demuxer !== expected) return FORMAT_OF_DEMUXER[demuxer] ? typeOf(FORMAT_OF_DEMUXER[demuxer]) : null;
  const audioForm = findFormat(sniffed.ext)?.audioForm;
  return audioForm && !info.hasVideo ? typeOf(audioForm) : sniffed;
}
