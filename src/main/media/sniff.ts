import fs from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';
import { looksLikeSrt } from './srt.js';

export type MediaExt =
  'mp4' | 'mov' | 'webm' | 'mkv' | 'avi' | 'wmv' | 'jpg' | 'png' | 'webp' | 'wav' | 'mp3' | 'm4a' | 'srt';
export type MediaCategory = 'video' | 'image' | 'audio' | 'subtitle';

export interface SniffedType {
  ext: MediaExt;
  category: MediaCategory;
  mime: string;
}

const TYPES: Record<MediaExt, SniffedType & { label: string }> = {
  mp4: { ext: 'mp4', category: 'video', mime: 'video/mp4', label: 'an MP4 video' },
  mov: { ext: 'mov', category: 'video', mime: 'video/quicktime', label: 'a QuickTime (.mov) video' },
  webm: { ext: 'webm', category: 'video', mime: 'video/webm', label: 'a WebM video' },
  mkv: { ext: 'mkv', category: 'video', mime: 'video/x-matroska', label: 'a Matroska (.mkv) video' },
  avi: { ext: 'avi', category: 'video', mime: 'video/x-msvideo', label: 'an AVI video' },
  wmv: { ext: 'wmv', category: 'video', mime: 'video/x-ms-wmv', label: 'a Windows Media (.wmv) video' },
  jpg: { ext: 'jpg', category: 'image', mime: 'image/jpeg', label: 'a JPEG image' },
  png: { ext: 'png', category: 'image', mime: 'image/png', label: 'a PNG image' },
  webp: { ext: 'webp', category: 'image', mime: 'image/webp', label: 'a WebP image' },
  wav: { ext: 'wav', category: 'audio', mime: 'audio/wav', label: 'a WAV audio file' },
  mp3: { ext: 'mp3', category: 'audio', mime: 'audio/mpeg', label: 'an MP3 audio file' },
  m4a: { ext: 'm4a', category: 'audio', mime: 'audio/mp4', label: 'an M4A audio file' },
  srt: { ext: 'srt', category: 'subtitle', mime: 'application/x-subrip', label: 'an SRT subtitle file' },
};

/** Enough for every signature here, including an EBML header's DocType and a second MP3 frame. */
export const SNIFF_BYTES = 4096;

function typeOf(ext: MediaExt): SniffedType {
  const { label: _label, ...type } = TYPES[ext];
  return type;
}

/** Reads the start of a file and tells its type by content, never by name; null when unrecognised. */
export async function sniffFile(file: string): Promise<SniffedType | null> {
  const handle = await fs.open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return sniffBytes(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Pure: the first bytes of a file -> its type. */
export function sniffBytes(bytes: Uint8Array): SniffedType | null {
  const ext =
    isoBmffType(bytes) ?? riffType(bytes) ?? ebmlType(bytes) ?? simpleSignature(bytes) ?? (isMp3(bytes) ? 'mp3' : null);
  if (ext) return typeOf(ext);
  return looksLikeSrt(bytes) ? typeOf('srt') : null;
}

export interface CheckMediaTypeOptions {
  /** Accepted extensions, with or without the dot; `jpeg` and `jpg` are the same. */
  allowed: readonly string[];
  /** How the user knows the file (upload name or URL), used in the message. */
  nameForErrors: string;
}

/**
 * Throws `unsupported_media` unless the content is one of the allowed types. An ISO-BMFF file branded as
 * plain MP4 passes where M4A is allowed: audio-only MP4s often carry that brand, and the probe decides.
 */
export async function checkMediaType(file: string, options: CheckMediaTypeOptions): Promise<SniffedType> {
  const allowed = acceptedExtensions(options.allowed);
  const found = await sniffFile(file);
  if (found && (allowed.includes(found.ext) || (found.ext === 'mp4' && allowed.includes('m4a')))) return found;
  const what = found ? `is ${TYPES[found.ext].label}` : 'is not a recognised media format';
  throw new DubDeskError(
    'unsupported_media',
    `${options.nameForErrors} ${what}; accepted types: ${acceptedTypesText(options.allowed)}.`,
  );
}

/** `.jpeg` -> `jpg`: one spelling per type. */
export function normalizeExt(ext: string): string {
  const bare = ext.trim().toLowerCase().replace(/^\./, '');
  return bare === 'jpeg' ? 'jpg' : bare;
}

/** The allowed extensions, normalised, each once, in the order given. */
export function acceptedExtensions(allowed: readonly string[]): string[] {
  return [...new Set(allowed.map(normalizeExt))];
}

/** `['jpg', 'jpeg', 'png']` -> ".jpg, .png" for messages. */
export function acceptedTypesText(allowed: readonly string[]): string {
  return acceptedExtensions(allowed)
    .map((ext) => `.${ext}`)
    .join(', ');
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** MP4, MOV and M4A all start with an `ftyp` box whose major brand tells them apart. */
function isoBmffType(bytes: Uint8Array): MediaExt | null {
  const box = ascii(bytes, 4, 4);
  // QuickTime files written before `ftyp` existed open directly with these atoms.
  if (box === 'moov' || box === 'mdat' || box === 'wide') return 'mov';
  if (box !== 'ftyp') return null;
  const brand = ascii(bytes, 8, 4);
  if (brand === 'qt  ') return 'mov';
  if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ') return 'm4a';
  // HEIF/AVIF still images share the container but are not video.
  if (['heic', 'heix', 'mif1', 'msf1', 'avif', 'avis'].includes(brand)) return null;
  return 'mp4';
}

function riffType(bytes: Uint8Array): MediaExt | null {
  if (ascii(bytes, 0, 4) !== 'RIFF') return null;
  const form = ascii(bytes, 8, 4);
  if (form === 'AVI ') return 'avi';
  if (form === 'WAVE') return 'wav';
  if (form === 'WEBP') return 'webp';
  return null;
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOCTYPE_ID = [0x42, 0x82];

/** Matroska and WebM share the EBML header; its DocType element names which. */
function ebmlType(bytes: Uint8Array): MediaExt | null {
  if (!startsWith(bytes, EBML_MAGIC)) return null;
  for (let i = 4; i + 3 < bytes.length && i < 128; i++) {
    if (!startsWith(bytes, EBML_DOCTYPE_ID, i)) continue;
    const size = readVint(bytes, i + 2);
    if (!size) break;
    const docType = ascii(bytes, i + 2 + size.length, size.value);
    if (docType === 'webm') return 'webm';
    if (docType === 'matroska') return 'mkv';
    break;
  }
  // EBML without a readable DocType is still Matroska-family.
  return 'mkv';
}

function readVint(bytes: Uint8Array, offset: number): { length: number; value: number } | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > 8 || offset + length > bytes.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + bytes[offset + i];
  return { length, value };
}

const ASF_GUID = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0x00, 0xaa, 0x00, 0x62, 0xce, 0x6c];

function simpleSignature(bytes: Uint8Array): MediaExt | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ASF_GUID)) return 'wmv';
  if (ascii(bytes, 0, 3) === 'ID3') return 'mp3';
  return null;
}

const MP3_BITRATES_KBPS = {
  v1: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  v2: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
};
const MP3_SAMPLE_RATES: Record<number, number[]> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

/** Length in bytes of the MPEG audio Layer III frame whose header is at `offset`, or null if it is not one. */
function mp3FrameLength(bytes: Uint8Array, offset: number): number | null {
  if (bytes.length < offset + 4) return null;
  const [b0, b1, b2] = [bytes[offset], bytes[offset + 1], bytes[offset + 2]];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // Layer bits 00 are AAC's ADTS sync, 01 is Layer III; version 01 and the indexes 15 / 3 are reserved.
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const bitrate = (version === 3 ? MP3_BITRATES_KBPS.v1 : MP3_BITRATES_KBPS.v2)[bitrateIndex] * 1000;
  const sampleRate = MP3_SAMPLE_RATES[version][rateIndex];
  const padding = (b2 >> 1) & 1;
  return Math.floor(((version === 3 ? 144 : 72) * bitrate) / sampleRate) + padding;
}

/** An MP3 without an ID3 tag starts on a frame; a second frame right after it rules out chance matches. */
function isMp3(bytes: Uint8Array): boolean {
  const length = mp3FrameLength(bytes, 0);
  if (length === null) return false;
  if (bytes.length < length + 4) return bytes.length < SNIFF_BYTES;
  return mp3FrameLength(bytes, length) !== null;
}
