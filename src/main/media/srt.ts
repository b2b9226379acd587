import { DubDeskError } from '../../shared/errors.js';

export interface SrtCue {
  /** The cue number as written in the file (messages quote it). */
  index: number;
  startMs: number;
  endMs: number;
  /** Lines joined with \n; formatting tags other than the voice tag are kept. */
  text: string;
  /** From a WebVTT-style voice tag `<v Speaker>`. */
  speaker?: string;
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

function cueLabel(cue: SrtCue): string {
  return `Cue ${cue.index} (${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)})`;
}

function invalid(message: string): DubDeskError {
  return new DubDeskError('invalid_subtitle', message);
}

/** UTF-8 bytes or text; strips a BOM; LF, CRLF or CR; extra blank lines and a missing blank line between cues are fine. */
export function parseSrt(input: string | Uint8Array): SrtCue[] {
  const text = typeof input === 'string' ? input : decodeUtf8(input);
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: SrtCue[] = [];
  let i = 0;
  const isBlank = (n: number): boolean => lines[n].trim() === '';
  // A cue starts at a number line directly followed by a timing line.
  const startsCue = (n: number): boolean => n + 1 < lines.length && CUE_NUMBER_LINE.test(lines[n]) && TIMING_LINE.test(lines[n + 1]);

  while (i < lines.length) {
    if (isBlank(i)) {
      i++;
      continue;
    }
    const lineNo = i + 1;
    // Messages never quote the file: a file that is not SRT (say /etc/passwd) must not leak its lines.
    const after = cues.length > 0 ? ` (after cue ${cues[cues.length - 1].index})` : '';
    if (!CUE_NUMBER_LINE.test(lines[i])) {
      const found = TIMING_LINE.test(lines[i]) ? 'a timing line without its cue number' : 'other text';
      throw invalid(`The subtitle file is not valid SRT: line ${lineNo}${after} should hold a cue number (digits only), but it holds ${found}.`);
    }
    const index = Number(lines[i].trim());
    const timingLine = lines[i + 1];
    if (timingLine === undefined || !TIMING_LINE.test(timingLine)) {
      const atEnd = lines.slice(i + 1).every((line) => line.trim() === '');
      const found = atEnd ? 'the file ends there' : timingLine.trim() === '' ? 'it is blank' : 'it holds other text';
      throw invalid(
        `The subtitle file is not valid SRT: line ${lineNo + 1} should hold the timing of cue ${index} ` +
          `(like 00:00:01,000 --> 00:00:02,500), but ${found}.`,
      );
    }
    const [startMs, endMs] = parseTiming(timingLine, lineNo + 1);
    i += 2;
    const textLines: string[] = [];
    while (i < lines.length && !isBlank(i) && !startsCue(i)) textLines.push(lines[i++].trimEnd());
    cues.push({ index, startMs, endMs, ...splitSpeaker(textLines.join('\n')) });
  }
  if (cues.length === 0) throw invalid('The subtitle file contains no cues.');
  return cues;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw new DubDeskError('invalid_subtitle', 'The subtitle file is not UTF-8 text; save it as UTF-8 and try again.', { cause: error });
  }
}

function parseTiming(line: string, lineNo: number): [number, number] {
  const match = TIMING_LINE.exec(line)!;
  const toMs = (h: string, m: string, s: string, frac: string): number => {
    if (Number(m) > 59 || Number(s) > 59) {
      // Rebuilt from the digits the pattern matched, so nothing else on the line is echoed.
      throw invalid(`The subtitle file is not valid SRT: line ${lineNo} has an impossible time ${h}:${m}:${s},${frac} (minutes and seconds go up to 59).`);
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
      const body = withoutVoiceTags(cue.text).split(/\r\n|\r|\n/).filter((line) => line.trim() !== '').join(eol);
      return [String(cue.index), `${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}`, body].join(eol) + eol;
    })
    .join(eol);
}

/** `<v Ana>Hola</v>` -> `Hola`. */
export function withoutVoiceTags(text: string): string {
  return text.replace(VOICE_OPEN_TAG, '').replace(VOICE_CLOSE_TAG, '');
}

export interface ValidateSrtOptions {
  /** When known, no cue may end after the media does. */
  mediaDurationSec?: number;
  maxTotalSec?: number;
}

/**
 * The contract's four rules, checked in file order; the first broken one throws `invalid_subtitle`
 * naming the cue by its number in the file. "Total at most 2 h" is checked as the end of the last cue:
 * cues may not overlap (checked first), so the sum of their durations can never exceed that span.
 */
export function validateSrt(cues: readonly SrtCue[], options: ValidateSrtOptions = {}): void {
  const maxTotalMs = (options.maxTotalSec ?? 7200) * 1000;
  const mediaMs = options.mediaDurationSec === undefined ? undefined : Math.round(options.mediaDurationSec * 1000);
  let previous: SrtCue | undefined;
  for (const cue of cues) {
    if (cue.startMs > cue.endMs) throw invalid(`${cueLabel(cue)} starts after it ends.`);
    if (previous && cue.startMs < previous.endMs) {
      throw invalid(`${cueLabel(cue)} starts before cue ${previous.index} ends (${formatSrtTime(previous.endMs)}); cues may not overlap.`);
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

/** Cheap content check for sniffing: text (no NUL bytes) opening with a cue number and a timing line. */
export function looksLikeSrt(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  const lines = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const first = lines.findIndex((line) => line.trim() !== '');
  return first >= 0 && CUE_NUMBER_LINE.test(lines[first]) && TIMING_LINE.test(lines[first + 1] ?? '');
}
