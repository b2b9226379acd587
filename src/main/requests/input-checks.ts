import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import type { AddressPolicy } from '../files/address-policy.js';
import { fileNameFromUrl } from '../files/file-names.js';
import type { FileStore } from '../files/file-store.js';
import { classifyInputUrl, resolveLocalInput, type InputUrl } from '../files/input-url.js';
import type { MediaTools } from '../media/ffmpeg-paths.js';
import { probeMedia, type MediaInfo } from '../media/probe.js';
import { confirmedType } from '../media/probe-format.js';
import {
  acceptedTypesText,
  acceptsExtension,
  acceptsType,
  checkMediaType,
  FORMAT_EXTENSIONS,
  normalizeExt,
  refusedType,
  type SniffedType,
} from '../media/sniff.js';
import { parseSrt } from '../media/srt.js';
import { checkSubtitleLimits, readSubtitleFile } from './subtitle-limits.js';

const SRT_TYPE: SniffedType = { ext: 'srt', category: 'subtitle', mime: 'application/x-subrip' };

/** What one `*_url` field accepts. */
export interface InputRule {
  field: string;
  allowed: readonly string[];
  /** Longest accepted duration; longer is media_too_long. */
  maxDurationSec?: number;
}

export interface InputEnvironment {
  files: Pick<FileStore, 'get' | 'localPath'>;
  media: MediaTools;
  baseUrl: string;
  /** Recognises a file URL this installation signed, whatever its address (files/input-url.ts). */
  ownsFileUrl?(fileId: string, token: string | null): boolean;
  signal?: AbortSignal;
  /** Which addresses remote inputs and callbacks may reach (a literal refused address is refused at create). */
  addressPolicy?: AddressPolicy;
}

/** A file on this machine, checked by content; `info` is absent for subtitles. */
export interface InspectedInput {
  path: string;
  name: string;
  type: SniffedType;
  info?: MediaInfo;
}

/** Extensions that name a media or document format: a remote URL ending in one not allowed is refused at once. */
const KNOWN_EXTENSIONS = new Set([
  ...FORMAT_EXTENSIONS,
  ...['gif', 'bmp', 'tif', 'tiff', 'mka', 'ogv', 'vtt', 'ass', 'txt', 'pdf', 'zip'],
]);

/** The name says a type that is not accepted (a name without a known extension is judged by content alone). */
export function checkNameExtension(name: string, rule: InputRule): void {
  const ext = normalizeExt(path.extname(name));
  if (ext && KNOWN_EXTENSIONS.has(ext) && !acceptsExtension(ext, rule.allowed)) {
    throw new DubDeskError(
      'unsupported_media',
      `${rule.field}: ${name} is a .${ext} file; accepted types: ${acceptedTypesText(rule.allowed)}.`,
    );
  }
}

/** Checks a file on this machine by content, whatever its name says (and probes audio/video/images for streams and duration). */
export async function inspectFile(
  file: string,
  name: string,
  rule: InputRule,
  env: Pick<InputEnvironment, 'media' | 'signal'>,
): Promise<InspectedInput> {
  // A subtitle is judged by parsing it, so a broken SRT says invalid_subtitle with the line, not "unknown type".
  if (rule.allowed.length === 1 && rule.allowed[0] === 'srt') {
    checkSubtitleLimits(parseSrt(await readSubtitleFile(file)));
    return { path: file, name, type: SRT_TYPE };
  }
  // The content decides, not the name: sniffed from the first bytes, then confirmed (or corrected) by ffprobe.
  const nameForErrors = `${rule.field} (${name})`;
  const sniffed = await checkMediaType(file, { allowed: rule.allowed, nameForErrors });
  const info = await probeMedia(file, { signal: env.signal, ffprobe: env.media.ffprobe });
  const type = confirmedType(sniffed, info);
  if (!type || !acceptsType(type, rule.allowed)) throw refusedType(type, { allowed: rule.allowed, nameForErrors });
  if (rule.maxDurationSec !== undefined && info.durationSec > rule.maxDurationSec) {
    throw new DubDeskError(
      'media_too_long',
      `${rule.field} (${name}) is ${formatDuration(info.durationSec)} long; the limit is ${formatDuration(rule.maxDurationSec)}.`,
    );
  }
  return { path: file, name, type, info };
}

export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h ? `${h} h ${m} min` : m ? `${m} min ${s} s` : `${s} s`;
}

export interface ClassifiedInput {
  rule: InputRule;
  url: string;
  where: InputUrl;
  name: string;
}

/** Sorts the URL and checks what can be checked without downloading (a remote URL's extension). */
export async function classifyInput(
  url: string,
  rule: InputRule,
  env: Pick<InputEnvironment, 'baseUrl' | 'files' | 'ownsFileUrl'>,
): Promise<ClassifiedInput> {
  const where = classifyInputUrl(url, { baseUrl: env.baseUrl, field: rule.field, ownsFileUrl: env.ownsFileUrl });
  let name: string;
  if (where.kind === 'remote') name = fileNameFromUrl(where.url) ?? where.url;
  else if (where.kind === 'upload') name = (await env.files.get(where.fileId))?.name ?? where.fileId;
  else name = path.basename(where.path);
  if (where.kind === 'remote') checkNameExtension(name, rule);
  return { rule, url, where, name };
}

/** Resolves a local or uploaded input and inspects it; remote inputs are left for the job's first stage. */
export async function inspectIfLocal(
  input: ClassifiedInput,
  env: InputEnvironment,
): Promise<InspectedInput | undefined> {
  if (input.where.kind === 'remote') return undefined;
  const file = await resolveLocalInput(input.where, env.files);
  return inspectFile(file, input.name, input.rule, env);
}
