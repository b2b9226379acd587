// What happens to a line that must be spoken faster than normal to fit its time (docs/api.md "Lines spoken too fast"):
// up to the stretch cap nothing is said; past it, up to MAX_SPEECH_SPEED, the job finishes with a warning on that
// line; beyond MAX_SPEECH_SPEED the job fails with invalid_subtitle naming the line. Pure.
import { DubDeskError } from '../../shared/errors.js';
import type { TaskWarning } from '../../shared/schemas/jobs.js';
import { formatSrtTime } from '../media/srt.js';
import { MAX_SPEECH_SPEED, type PlannedLine, type TimingPlan } from './timing-plan.js';

interface LineTimes {
  index: number;
  startMs: number;
  endMs: number;
}

const label = (line: LineTimes): string =>
  `Cue ${line.index} (${formatSrtTime(line.startMs)} --> ${formatSrtTime(line.endMs)})`;
const round2 = (value: number): number => Math.round(value * 100) / 100;
const REMEDY = 'shorten its text, lengthen the cue, or set align_video true to slow the video for it';

/** The job-ending error for a line that would need more than MAX_SPEECH_SPEED. */
export function lineTooFastError(line: LineTimes, speed: number): DubDeskError {
  return new DubDeskError(
    'invalid_subtitle',
    `${label(line)} would have to be spoken at ${speed.toFixed(2)}x normal speed to fit before the next line; ` +
      `the limit is ${MAX_SPEECH_SPEED.toFixed(2)}x, so it cannot be dubbed intelligibly. To fix it, ${REMEDY}.`,
  );
}

/** Throws for a line that, measured at normal rate, cannot fit its room even at MAX_SPEECH_SPEED (checked as each line is synthesized). */
export function checkLineSpeakable(line: LineTimes, speechMs: number, roomMs: number): void {
  const speed = speechMs / roomMs;
  if (speed > MAX_SPEECH_SPEED + 1e-9) throw lineTooFastError(line, speed);
}

function lineWarning(line: PlannedLine, maxStretch: number): TaskWarning {
  return {
    code: 'line_too_fast',
    cue: line.index,
    start: line.cueStartMs / 1000,
    end: line.cueEndMs / 1000,
    speed: round2(line.speed),
    message:
      `${label({ index: line.index, startMs: line.cueStartMs, endMs: line.cueEndMs })} is ` +
      `spoken at ${line.speed.toFixed(2)}x normal speed ` +
      `(time-stretched ${line.stretch.toFixed(2)}x, past the ${maxStretch.toFixed(2)}x cap) to ` +
      `end before the next line; to fix it, ${REMEDY}.`,
  };
}

/** The final plan's verdict: the first line too fast to speak fails the job, lines past the cap become warnings. */
export function judgeLineSpeeds(plan: Pick<TimingPlan, 'lines'>, maxStretch: number): TaskWarning[] {
  const tooFast = plan.lines.find((line) => line.tooFast);
  if (tooFast)
    throw lineTooFastError(
      { index: tooFast.index, startMs: tooFast.cueStartMs, endMs: tooFast.cueEndMs },
      tooFast.speed,
    );
  return plan.lines.filter((line) => line.overCap).map((line) => lineWarning(line, maxStretch));
}
