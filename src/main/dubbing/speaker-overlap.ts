// Pure: the diarizer's speaker turns put on lines and words by overlap, with names a user reads ("Speaker 2").
import type { TranscribedSegment } from '../engines/asr/types.js';
import type { SpeakerSegment as SpeakerTurn } from '../engines/diarization/types.js';
import type { SpeakerSegment } from './segment-cues.js';

interface Span {
  startMs: number;
  endMs: number;
}

/** The diarizer's labels (`speaker_0` ...) as `Speaker 1` ..., numbered in order of first appearance. */
export function nameSpeakers(turns: readonly SpeakerTurn[]): SpeakerTurn[] {
  const names = new Map<string, string>();
  return [...turns]
    .sort((a, b) => a.startMs - b.startMs)
    .map((turn) => {
      if (!names.has(turn.speaker)) names.set(turn.speaker, `Speaker ${names.size + 1}`);
      return { ...turn, speaker: names.get(turn.speaker)! };
    });
}

/** The speaker whose turns overlap the span most; without overlap, the nearest turn's; undefined without turns. */
export function speakerByOverlap(span: Span, turns: readonly SpeakerTurn[]): string | undefined {
  const overlap = new Map<string, number>();
  for (const turn of turns) {
    const shared = Math.min(span.endMs, turn.endMs) - Math.max(span.startMs, turn.startMs);
    if (shared > 0) overlap.set(turn.speaker, (overlap.get(turn.speaker) ?? 0) + shared);
  }
  const best = [...overlap].sort((a, b) => b[1] - a[1])[0];
  if (best) return best[0];
  const distance = (turn: SpeakerTurn) => Math.max(turn.startMs - span.endMs, span.startMs - turn.endMs);
  return [...turns].sort((a, b) => distance(a) - distance(b))[0]?.speaker;
}

/**
 * Each recognized segment with its speaker: with word times every word gets its own and the segment is cut where
 * the speaker changes; without them the whole segment goes to the speaker it overlaps most.
 */
export function assignSpeakers(
  segments: readonly TranscribedSegment[],
  turns: readonly SpeakerTurn[],
  fallback: string,
): SpeakerSegment[] {
  return segments.flatMap((segment): SpeakerSegment[] => {
    if (!turns.length) return [{ ...segment, speaker: segment.speaker ?? fallback }];
    if (!segment.words?.length) return [{ ...segment, speaker: speakerByOverlap(segment, turns) ?? fallback }];
    const parts: SpeakerSegment[] = [];
    for (const word of segment.words) {
      const speaker = speakerByOverlap(word, turns) ?? fallback;
      const part = parts.at(-1);
      if (part && part.speaker === speaker) {
        part.words!.push(word);
        part.endMs = word.endMs;
        part.text = `${part.text} ${word.text.trim()}`;
      } else {
        parts.push({ startMs: word.startMs, endMs: word.endMs, text: word.text.trim(), speaker, words: [word] });
      }
    }
    // One speaker throughout: keep the engine's own text and bounds.
    return parts.length === 1 ? [{ ...segment, speaker: parts[0]!.speaker }] : parts;
  });
}
