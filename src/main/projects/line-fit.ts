// The timing fit of one project line, by the job's own plan (timing-plan.ts): borrow the silence up to the next
// line, then a faster speaking rate (up to the rate boost), then time-stretch; past the stretch cap it is too long.
import { planDubTiming, roomPerLineMs, TIMING_DEFAULTS } from '../dubbing/timing-plan.js';

export interface LineFitInput {
  /** The line spoken at the normal rate, or at `synthesizedRate` when given. */
  speechMs: number;
  /** lineRoomMs(): how long the line may sound. */
  roomMs: number;
  maxStretch: number;
  /** Largest speaking-rate increase (the job uses MAX_RATE_BOOST from synthesize-stage.ts). */
  maxRateBoost?: number;
  /** Second pass: the clip was spoken at this rate and `speechMs` is its measured length; only the stretch is decided. */
  synthesizedRate?: number;
}

export interface LineFit {
  /** Ask the TTS for this rate (1 = normal). */
  rate: number;
  /** Time-stretch the clip by this factor (1 = none); past maxStretch when the line is too long. */
  stretch: number;
  /** Over the stretch cap, or faster than speech stays intelligible: the text must be shortened or the line lengthened. */
  tooLong: boolean;
}

/** How long line `index` may sound: from its start to the next line's start less the job's gap (or the media end), ms. */
export function lineRoomMs(
  lines: readonly { startMs: number; endMs: number }[],
  index: number,
  mediaDurationMs: number,
): number {
  if (!Number.isInteger(index) || index < 0 || index >= lines.length)
    throw new RangeError(`line ${index} is not one of the ${lines.length} lines`);
  // The rest of the project is irrelevant to this line: its room depends only on the next line.
  const cues = lines
    .slice(index, index + 2)
    .map((line, i) => ({ index: index + i, startMs: line.startMs, endMs: line.endMs }));
  return roomPerLineMs(cues, mediaDurationMs)[0]!;
}

/** The rate and stretch the job would give this line, alone in its room. */
export function fitLine(input: LineFitInput): LineFit {
  const { speechMs, roomMs, maxStretch, maxRateBoost = TIMING_DEFAULTS.maxRateBoost, synthesizedRate } = input;
  if (!(speechMs >= 0) || !(roomMs > 0))
    throw new RangeError(`a line fit needs speech >= 0 and room > 0 ms, got ${speechMs} and ${roomMs}`);
  // One cue filling the whole "media": its room is exactly roomMs, and the plan's own rules decide.
  const plan = planDubTiming(
    {
      cues: [{ index: 0, startMs: 0, endMs: roomMs }],
      speechMs: [speechMs],
      mediaDurationMs: roomMs,
      ...(synthesizedRate ? { synthesizedRates: [synthesizedRate] } : {}),
    },
    { maxStretch, maxRateBoost, alignVideo: false },
  );
  const line = plan.lines[0]!;
  return { rate: line.rate, stretch: line.stretch, tooLong: line.overCap || line.tooFast };
}
