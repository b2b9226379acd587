import fs from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';
import {
  describeFormat,
  findFormat,
  MEDIA_FORMATS,
  type MediaCategory,
  type MediaFormat,
} from '../../shared/media-formats.js';
import { isAdts, isMp3, isMpegTs, SNIFF_BYTES } from './sniff-frames.js';
import { looksLikeSrt } from './srt.js';

export { SNIFF_BYTES };
export type { MediaCategory };

export interface SniffedType {
  /** The format's id in src/shared/media-formats.ts. */
  ext: string;
  category: MediaCategory;
  mime: string;
}

function formatOf(id: string): MediaFormat {
  const format = findFormat(id);
  if (!format) throw new Error(`${id} is not in MEDIA_FORMATS`);
  return format;
}

/** The SniffedType of a format of the list, by id. */
export function typeOf(id: string): SniffedType {
  const format = formatOf(id);
  return { ext: format.id, category: format.category, mime: format.mimeTypes[0] };
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
  const id =
    isoBmffType(bytes) ??
    riffType(bytes) ??
    ebmlType(bytes) ??
    simpleSignature(bytes) ??
    mpegTsType(bytes) ??
    (isAdts(bytes, 0) ? 'aac' : null) ??
    (isMp3(bytes, 0) ? 'mp3' : null);
  if (id) return typeOf(id);
  return looksLikeSrt(bytes) ? typeOf('srt') : null;
}

export interface CheckMediaTypeOptions {
  /** Accepted extensions, with or without the dot; `jpeg` and `jpg` are the same. */
  allowed: readonly string[];
  /** How the user knows the file (upload name or URL), used in the message. */
  nameForErrors: string;
}

/** Throws `unsupported_media` unless the content is one of the allowed types (acceptsType says which pass). */
export async function checkMediaType(file: string, options: CheckMediaTypeOptions): Promise<SniffedType> {
  const found = await sniffFile(file);
  if (found && acceptsType(found, options.allowed)) return found;
  throw refusedType(found, options);
}

/**
 * A format passes where one of its extensions is allowed, and a video container also where the audio format it is
 * when it holds only sound is allowed (an MP4 where M4A is): audio-only MP4s often carry a video brand, and the probe
 * then decides whether there is sound.
 */
export function acceptsType(type: SniffedType, allowed: readonly string[]): boolean {
  const accepted = acceptedExtensions(allowed);
  const format = formatOf(type.ext);
  const audioForm = format.audioForm ? formatOf(format.audioForm) : undefined;
  return [format, audioForm].some((candidate) =>
    candidate?.extensions.some((ext) => accepted.includes(normalizeExt(ext))),
  );
}

/** A name's extension is acceptable when some format spelled so is (`.webm` where WebM audio is taken). */
export function acceptsExtension(extension: string, allowed: readonly string[]): boolean {
  const ext = normalizeExt(extension);
  return MEDIA_FORMATS.some(
    (format) => format.extensions.some((own) => normalizeExt(own) === ext) && acceptsType(typeOf(format.id), allowed),
  );
}

export function refusedType(found: SniffedType | null, options: CheckMediaTypeOptions): DubDeskError {
  const what = found ? `is ${describeFormat(formatOf(found.ext))}` : 'is not a recognised media format';
  return new DubDeskError(
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

/** Every extension some format of the list has: a name ending in one says what it claims to be. */
export const FORMAT_EXTENSIONS: ReadonlySet<string> = new Set(
  MEDIA_FORMATS.flatMap((format) => format.extensions.map(normalizeExt)),
);

function ascii(bytes: Uint8Array, start: number, length: number): string {
  if (bytes.length < start + length) return '';
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** MP4, MOV, M4V, 3GP and M4A all start with an `ftyp` box whose major brand tells them apart. */
function isoBmffType(bytes: Uint8Array): string | null {
  const box = ascii(bytes, 4, 4);
  // QuickTime files written before `ftyp` existed open directly with these atoms.
  if (box === 'moov' || box === 'mdat' || box === 'wide') return 'mov';
  if (box !== 'ftyp') return null;
  const brand = ascii(bytes, 8, 4);
  if (brand === 'qt  ') return 'mov';
  if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ') return 'm4a';
  if (brand === 'M4V ' || brand === 'M4VH' || brand === 'M4VP') return 'm4v';
  // 3GPP (3gp4..3gp9, 3gg6, 3ge6, 3gs7...) and 3GPP2 (3g2a...) brands.
  if (/^3g[pgesr2]/.test(brand)) return '3gp';
  // HEIF/AVIF still images share the container but are not video.
  if (['heic', 'heix', 'mif1', 'msf1', 'avif', 'avis'].includes(brand)) return null;
  return 'mp4';
}

function riffType(bytes: Uint8Array): string | null {
  if (ascii(bytes, 0, 4) !== 'RIFF') return null;
  const form = ascii(bytes, 8, 4);
  if (form === 'AVI ') return 'avi';
  if (form === 'WAVE') return 'wav';
  if (form === 'WEBP') return 'webp';
  return null;
}

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const EBML_DOCTYPE_ID = [0x42, 0x82];

/** Matroska and WebM share the EBML header; its DocType element names which (WebM audio is told by the probe). */
function ebmlType(bytes: Uint8Array): string | null {
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
const MPEG_PS_PACK_START = [0x00, 0x00, 0x01, 0xba];

function simpleSignature(bytes: Uint8Array): string | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ASF_GUID)) return 'wmv';
  if (startsWith(bytes, MPEG_PS_PACK_START)) return 'mpg';
  if (ascii(bytes, 0, 4) === 'fLaC') return 'flac';
  if (ascii(bytes, 0, 4) === 'OggS') return oggType(bytes);
  // FLV version 1 whose flags byte says audio and/or video.
  if (ascii(bytes, 0, 3) === 'FLV' && bytes[3] === 1 && (bytes[4] & ~0x05) === 0) return 'flv';
  if (ascii(bytes, 0, 3) === 'ID3') return id3TaggedType(bytes);
  return null;
}

/** An Ogg stream's first packet names its codec: Vorbis and Opus are taken, Theora, Speex and others are not. */
function oggType(bytes: Uint8Array): string | null {
  const segments = bytes[26];
  if (segments === undefined) return null;
  const packet = 27 + segments;
  if (ascii(bytes, packet, 8) === 'OpusHead') return 'opus';
  if (bytes[packet] === 0x01 && ascii(bytes, packet + 1, 6) === 'vorbis') return 'ogg';
  return null;
}

/** An ID3 tag opens MP3 files mostly, but FLAC and ADTS AAC files may carry one too: what follows it says which. */
function id3TaggedType(bytes: Uint8Array): string {
  if (bytes.length < 10) return 'mp3';
  // The tag size is 4 bytes of 7 bits each ("syncsafe"), plus a 10-byte footer when flag 0x10 is set.
  const size = ((bytes[6] & 0x7f) << 21) | ((bytes[7] & 0x7f) << 14) | ((bytes[8] & 0x7f) << 7) | (bytes[9] & 0x7f);
  const end = 10 + size + (bytes[5] & 0x10 ? 10 : 0);
  if (ascii(bytes, end, 4) === 'fLaC') return 'flac';
  if (isAdts(bytes, end)) return 'aac';
  // A tag longer than the sniffed bytes (cover art) hides the audio: the probe confirms or corrects this guess.
  return 'mp3';
}

function mpegTsType(bytes: Uint8Array): string | null {
  if (isMpegTs(bytes, 188, 0)) return 'ts';
  // M2TS (AVCHD .mts, Blu-ray .m2ts): each 188-byte packet behind a 4-byte timecode.
  if (isMpegTs(bytes, 192, 4)) return 'mts';
  return null;
}
