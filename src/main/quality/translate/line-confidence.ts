// How sure the recogniser was of each line: the mean of its words' own confidences (PocketSphinx's word posteriors,
// Whisper's token probabilities), for the lines it heard.
import type { TranscribedSegment } from '../../engines/asr/types.js';
import type { DubCue } from '../../dubbing/types.js';

/** A line whose words the recogniser heard with less confidence than this is worth a look (docs/api.md). */
export const LOW_CONFIDENCE_THRESHOLD = 0.6;

export interface LineConfidence {
  index: number;
  /** Mean word confidence, 0..1. */
  confidence: number;
  words: number;
}

/** Each cue's mean word confidence over the words whose middle falls inside it; cues without scored words are left out. */
export function lineConfidences(cues: readonly DubCue[], segments: readonly TranscribedSegment[]): LineConfidence[] {
  const scored = segments
    .flatMap((segment) => segment.words ?? [])
    .filter((word) => typeof word.confidence === 'number');
  return cues.flatMap((cue) => {
    const inside = scored.filter((word) => {
      const middle = (word.startMs + word.endMs) / 2;
      return middle >= cue.startMs && middle < cue.endMs;
    });
    if (inside.length === 0) return [];
    const confidence = inside.reduce((sum, word) => sum + word.confidence!, 0) / inside.length;
    return [{ index: cue.index, confidence, words: inside.length }];
  });
}

/** The whole transcript's confidence: every scored word counts once; null when the recogniser gave none. */
export function recognitionConfidence(lines: readonly LineConfidence[]): number | null {
  const words = lines.reduce((sum, line) => sum + line.words, 0);
  if (words === 0) return null;
  return lines.reduce((sum, line) => sum + line.confidence * line.words, 0) / words;
}
