// Pure: SRT read the way players read it (any cue numbering, any line end, `.` or `,` before the milliseconds),
// validated strictly on timing, and written back plain. Used by the service and the renderer alike.
import { DubDeskError } from '../errors.js';
import { decodeSubtitleText } from './decode-text.js';

export interface SrtCue {
  /** 1, 2, 3… in file order after dropping empty cues: files may number cues any way, or not at all. */
  index: number;
  startMs: number;
  endMs: number;
  /** Lines joined with \n; formatting and position tags (`<i>`, `{\an8}`) are kept, the voice tag is taken out. */
  text: string;
  /** From a WebVTT-style voice tag `<v Speaker>`. */
  speaker?: string;
  /** How messages name the cue: "cue 12" as the file numbers it, or "cue 3 (the 3rd in the file)". Absent: "cue <index>". */
  name?: string;
}

/** What reading a file gives: its cues, how its bytes were decoded and which cues were dropped (by name and time). */
export interface SrtFile {
  cues: SrtCue[];
  encoding: string;
  confident: boolean;
  dropped: string[];
}

const TIMING_LINE =
  /^\s*(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})\s*-->\s*(\d+):(\d{1,2}):(\d{1,2})[,.](\d{1,3})(?:\s.*)?$/;
const CUE_NUMBER_LINE = /^\s*\d+\s*$/;
const VOICE_OPEN_TAG = /<v(?:\.[^\s>]*)?\s+([^>]*?)\s*>/g;
const VOICE_CLOSE_TAG = /<\/v>/g;

/** 3723004 -> "01:02:03,004" */
export function formatSrtTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor(total / 60_000) % 60;
  const seconds = Math.floor(total / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)},${pad(total % 1000, 3)}`;
}

/** 1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd". */
function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

function nameOf(cue: SrtCue): string {
  return cue.name ?? `cue ${cue.index}`;
}

function cueLabel(cue: SrtCue): string {
  const name = nameOf(cue);
  return `${name[0].toUpperCase()}${name.slice(1)} (${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)})`;
}

function invalid(message: string): DubDeskError {
  return new DubDeskError('invalid_subtitle', message);
}

/** Bytes in any encoding players read (or text already decoded) -> cues, the encoding used, and the cues dropped. */
export function readSrt(input: string | Uint8Array): SrtFile {
  const decoded =
    typeof input === 'string' ? { text: input, encoding: 'UTF-8', confident: true } : decodeSubtitleText(input);
  const dropped: string[] = [];
  const cues: SrtCue[] = [];
  for (const cue of parseCues(decoded.text)) {
    // Players skip a cue that shows nothing for no time.
    if (cue.startMs === cue.endMs && cue.text.trim() === '')
      dropped.push(`${cueLabel(cue)} was dropped: it has no text and no duration.`);
    else cues.push(renumbered(cue, cues.length + 1));
  }
  if (cues.length === 0) throw invalid('The subtitle file contains no cues.');
  return { cues, encoding: decoded.encoding, confident: decoded.confident, dropped };
}

/** The cue at `index` in the kept cues; its name is kept only when it differs from "cue <index>". */
function renumbered({ name, ...cue }: SrtCue, index: number): SrtCue {
  return name === `cue ${index}` ? { ...cue, index } : { ...cue, index, name };
}

/** Cues only; see readSrt. */
export function parseSrt(input: string | Uint8Array): SrtCue[] {
  return readSrt(input).cues;
}

/** "UTF-8", "Windows-1252 (detected)", "ISO-8859-2 (guessed: unsure)". */
export function describeEncoding(file: Pick<SrtFile, 'encoding' | 'confident'>): string {
  return `${file.encoding} (${file.confident ? 'detected' : 'guessed: unsure'})`;
}

function parseCues(text: string): SrtCue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: SrtCue[] = [];
  const numbersSeen = new Set<number>();
  const isBlank = (n: number): boolean => lines[n].trim() === '';
  // A cue starts at its timing line, or at a number line directly above one.
  const startsCue = (n: number): boolean =>
    TIMING_LINE.test(lines[n]) ||
    (n + 1 < lines.length && CUE_NUMBER_LINE.test(lines[n]) && TIMING_LINE.test(lines[n + 1]));
  let i = 0;
  while (i < lines.length) {
    if (isBlank(i)) {
      i++;
      continue;
    }
    const lineNo = i + 1;
    if (!startsCue(i)) {
      // Messages never quote the file: a file that is not SRT (say /etc/passwd) must not leak its lines.
      if (CUE_NUMBER_LINE.test(lines[i])) throw missingTiming(lines, i);
      const after = cues.length > 0 ? ` (after ${nameOf(cues[cues.length - 1])})` : '';
      throw invalid(
        `The subtitle file is not valid SRT: line ${lineNo}${after} should hold a cue number or a timing line ` +
          `(like 00:00:01,000 --> 00:00:02,500), but it holds other text.`,
      );
    }
    const number = TIMING_LINE.test(lines[i]) ? undefined : Number(lines[i++].trim());
    const position = cues.length + 1;
    // A missing or repeated number cannot name the cue alone: its position does.
    const byPosition = `(the ${ordinal(position)} in the file)`;
    const name =
      number === undefined
        ? `cue ${position} ${byPosition}`
        : numbersSeen.has(number)
          ? `cue ${number} ${byPosition}`
          : `cue ${number}`;
    if (number !== undefined) numbersSeen.add(number);
    const [startMs, endMs] = parseTiming(lines[i], i + 1);
    i++;
    const textLines: string[] = [];
    while (i < lines.length && !isBlank(i) && !startsCue(i)) textLines.push(lines[i++].trimEnd());
    cues.push({ index: position, startMs, endMs, ...splitSpeaker(textLines.join('\n')), name });
  }
  return cues;
}

/** A cue number at line `n` with no timing line under it. */
function missingTiming(lines: readonly string[], n: number): DubDeskError {
  const next = lines[n + 1];
  const atEnd = lines.slice(n + 1).every((line) => line.trim() === '');
  const found = atEnd ? 'the file ends there' : next.trim() === '' ? 'it is blank' : 'it holds other text';
  return invalid(
    `The subtitle file is not valid SRT: line ${n + 2} should hold the timing of cue ${lines[n].trim()} ` +
      `(like 00:00:01,000 --> 00:00:02,500), but ${found}.`,
  );
}

function parseTiming(line: string, lineNo: number): [number, number] {
  const match = TIMING_LINE.exec(line)!;
  const toMs = (h: string, m: string, s: string, frac: string): number => {
    if (Number(m) > 59 || Number(s) > 59) {
      // Rebuilt from the digits the pattern matched, so nothing else on the line is echoed.
      throw invalid(
        `The subtitle file is not valid SRT: line ${lineNo} has an impossible ` +
          `time ${h}:${m}:${s},${frac} (minutes and seconds go up to 59).`,
      );
    }
    // "1,5" means 1.5 s, as a decimal fraction.
    return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(frac.padEnd(3, '0'));
  };
  return [toMs(match[1], match[2], match[3], match[4]), toMs(match[5], match[6], match[7], match[8])];
}

/** `<v Ana>Hola</v>` -> speaker Ana, text Hola; a cue voiced by several speakers keeps its tags. */
function splitSpeaker(raw: string): { text: string; speaker?: string } {
  const speakers = new Set([...raw.matchAll(VOICE_OPEN_TAG)].map((match) => match[1]));
  const text = raw.trim();
  if (speakers.size !== 1 || !text.startsWith('<v')) return { text };
  const [speaker] = speakers;
  const stripped = withoutVoiceTags(text).trim();
  return speaker ? { text: stripped, speaker } : { text: stripped };
}

/**
 * Cues -> SRT text, plain: SRT has no speakers, and players show WebVTT `<v Speaker>` tags literally, so speakers
 * are not written and voice tags left in a cue's text are dropped (SRT's own <i>, <b>, <u>, <font> stay).
 */
export function serializeSrt(cues: readonly SrtCue[], options: { lineEnding?: '\n' | '\r\n' } = {}): string {
  const eol = options.lineEnding ?? '\n';
  return cues
    .map((cue) => {
      // A blank line inside a cue's text would end the cue early.
      const body = withoutVoiceTags(cue.text)
        .split(/\r\n|\r|\n/)
        .filter((line) => line.trim() !== '')
        .join(eol);
      return [String(cue.index), `${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}`, body].join(eol) + eol;
    })
    .join(eol);
}

/** `<v Ana>Hola</v>` -> `Hola`. */
export function withoutVoiceTags(text: string): string {
  return text.replace(VOICE_OPEN_TAG, '').replace(VOICE_CLOSE_TAG, '');
}

/** The words a voice says: styling (`<i>`, `<font …>`) and position tags (`{\an8}`) are for the eye only. */
export function speakableText(text: string): string {
  return text
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/<\/?[a-z][^<>]*>/gi, '')
    .replace(/[ \t]+/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}

export interface ValidateSrtOptions {
  /** When known, no cue may end after the media does. */
  mediaDurationSec?: number;
  maxTotalSec?: number;
}

/**
 * The contract's four rules, checked in file order; the first broken one throws `invalid_subtitle`
 * naming the cue as the file does. "Total at most 2 h" is checked as the end of the last cue:
 * cues may not overlap (checked first), so the sum of their durations can never exceed that span.
 */
export function validateSrt(cues: readonly SrtCue[], options: ValidateSrtOptions = {}): void {
  const maxTotalMs = (options.maxTotalSec ?? 7200) * 1000;
  const mediaMs = options.mediaDurationSec === undefined ? undefined : Math.round(options.mediaDurationSec * 1000);
  let previous: SrtCue | undefined;
  for (const cue of cues) {
    if (cue.startMs > cue.endMs) throw invalid(`${cueLabel(cue)} starts after it ends.`);
    if (previous && cue.startMs < previous.endMs) {
      throw invalid(
        `${cueLabel(cue)} starts before ${nameOf(previous)} ends (${formatSrtTime(previous.endMs)}); cues may not overlap.`,
      );
    }
    if (mediaMs !== undefined && cue.endMs > mediaMs) {
      throw invalid(`${cueLabel(cue)} ends after the media, which is ${formatSrtTime(mediaMs)} long.`);
    }
    if (cue.endMs > maxTotalMs) {
      throw invalid(`${cueLabel(cue)} ends after ${formatSrtTime(maxTotalMs)}, the longest subtitle span accepted.`);
    }
    previous = cue;
  }
}

/** Cheap content check for sniffing: text whose first non-blank line starts a cue (a timing line, maybe under a number). */
export function looksLikeSrt(bytes: Uint8Array): boolean {
  const { text } = decodeSubtitleText(bytes);
  if (text.includes('\0')) return false;
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  if (first < 0) return false;
  return (
    TIMING_LINE.test(lines[first]) || (CUE_NUMBER_LINE.test(lines[first]) && TIMING_LINE.test(lines[first + 1] ?? ''))
  );
}
