// How many of a lip-sync result's frames the quality check reads. One detection costs about as much on a face's
// region as on a whole 720p frame, and the faces stage already detects on every 4th frame of a video (most of a
// standard_v1 job's time), so reading 1 frame in 4 again would add about half the job: a long result is read once a
// second, a short one more densely so that its correlations still mean something.

/** Frames read per second of a long result (docs/api.md "Lip-sync quality"); 2 a second added 9-14 % to a 720p job. */
export const SAMPLES_PER_SECOND = 1;
/** At least this many frames are read (every frame of a result shorter than that). */
export const MIN_SAMPLES = 30;

/**
 * Read every n-th frame: n chosen so a result gets SAMPLES_PER_SECOND and never fewer than MIN_SAMPLES frames, and
 * prime, so a loop or a beat of the content (a phrase every 3 s) does not line up with the frames read: every 25th
 * frame read only 3 moments of such a phrase and halved the sync score.
 */
export function sampleEvery(frameCount: number, fps: number): number {
  const wanted = Math.max(MIN_SAMPLES, (frameCount / fps) * SAMPLES_PER_SECOND);
  let every = Math.max(1, Math.floor(frameCount / wanted));
  while (every > 3 && !isPrime(every)) every--;
  return every;
}

function isPrime(n: number): boolean {
  for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
  return n >= 2;
}
