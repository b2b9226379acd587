// Which reference frame each output frame shows (pure). A reference shorter than the audio plays forward and
// backward (ping-pong, so there is no jump); a longer one is cut at the audio's end.

/** Reference frame index for output frame `i`, given `referenceFrames` frames in the reference. */
export function referenceFrameFor(i: number, referenceFrames: number): number {
  if (referenceFrames <= 1) return 0;
  const period = 2 * (referenceFrames - 1);
  const k = i % period;
  return k < referenceFrames ? k : period - k;
}

/** A run of consecutive output frames that read the reference in one direction. */
export interface ScheduleRun {
  /** First output frame of the run. */
  outputStart: number;
  /** First and last reference frame shown, in showing order (first > last when the run plays backward). */
  from: number;
  to: number;
}

/** The schedule as forward and backward runs, so frames can be decoded in long sequential reads. */
export function scheduleRuns(outputFrames: number, referenceFrames: number): ScheduleRun[] {
  const runs: ScheduleRun[] = [];
  let i = 0;
  while (i < outputFrames) {
    const from = referenceFrameFor(i, referenceFrames);
    let j = i + 1;
    const step = referenceFrames <= 1 ? 0 : referenceFrameFor(i + 1, referenceFrames) - from;
    while (
      j < outputFrames &&
      referenceFrameFor(j, referenceFrames) - referenceFrameFor(j - 1, referenceFrames) === step &&
      step !== 0
    )
      j++;
    if (step === 0) j = outputFrames;
    runs.push({ outputStart: i, from, to: referenceFrameFor(j - 1, referenceFrames) });
    i = j;
  }
  return runs;
}
