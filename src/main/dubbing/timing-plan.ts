// Fits each dubbed line to its cue: start exactly at the cue, never run into the next line, and speed
// speech up as little as possible (borrow silence, then speech rate, then capped time-stretch). Pure.
import { createTimeMap, type SlowdownSegment } from '../media/video-retime.js';

/** Past twice normal speed (speech rate x stretch) listeners lose words, so no line is ever spoken faster. */
export const MAX_SPEECH_SPEED = 2;

export interface TimingCue {
  index: number;
  startMs: number;
  endMs: number;
}

export interface TimingOptions {
  /** Largest time-stretch applied after synthesis (issue 3: default 1.3x). */
  maxStretch?: number;
  /** Largest speech-rate increase asked of the TTS before stretching. */
  maxRateBoost?: number;
  /** Silence kept before the next line when a line borrows time after its cue. */
  minGapMs?: number;
  /** Slow the video for a line that cannot fit within the caps, instead of over-speeding the voice. */
  alignVideo?: boolean;
  /** Largest rate difference between neighbouring lines of one passage (smoothing). */
  maxRateStep?: number;
  /** Lines separated by more than this pause are separate passages: a rate change there is not heard as a jump. */
  passageGapMs?: number;
}

export interface TimingInput {
  /** Sorted by start, not overlapping (the SRT validation guarantees it). */
  cues: readonly TimingCue[];
  /** Per cue: the synthesized speech duration (at normal rate, or at `synthesizedRates` when given). */
  speechMs: readonly number[];
  mediaDurationMs: number;
  /**
   * Second pass: the clips were re-synthesized at these rates and `speechMs` are their measured
   * durations. The rates are kept; only borrowing, stretch and video slowdown are decided.
   */
  synthesizedRates?: readonly number[];
}

export interface PlannedLine {
  index: number;
  /** Source timeline, the cue end clamped to the next cue and the media end. */
  cueStartMs: number;
  cueEndMs: number;
  speechMs: number;
  /** Ask the TTS to speak at this rate (1 = normal). */
  rate: number;
  /** Time-stretch factor applied to the synthesized clip (1 = none, 1.3 = 1.3x shorter). */
  stretch: number;
  /** Output timeline (equal to the source timeline unless video is slowed): where the line plays. */
  placedStartMs: number;
  placedEndMs: number;
  /** Output timeline: the line must be silent from here on (next cue minus the gap, or the media end). */
  limitEndMs: number;
  /** Silence after the cue's end used by the line. */
  borrowedMs: number;
  /** Present when the video (and original audio) is slowed for this line; source timeline. */
  videoSlowdown?: SlowdownSegment;
  /** The stretch exceeds maxStretch because nothing else could keep the line from running into the next. */
  overCap: boolean;
  /** How much faster than normal speech the line plays: rate x stretch. */
  speed: number;
  /** The line would have to play faster than MAX_SPEECH_SPEED: it cannot be spoken intelligibly in its time. */
  tooFast: boolean;
}

export interface TimingSummary {
  maxStretch: number;
  maxRate: number;
  overCapCount: number;
  tooFastCount: number;
  slowedCount: number;
  /** Time the video slowdowns add to the output. */
  addedMs: number;
  borrowedCount: number;
  /** One line per cue plus warnings and a summary, for the job log. */
  lines: string[];
}

export interface TimingPlan {
  lines: PlannedLine[];
  slowdowns: SlowdownSegment[];
  outputDurationMs: number;
  /** Source ms -> output ms (identity without slowdowns): for subtitles and any later placement. */
  toOutputMs(sourceMs: number): number;
  summary: TimingSummary;
}

export const TIMING_DEFAULTS = {
  maxStretch: 1.3,
  maxRateBoost: 1.25,
  minGapMs: 100,
  alignVideo: false,
  maxRateStep: 0.1,
  passageGapMs: 1000,
} as const satisfies Required<TimingOptions>;

/** How long each line may sound at most on the source timeline (its cue plus the silence it may borrow), ms. */
export function roomPerLineMs(
  cues: readonly TimingCue[],
  mediaDurationMs: number,
  minGapMs: number = TIMING_DEFAULTS.minGapMs,
): number[] {
  return windows(cues, mediaDurationMs, minGapMs).map((room, i) => Math.max(1, room.limitEndMs - cues[i].startMs));
}

/** Room a line may use on the source timeline: its cue plus the silence after it, up to the next line. */
function windows(
  cues: readonly TimingCue[],
  mediaDurationMs: number,
  minGapMs: number,
): { cueEndMs: number; limitEndMs: number }[] {
  return cues.map((cue, i) => {
    const next = cues[i + 1];
    const hardEnd = next ? next.startMs : Math.max(mediaDurationMs, cue.startMs);
    const cueEndMs = Math.max(cue.startMs, Math.min(cue.endMs, hardEnd));
    // The gap is kept where the subtitles leave one; abutting cues may use their whole cue.
    const limitEndMs = next ? Math.max(cueEndMs, hardEnd - minGapMs) : hardEnd;
    return { cueEndMs, limitEndMs };
  });
}

/**
 * Smoothing: within a passage (lines closer than passageGapMs) neighbouring rates differ by at most
 * maxRateStep. Rates are only ever raised, so every line still fits at least as well as before.
 */
export function smoothRates(
  rates: readonly number[],
  cues: readonly TimingCue[],
  maxRateStep: number,
  passageGapMs: number,
  cap: number,
): number[] {
  const smoothed = [...rates];
  const linked = (i: number): boolean => cues[i + 1].startMs - cues[i].endMs <= passageGapMs;
  for (let i = 1; i < smoothed.length; i++) {
    if (linked(i - 1)) smoothed[i] = Math.max(smoothed[i], smoothed[i - 1] - maxRateStep);
  }
  for (let i = smoothed.length - 2; i >= 0; i--) {
    if (linked(i)) smoothed[i] = Math.max(smoothed[i], smoothed[i + 1] - maxRateStep);
  }
  return smoothed.map((rate) => Math.min(cap, rate));
}

export function planDubTiming(input: TimingInput, options: TimingOptions = {}): TimingPlan {
  const o = { ...TIMING_DEFAULTS, ...options };
  const { cues, speechMs, mediaDurationMs, synthesizedRates } = input;
  if (speechMs.length !== cues.length)
    throw new RangeError(`${cues.length} cues but ${speechMs.length} speech durations`);
  if (synthesizedRates && synthesizedRates.length !== cues.length)
    throw new RangeError(`${cues.length} cues but ${synthesizedRates.length} rates`);
  if (!(o.maxStretch >= 1) || !(o.maxRateBoost >= 1)) throw new RangeError('maxStretch and maxRateBoost must be >= 1');
  cues.forEach((cue, i) => {
    if (i > 0 && cue.startMs < cues[i - 1].startMs)
      throw new RangeError(`cue ${cue.index} starts before cue ${cues[i - 1].index}: cues must be sorted`);
  });

  const room = windows(cues, mediaDurationMs, o.minGapMs);
  const roomMs = (i: number): number => Math.max(1, room[i].limitEndMs - cues[i].startMs);
  // Rate first: each line asks only for the rate it needs after borrowing silence, then neighbours are smoothed.
  const rates = synthesizedRates
    ? [...synthesizedRates]
    : smoothRates(
        cues.map((_, i) => Math.min(o.maxRateBoost, Math.max(1, speechMs[i] / roomMs(i)))),
        cues,
        o.maxRateStep,
        o.passageGapMs,
        o.maxRateBoost,
      );

  const decided = cues.map((cue, i) => {
    const spokenMs = synthesizedRates ? speechMs[i] : speechMs[i] / rates[i];
    const available = roomMs(i);
    const needed = spokenMs / available;
    // The tolerance absorbs rounding when the rate was chosen to fill the room exactly.
    if (needed <= 1 + 1e-9)
      return { stretch: 1, clipMs: Math.min(spokenMs, available), overCap: false, slowdown: undefined };
    // With align_video the video is slowed for the rest, so the voice keeps to the cap and to the intelligibility bound.
    const voiceCap = o.alignVideo ? Math.max(1, Math.min(o.maxStretch, MAX_SPEECH_SPEED / rates[i])) : o.maxStretch;
    if (needed <= voiceCap) return { stretch: needed, clipMs: available, overCap: false, slowdown: undefined };
    if (o.alignVideo) {
      const clipMs = spokenMs / voiceCap;
      const slowdown: SlowdownSegment = {
        fromMs: cue.startMs,
        toMs: cue.startMs + available,
        factor: clipMs / available,
      };
      return { stretch: voiceCap, clipMs, overCap: false, slowdown };
    }
    return { stretch: needed, clipMs: available, overCap: true, slowdown: undefined };
  });

  const slowdowns = decided.flatMap((d) => (d.slowdown ? [d.slowdown] : []));
  const map = createTimeMap(slowdowns);
  const lines: PlannedLine[] = cues.map((cue, i) => {
    const d = decided[i];
    const placedStartMs = map.toOutputMs(cue.startMs);
    // A slowed span ends exactly where the clip ends, so the output limit is the mapped source limit.
    const limitEndMs = map.toOutputMs(room[i].limitEndMs);
    const placedEndMs = Math.min(limitEndMs, placedStartMs + d.clipMs);
    return {
      index: cue.index,
      cueStartMs: cue.startMs,
      cueEndMs: room[i].cueEndMs,
      speechMs: speechMs[i],
      rate: rates[i],
      stretch: d.stretch,
      placedStartMs,
      placedEndMs,
      limitEndMs,
      borrowedMs: d.slowdown ? 0 : Math.max(0, placedEndMs - map.toOutputMs(room[i].cueEndMs)),
      ...(d.slowdown ? { videoSlowdown: d.slowdown } : {}),
      overCap: d.overCap,
      speed: rates[i] * d.stretch,
      // The tolerance absorbs rounding of a speed chosen to be exactly the bound.
      tooFast: rates[i] * d.stretch > MAX_SPEECH_SPEED + 1e-9,
    };
  });

  return {
    lines,
    slowdowns,
    outputDurationMs: map.toOutputMs(mediaDurationMs),
    toOutputMs: (sourceMs) => map.toOutputMs(sourceMs),
    summary: summarize(lines, map.addedMs, o),
  };
}

const sec = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

function summarize(lines: readonly PlannedLine[], addedMs: number, o: Required<TimingOptions>): TimingSummary {
  const log: string[] = [];
  for (const line of lines) {
    const parts = [`rate ${line.rate.toFixed(2)}x`, `stretch ${line.stretch.toFixed(2)}x`];
    if (line.borrowedMs > 0) parts.push(`borrows ${sec(line.borrowedMs)} after the cue`);
    if (line.videoSlowdown)
      parts.push(
        `video slowed ${line.videoSlowdown.factor.toFixed(2)}x for ${sec(line.videoSlowdown.toMs - line.videoSlowdown.fromMs)}`,
      );
    log.push(
      `cue ${line.index}: ${sec(line.speechMs)} of speech for ` +
        `a ${sec(line.cueEndMs - line.cueStartMs)} cue -> ${parts.join(', ')}; ` +
        `plays ${sec(line.placedStartMs)}-${sec(line.placedEndMs)}`,
    );
    if (line.overCap) {
      log.push(
        `warning: cue ${line.index} needs a ${line.stretch.toFixed(2)}x stretch ` +
          `(cap ${o.maxStretch.toFixed(2)}x) to end before the next line; shorten its text or enable align_video`,
      );
    }
  }
  const summary: TimingSummary = {
    maxStretch: Math.max(1, ...lines.map((line) => line.stretch)),
    maxRate: Math.max(1, ...lines.map((line) => line.rate)),
    overCapCount: lines.filter((line) => line.overCap).length,
    tooFastCount: lines.filter((line) => line.tooFast).length,
    slowedCount: lines.filter((line) => line.videoSlowdown).length,
    addedMs,
    borrowedCount: lines.filter((line) => line.borrowedMs > 0).length,
    lines: log,
  };
  log.push(
    `timing: ${lines.length} lines, max rate ${summary.maxRate.toFixed(2)}x, max stretch ${summary.maxStretch.toFixed(2)}x, ` +
      `${summary.borrowedCount} borrow silence, ${summary.overCapCount} over the ${o.maxStretch.toFixed(2)}x cap, ` +
      `${summary.slowedCount} video slowdowns adding ${sec(addedMs)}`,
  );
  return summary;
}
