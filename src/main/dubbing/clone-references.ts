// voice_model=real: which few seconds of each speaker's own speech a cloning voice hears as their voice, and the cut
// of them into the work dir (16-bit PCM WAV, with what they say as the transcript).
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ffmpegPreamble } from '../media/ffmpeg-args.js';
import { runFfmpeg } from '../media/run-ffmpeg.js';
import { speakableText } from '../media/srt.js';
import type { DubCue } from './types.js';

/** Shorter references clone poorly; longer ones only slow every line's synthesis down. */
export const REFERENCE_LIMITS = { minMs: 3000, maxMs: 10_000, joinGapMs: 600 } as const;

export interface ReferenceSpan {
  speaker: string;
  startMs: number;
  endMs: number;
  /** What the speaker says in the span (source language). */
  text: string;
  /** Some line of it overlaps another speaker's (the speaker has no line alone). */
  overlapped: boolean;
  /** A line longer than the limit was cut, and its transcript with it (in proportion to its words). */
  cut: boolean;
}

/** The lines no other speaker's line overlaps (lines sorted by start: a later line overlaps while it starts before this one ends). */
function aloneLines(lines: readonly DubCue[]): Set<DubCue> {
  const crossed = new Set<DubCue>();
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length && lines[j]!.startMs < lines[i]!.endMs; j++) {
      if (lines[j]!.speaker !== lines[i]!.speaker) crossed.add(lines[i]!).add(lines[j]!);
    }
  }
  return new Set(lines.filter((line) => !crossed.has(line)));
}

/** Spans of one speaker: each line, and runs of their consecutive lines with short pauses, up to the limit. */
function candidateSpans(
  lines: readonly DubCue[],
  speaker: string,
  usable: (cue: DubCue) => boolean,
  overlapped: boolean,
): ReferenceSpan[] {
  const spans: ReferenceSpan[] = [];
  for (let first = 0; first < lines.length; first++) {
    if (lines[first]!.speaker !== speaker || !usable(lines[first]!)) continue;
    const texts: string[] = [];
    for (let last = first; last < lines.length; last++) {
      const line = lines[last]!;
      if (line.speaker !== speaker || !usable(line)) break;
      if (last > first && line.startMs - lines[last - 1]!.endMs > REFERENCE_LIMITS.joinGapMs) break;
      const startMs = lines[first]!.startMs;
      if (line.endMs - startMs > REFERENCE_LIMITS.maxMs) {
        // One line longer than the limit: its first 10 s, with the words said by then (by their share of the line).
        if (last === first) spans.push(cutSpan(line, overlapped));
        break;
      }
      texts.push(speakableText(line.text));
      spans.push({ speaker, startMs, endMs: line.endMs, text: texts.join(' '), overlapped, cut: false });
    }
  }
  return spans;
}

function cutSpan(line: DubCue, overlapped: boolean): ReferenceSpan {
  const spoken = speakableText(line.text);
  const spaced = spoken.split(/\s+/u).filter(Boolean);
  // Text without spaces (Chinese, Japanese) is one "word": it is cut by characters instead.
  const words = spaced.length > 1 ? spaced : Array.from(spoken.replace(/\s+/gu, ''));
  const kept = Math.max(1, Math.floor((words.length * REFERENCE_LIMITS.maxMs) / (line.endMs - line.startMs)));
  return {
    speaker: line.speaker,
    startMs: line.startMs,
    endMs: line.startMs + REFERENCE_LIMITS.maxMs,
    text: words.slice(0, kept).join(spaced.length > 1 ? ' ' : ''),
    overlapped,
    cut: true,
  };
}

/** Whole spans of 3-10 s first, longest first; then a long line cut to 10 s; then the longest shorter one; earliest on a tie. */
function rank(span: ReferenceSpan): number[] {
  const ms = span.endMs - span.startMs;
  const tier = span.cut ? 1 : ms >= REFERENCE_LIMITS.minMs ? 0 : 2;
  return [tier, -ms, span.startMs];
}

function better(a: ReferenceSpan, b: ReferenceSpan): boolean {
  const [x, y] = [rank(a), rank(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
}

/**
 * Each speaker's reference: 3 to 10 s of their own lines (the longest, several consecutive ones joined when they
 * pause briefly), never overlapping another speaker's line when the speaker has a line alone. Lines in time order.
 */
export function chooseReferences(cues: readonly DubCue[]): Map<string, ReferenceSpan> {
  const lines = [...cues]
    .sort((a, b) => a.startMs - b.startMs || a.index - b.index)
    .filter((cue) => speakableText(cue.text).length > 0);
  const alone = aloneLines(lines);
  const references = new Map<string, ReferenceSpan>();
  for (const speaker of new Set(lines.map((cue) => cue.speaker))) {
    let spans = candidateSpans(lines, speaker, (cue) => alone.has(cue), false);
    if (!spans.length) spans = candidateSpans(lines, speaker, () => true, true);
    const best = spans.reduce<ReferenceSpan | undefined>(
      (chosen, span) => (!chosen || better(span, chosen) ? span : chosen),
      undefined,
    );
    if (best) references.set(speaker, best);
  }
  return references;
}

/** Cuts a span of `source` into `output`: mono 16-bit PCM WAV at the source's rate. */
export async function cutReference(
  source: string,
  span: ReferenceSpan,
  output: string,
  options: { ffmpeg: string; signal: AbortSignal },
): Promise<void> {
  await mkdir(path.dirname(output), { recursive: true });
  await runFfmpeg(
    [
      ...ffmpegPreamble(),
      '-ss',
      (span.startMs / 1000).toFixed(3),
      '-t',
      ((span.endMs - span.startMs) / 1000).toFixed(3),
      '-i',
      source,
      '-map',
      '0:a:0',
      '-vn',
      '-ac',
      '1',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      output,
    ],
    { ffmpeg: options.ffmpeg, signal: options.signal },
  );
}

/** `00:01:12` for the log. */
export function clockTime(ms: number): string {
  const total = Math.floor(ms / 1000);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor(total / 60) % 60)}:${two(total % 60)}`;
}

/** One log line: `Speaker 1: cloned from 6.2 s of their speech at 00:01:12 (separated vocals)`. */
export function describeReference(span: ReferenceSpan, source: string): string {
  const notes = [source];
  if (span.cut) notes.push('a longer line cut to its first 10 s');
  if (span.endMs - span.startMs < REFERENCE_LIMITS.minMs)
    notes.push('shorter than the 3 s a clone needs to sound like them: they have no longer line');
  if (span.overlapped) notes.push('overlaps another speaker: they have no line alone');
  return (
    `${span.speaker}: cloned from ${((span.endMs - span.startMs) / 1000).toFixed(1)} s of ` +
    `their speech at ${clockTime(span.startMs)} (${notes.join('; ')})`
  );
}
