// Pure: reads SRT with the service's own reader (any encoding and shape players accept), and turns it into WebVTT for <track>.
import { readSrt, type SrtCue } from '../../../shared/subtitles/srt.js';

export interface Cue {
  index: number;
  startSec: number;
  endSec: number;
  /** As in the file: a single speaker's `<v Speaker>` tag stays at the front, for the list and for WebVTT. */
  text: string;
}

/** A subtitle file as the preview shows it: its cues and how its bytes were decoded. */
export interface SubtitlePreview {
  cues: Cue[];
  encoding: string;
  confident: boolean;
}

function toCue(cue: SrtCue): Cue {
  return {
    index: cue.index,
    startSec: cue.startMs / 1000,
    endSec: cue.endMs / 1000,
    text: cue.speaker ? `<v ${cue.speaker}>${cue.text}` : cue.text,
  };
}

/** Bytes in any encoding players read -> cues and the encoding used; throws a DubDeskError naming the line when it is not SRT. */
export function readSubtitlePreview(bytes: Uint8Array): SubtitlePreview {
  const file = readSrt(bytes);
  return { cues: file.cues.map(toCue), encoding: file.encoding, confident: file.confident };
}

export function parseSrtCues(text: string): Cue[] {
  return readSrt(text).cues.map(toCue);
}

function vttTime(totalSeconds: number): string {
  const ms = Math.round(totalSeconds * 1000);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/** WebVTT keeps `<v Speaker>` tags, which SRT files from DubDesk carry. */
export function cuesToVtt(cues: readonly Cue[]): string {
  return `WEBVTT\n\n${cues.map((cue) => `${vttTime(cue.startSec)} --> ${vttTime(cue.endSec)}\n${cue.text}`).join('\n\n')}\n`;
}

/** The cue showing at `time`, if any. */
export function cueAt(cues: readonly Cue[], time: number): Cue | undefined {
  return cues.find((cue) => time >= cue.startSec && time < cue.endSec);
}

/** Cue text without `<v Speaker>`, other tags and position tags (`{\an8}`), for a plain list. */
export function plainCueText(text: string): { speaker?: string; text: string } {
  const speaker = /^<v\s+([^>]+)>/.exec(text)?.[1];
  return { ...(speaker ? { speaker } : {}), text: text.replace(/<[^>]+>/g, '').replace(/\{\\[^}]*\}/g, '') };
}
