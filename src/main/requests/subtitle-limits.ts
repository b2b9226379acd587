// Bounds on a subtitle file, checked when a job is created (local input) or its input is fetched (remote), so no
// accepted job can make the dubbing hold an unbounded amount of text or speech (docs/api.md "Subtitle limits").
import { stat, readFile } from 'node:fs/promises';
import { characterCount } from '../../shared/character-count.js';
import { DubDeskError } from '../../shared/errors.js';
import { MAX_CUE_CHARACTERS, MAX_CUES, MAX_SUBTITLE_BYTES } from '../../shared/subtitles/limits.js';
import { formatSrtTime, type SrtCue } from '../media/srt.js';

export { MAX_CUE_CHARACTERS, MAX_CUES, MAX_SUBTITLE_BYTES };

const count = (value: number): string => value.toLocaleString('en-US');

/** Reads a subtitle file after checking its size, so a huge file is refused without loading it. */
export async function readSubtitleFile(file: string): Promise<Buffer> {
  const { size } = await stat(file);
  if (size > MAX_SUBTITLE_BYTES) {
    throw new DubDeskError(
      'invalid_subtitle',
      `The subtitle file is ${(size / 1024 / 1024).toFixed(1)} MB; at ` +
        `most ${MAX_SUBTITLE_BYTES / 1024 / 1024} MB is accepted (${count(MAX_CUES)} cues of up ` +
        `to ${count(MAX_CUE_CHARACTERS)} characters).`,
    );
  }
  return readFile(file);
}

/** Throws invalid_subtitle naming the limit (and the cue, by its number and times) when a file has too many cues or too long a cue. */
export function checkSubtitleLimits(cues: readonly Pick<SrtCue, 'index' | 'startMs' | 'endMs' | 'text'>[]): void {
  if (cues.length > MAX_CUES) {
    throw new DubDeskError(
      'invalid_subtitle',
      `The subtitle file has ${count(cues.length)} cues; at most ${count(MAX_CUES)} are ` +
        `accepted per file. Split the media and its subtitles into parts.`,
    );
  }
  for (const cue of cues) {
    // text.length counts UTF-16 units, never fewer than characters: only a long text needs counting.
    if (cue.text.length <= MAX_CUE_CHARACTERS) continue;
    const length = characterCount(cue.text);
    if (length > MAX_CUE_CHARACTERS) {
      throw new DubDeskError(
        'invalid_subtitle',
        `Cue ${cue.index} (${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}) ` +
          `has ${count(length)} characters; at most ${count(MAX_CUE_CHARACTERS)} are accepted per ` +
          `cue. Split it into shorter cues.`,
      );
    }
  }
}
