// The lip-sync quality check's pure parts: where no face was read becomes no_face spans, speech the mouth does not
// follow becomes weak_sync spans, how densely a result is read, where on each frame the face is looked for.
import { describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../../src/main/engines/face/types.js';
import { bankCoverageOf } from '../../src/main/pipelines/lipsync/bank-coverage.js';
import { pearson } from '../../src/main/quality/lipsync/correlation.js';
import { faceBoxes, REGION_MARGIN, regionAround } from '../../src/main/quality/lipsync/face-regions.js';
import type { MouthSample } from '../../src/main/quality/lipsync/mouth-samples.js';
import { NO_FACE_MIN_SEC, noFaceItems } from '../../src/main/quality/lipsync/no-face-spans.js';
import { MIN_SAMPLES, SAMPLES_PER_SECOND, sampleEvery } from '../../src/main/quality/lipsync/sampling.js';
import { WEAK_SYNC, weakSyncItems } from '../../src/main/quality/lipsync/weak-sync-spans.js';

const STEP = 0.2;

/** Samples every STEP seconds; `face(t)` says whether one was found, `opening(t)` and `loudness(t)` what was read. */
function samplesOver(
  seconds: number,
  read: { face?: (t: number) => boolean; opening?: (t: number) => number; loudness?: (t: number) => number },
): MouthSample[] {
  return Array.from({ length: Math.round(seconds / STEP) }, (_, i) => {
    const timeSec = i * STEP;
    return {
      frame: i * 5,
      timeSec,
      opening: (read.face?.(timeSec) ?? true) ? (read.opening?.(timeSec) ?? 0.1) : null,
      loudness: read.loudness?.(timeSec) ?? 0,
    };
  });
}

// Speech in 1 s phrases with 1 s pauses, at about -20 dBFS.
const speaking = (t: number) => Math.floor(t) % 2 === 0;
const loudness = (t: number) => (speaking(t) ? 0.1 + 0.05 * Math.sin(t * 9) : 0);

describe('no_face spans', () => {
  it('merges neighbouring frames without a face into one span reaching halfway to the frames with one', () => {
    const items = noFaceItems(samplesOver(8, { face: (t) => t < 2.9 || t > 5.1 }), 8);
    expect(items).toEqual([expect.objectContaining({ start: 2.9, end: 5.1, reasons: ['no_face'] })]);
    expect(items[0]!.detail).toMatch(/11 frames checked from 2\.9 s to 5\.1 s/);
  });

  it(`ignores a face lost for less than ${NO_FACE_MIN_SEC} s and reports one lost longer`, () => {
    expect(noFaceItems(samplesOver(4, { face: (t) => Math.abs(t - 2) > 0.1 }), 4)).toEqual([]);
    expect(noFaceItems(samplesOver(4, { face: (t) => Math.abs(t - 2) > 0.3 }), 4)).toHaveLength(1);
  });

  it('runs a span to the start or the end of the result when the face is missing there', () => {
    const items = noFaceItems(samplesOver(4, { face: (t) => t > 0.9 && t < 3 }), 4);
    expect(items.map(({ start, end }) => [start, end])).toEqual([
      [0, 0.9],
      [2.9, 4],
    ]);
  });

  it('reports nothing when every frame read has a face', () => {
    expect(noFaceItems(samplesOver(4, {}), 4)).toEqual([]);
  });
});

describe('weak_sync spans', () => {
  it('leaves a mouth that opens with the loudness alone', () => {
    const samples = samplesOver(12, { loudness, opening: (t) => 0.05 + loudness(t) + 0.01 * Math.cos(t * 31) });
    expect(weakSyncItems(samples, 12)).toEqual([]);
  });

  it('marks a mouth that opens in the pauses, merging the weak windows into one span', () => {
    const samples = samplesOver(12, { loudness, opening: (t) => 0.05 + loudness(t + 1) });
    const items = weakSyncItems(samples, 12);
    expect(items).toEqual([expect.objectContaining({ start: 0, end: 12, reasons: ['weak_sync'] })]);
    expect(items[0]!.detail).toMatch(
      new RegExp(`correlates -0\\.\\d\\d with the loudness \\(below ${WEAK_SYNC.below}\\)`),
    );
  });

  it('marks only the windows where the mouth stops following', () => {
    // Follows for the first 15 s, then opens in the pauses.
    const samples = samplesOver(30, { loudness, opening: (t) => 0.05 + (t < 15 ? loudness(t) : loudness(t + 1)) });
    const items = weakSyncItems(samples, 30);
    expect(items).toHaveLength(1);
    // The windows that lie in the first 15 s are not marked.
    expect(items[0]!.start).toBeGreaterThan(15 - WEAK_SYNC.windowSec);
    expect(items[0]!.end).toBe(30);
  });

  it('marks a mouth that does not move at all under speech', () => {
    expect(weakSyncItems(samplesOver(6, { loudness, opening: () => 0.1 }), 6)).toHaveLength(1);
  });

  it('judges no window where the audio is silent, or too few frames show a face', () => {
    expect(weakSyncItems(samplesOver(12, { opening: (t) => 0.05 + loudness(t + 1) }), 12)).toEqual([]);
    const faceless = samplesOver(12, {
      loudness,
      opening: (t) => 0.05 + loudness(t + 1),
      face: (t) => Math.round(t / STEP) % 8 === 0,
    });
    expect(
      faceless.filter((sample) => sample.opening !== null && sample.timeSec < WEAK_SYNC.windowSec).length,
    ).toBeLessThan(WEAK_SYNC.minFrames);
    expect(weakSyncItems(faceless, 12)).toEqual([]);
  });
});

describe('how densely a result is read', () => {
  it(`reads about ${SAMPLES_PER_SECOND} frame a second of a long result and at least ${MIN_SAMPLES} of a short one, at a prime step`, () => {
    expect(sampleEvery(60 * 25, 25)).toBe(23);
    expect(sampleEvery(120 * 30, 30)).toBe(29);
    expect(sampleEvery(30 * 25, 25)).toBe(23);
    expect(sampleEvery(8 * 25, 25)).toBe(5);
    expect(sampleEvery(25, 25)).toBe(1);
    for (const [frames, fps] of [
      [250, 25],
      [9000, 30],
      [100, 25],
      [3600, 60],
    ]) {
      const every = sampleEvery(frames!, fps!);
      expect(Math.ceil(frames! / every)).toBeGreaterThanOrEqual(Math.min(frames!, MIN_SAMPLES));
      expect(every < 4 || (every % 2 !== 0 && every % 3 !== 0)).toBe(true);
    }
  });
});

describe('where the face is looked for', () => {
  const face = (x: number): FaceLandmarks => ({
    box: { x, y: 50, width: 100, height: 120 },
    score: 1,
    mouthOuter: [],
    mouthInner: [],
    leftEye: [],
    rightEye: [],
    nose: [],
  });

  it('grows the tracked box on every side, following the frame schedule of a short reference', () => {
    const boxAt = faceBoxes([face(0), face(10), face(20)]);
    const grown = (x: number) => ({
      x: x - 100 * REGION_MARGIN,
      y: 50 - 120 * REGION_MARGIN,
      width: 100 * (1 + 2 * REGION_MARGIN),
      height: 120 * (1 + 2 * REGION_MARGIN),
    });
    // Output frames 0..4 show reference frames 0, 1, 2, 1, 0.
    expect([0, 1, 2, 3, 4].map((frame) => regionAround(boxAt(frame)!))).toEqual([
      grown(0),
      grown(10),
      grown(20),
      grown(10),
      grown(0),
    ]);
  });

  it('looks where the nearest frame had the face when the track lost it, and at the whole frame without a track', () => {
    const boxAt = faceBoxes([face(0), null, null, null, face(40), null]);
    expect([1, 2, 3, 5].map((frame) => boxAt(frame)!.x)).toEqual([0, 0, 40, 40]);
    expect(faceBoxes([null, null])(1)).toBeNull();
  });
});

describe('correlation', () => {
  it('is 1 for series that rise together, -1 for opposite ones, and undefined (NaN) when one does not vary', () => {
    expect(pearson([1, 2, 3, 5], [10, 20, 30, 50])).toBeCloseTo(1, 12);
    expect(pearson([1, 2, 3, 5], [5, 3, 2, 1])).toBeLessThan(-0.9);
    expect(pearson([0.1, 0.1, 0.1, 0.1, 0.1, 0.1, 0.1], [1, 2, 3, 4, 5, 6, 7])).toBeNaN();
  });
});

describe('bank coverage', () => {
  it("is the render stage's share when it gives one, else null", () => {
    expect(bankCoverageOf({ video: 'v.mp4', bankCoverage: 0.83 })).toBe(0.83);
    expect(bankCoverageOf({ video: 'v.mp4' })).toBeNull();
    expect(bankCoverageOf({ video: 'v.mp4', bankCoverage: '0.8' })).toBeNull();
    expect(bankCoverageOf(undefined)).toBeNull();
  });
});
