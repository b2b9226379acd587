// What the diarizer hears, bounded: the longest lines up to a count and a total length, laid end to end with short
// silences between them (the silence between lines is nobody's), and its turns mapped back to the media's timeline.
// A two-hour film would otherwise mean half a gigabyte of samples and a distance matrix of every line pair.
import { open } from 'node:fs/promises';
import type { SpeakerSegment } from '../engines/diarization/types.js';
import type { SpeechRegion } from '../engines/vad/types.js';
import type { UncertainSpeakerSpan } from './types.js';
import { wavData } from './speaker-pitch.js';

export interface DiarizeLimits {
  /** Lines the diarizer compares (its cost grows with their square). */
  maxLines: number;
  /** Speech it hears in all, ms. */
  maxSpeechMs: number;
  /** Silence put between two lines, ms. */
  gapMs: number;
}

/** 2000 lines and 45 minutes: under 200 MB of samples and a 16 MB distance matrix. */
export const DIARIZE_LIMITS: DiarizeLimits = { maxLines: 2000, maxSpeechMs: 45 * 60_000, gapMs: 300 };

/** One line's place: where it is in the media, and where in the compact track the diarizer hears. */
export interface PlacedLine {
  startMs: number;
  endMs: number;
  compactStartMs: number;
}

/** The lines the diarizer hears, in time order: all of them within the limits, else the longest that fit. */
export function chooseLines(regions: readonly SpeechRegion[], limits: DiarizeLimits = DIARIZE_LIMITS): SpeechRegion[] {
  const usable = regions.filter((region) => region.endMs > region.startMs);
  const byLength = [...usable].sort((a, b) => b.endMs - b.startMs - (a.endMs - a.startMs));
  const chosen: SpeechRegion[] = [];
  let total = 0;
  for (const region of byLength) {
    if (chosen.length >= limits.maxLines) break;
    const length = region.endMs - region.startMs;
    if (total + length > limits.maxSpeechMs) continue;
    chosen.push(region);
    total += length;
  }
  return chosen.sort((a, b) => a.startMs - b.startMs);
}

/** The chosen lines laid end to end, `gapMs` apart. */
export function layOut(lines: readonly SpeechRegion[], gapMs: number): PlacedLine[] {
  let at = 0;
  return lines.map((line) => {
    const placed = { startMs: line.startMs, endMs: line.endMs, compactStartMs: at };
    at += line.endMs - line.startMs + gapMs;
    return placed;
  });
}

/** The lines' places in the compact track (what the diarizer is told to label). */
export function compactRegions(layout: readonly PlacedLine[]): SpeechRegion[] {
  return layout.map((line) => ({
    startMs: line.compactStartMs,
    endMs: line.compactStartMs + line.endMs - line.startMs,
  }));
}

/** Turns on the compact track back on the media's timeline, cut at line edges (the gaps belong to no one). */
export function mapTurnsBack(turns: readonly SpeakerSegment[], layout: readonly PlacedLine[]): SpeakerSegment[] {
  const mapped: SpeakerSegment[] = [];
  for (const turn of turns) {
    for (const line of layout) {
      const compactEnd = line.compactStartMs + line.endMs - line.startMs;
      const from = Math.max(turn.startMs, line.compactStartMs);
      const to = Math.min(turn.endMs, compactEnd);
      if (to <= from) continue;
      mapped.push({
        startMs: line.startMs + from - line.compactStartMs,
        endMs: line.startMs + to - line.compactStartMs,
        speaker: turn.speaker,
        ...(turn.uncertain ? { uncertain: turn.uncertain } : {}),
      });
    }
  }
  return mapped.sort((a, b) => a.startMs - b.startMs);
}

/** Where the speaker is uncertain, in media seconds, for the quality report's `speaker_uncertain` review items. */
export function uncertainSpans(turns: readonly SpeakerSegment[]): UncertainSpeakerSpan[] {
  return turns
    .filter((turn) => turn.uncertain)
    .map((turn) => ({ start: turn.startMs / 1000, end: turn.endMs / 1000, detail: turn.uncertain! }));
}

/** Reads the laid-out lines from a 16-bit mono WAV into one compact float track (silence in the gaps). */
export async function readCompactSpeech(
  file: string,
  layout: readonly PlacedLine[],
  sampleRate: number,
  gapMs: number,
): Promise<Float32Array> {
  const last = layout.at(-1);
  const toSamples = (ms: number) => Math.round((ms / 1000) * sampleRate);
  const samples = new Float32Array(last ? toSamples(last.compactStartMs + last.endMs - last.startMs + gapMs) : 0);
  const handle = await open(file, 'r');
  try {
    const data = await wavData(handle, sampleRate);
    const total = Math.floor(data.bytes / 2);
    for (const line of layout) {
      const from = Math.min(total, toSamples(line.startMs));
      const count = Math.max(0, Math.min(total, toSamples(line.endMs)) - from);
      const at = toSamples(line.compactStartMs);
      const bytes = Buffer.alloc(count * 2);
      await handle.read(bytes, 0, bytes.length, data.offset + from * 2);
      for (let i = 0; i < count && at + i < samples.length; i++) samples[at + i] = bytes.readInt16LE(i * 2) / 32768;
    }
    return samples;
  } finally {
    await handle.close();
  }
}
