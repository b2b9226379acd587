// A project's lines as SRT (source, target or both in one cue) and back: an uploaded SRT replaces one track's texts.
import { DubDeskError } from '../../shared/errors.js';
import { readSrt, serializeSrt, type SrtCue } from '../media/srt.js';
import { bilingualCues } from '../dubbing/subtitle-exports.js';

export type SubtitleTrack = 'source' | 'target' | 'bilingual';

export interface SubtitleLine {
  startMs: number;
  endMs: number;
  sourceText: string;
  targetText: string;
}

/** The lines (in time order) as one SRT file; bilingual puts the original above the translation in each cue. */
export function projectSrt(segments: readonly SubtitleLine[], track: SubtitleTrack): string {
  const cue = (segment: SubtitleLine, i: number, text: string): SrtCue => ({
    index: i + 1,
    startMs: segment.startMs,
    endMs: segment.endMs,
    text,
  });
  if (track === 'bilingual') {
    const dubbed = segments.map((segment, i) => ({ ...cue(segment, i, segment.targetText), speaker: '' }));
    return serializeSrt(
      bilingualCues(
        dubbed,
        segments.map((segment) => ({ text: segment.sourceText })),
      ),
    );
  }
  return serializeSrt(
    segments.map((segment, i) => cue(segment, i, track === 'source' ? segment.sourceText : segment.targetText)),
  );
}

/** The cue texts of an uploaded SRT, one per project line; its timing is ignored (the project keeps its own). */
export function textsFromSrt(file: Buffer, expectedCount: number): string[] {
  let cues: SrtCue[];
  try {
    cues = readSrt(file).cues;
  } catch (error) {
    // readSrt's own messages never quote the file; anything else is replaced so that nothing of the file leaks.
    if (error instanceof DubDeskError && error.code === 'invalid_subtitle') throw error;
    throw new DubDeskError('invalid_subtitle', 'The subtitle file could not be read as SRT.', { cause: error });
  }
  if (cues.some((cue) => cue.text.includes('\u0000')))
    throw new DubDeskError(
      'invalid_subtitle',
      'The SRT holds a NUL character (U+0000), which no subtitle text may contain.',
    );
  if (cues.length !== expectedCount) {
    throw new DubDeskError(
      'invalid_subtitle',
      `The SRT has ${cues.length} cue${cues.length === 1 ? '' : 's'}; the project ` +
        `has ${expectedCount} line${expectedCount === 1 ? '' : 's'}. ` +
        'Upload an SRT with one cue per line, in the same order (export the track to start from one).',
    );
  }
  return cues.map((cue) => cue.text.trim());
}
