import { describe, expect, it } from 'vitest';
import { trackFaces } from '../../src/main/engines/face/face-tracker.js';
import { boxIoU } from '../../src/main/media/image/rgb-image.js';
import {
  buildTrack,
  describeFrameRanges,
  faceMotion,
  followFace,
  interpolateFace,
  keyFrameIndices,
  keyFrameInterval,
  needsDetectionBetween,
  smoothTrack,
  type KeyDetection,
} from '../../src/main/engines/face/tracking.js';
import type { FaceDetector, FaceLandmarks, Point, RgbFrame } from '../../src/main/engines/face/types.js';

/** A synthetic face of the given size centred at (cx, cy), its mouth opened by `open` pixels. */
function face(cx: number, cy: number, size = 100, open = 0): FaceLandmarks {
  const ring = (x: number, y: number, rx: number, ry: number, n: number): Point[] =>
    Array.from({ length: n }, (_, i) => ({ x: x - rx * Math.cos((2 * Math.PI * i) / n), y: y - ry * Math.sin((2 * Math.PI * i) / n) }));
  return {
    box: { x: cx - size / 2, y: cy - size / 2, width: size, height: size },
    score: 0.9,
    mouthOuter: ring(cx, cy + size * 0.3, size * 0.2, size * 0.08 + open / 2, 20),
    mouthInner: ring(cx, cy + size * 0.3, size * 0.15, open / 2, 20),
    leftEye: ring(cx - size * 0.2, cy - size * 0.15, size * 0.08, size * 0.03, 16),
    rightEye: ring(cx + size * 0.2, cy - size * 0.15, size * 0.08, size * 0.03, 16),
    nose: ring(cx, cy, size * 0.05, size * 0.1, 10),
  };
}

const centreX = (f: FaceLandmarks | null): number => (f ? f.box.x + f.box.width / 2 : NaN);

describe('keyFrameInterval', () => {
  it('detects often enough to keep detection within the per-frame budget', () => {
    expect(keyFrameInterval({ detectMs: 60, budgetMsPerFrame: 8 })).toBe(8);
    expect(keyFrameInterval({ detectMs: 5, budgetMsPerFrame: 8 })).toBe(1);
    expect(keyFrameInterval({ detectMs: 500, budgetMsPerFrame: 8, maxInterval: 10 })).toBe(10);
  });

  it('plans key frames that always include the first and last frame', () => {
    expect(keyFrameIndices(20, 8)).toEqual([0, 8, 16, 19]);
    expect(keyFrameIndices(17, 8)).toEqual([0, 8, 16]);
    expect(keyFrameIndices(0, 8)).toEqual([]);
  });
});

describe('followFace', () => {
  it('starts on the largest face and stays on it when another face grows larger', () => {
    const small = face(100, 100, 80);
    const large = face(400, 100, 120);
    const first = followFace([small, large], null);
    expect(first).toBe(large);
    const later = [face(110, 100, 200), face(405, 102, 118)];
    expect(followFace(later, first)).toBe(later[1]);
  });

  it('reports the followed face lost when no candidate overlaps it', () => {
    expect(followFace([face(100, 100)], face(600, 100))).toBeNull();
    expect(followFace([], face(600, 100))).toBeNull();
  });

  it('measures overlap and motion relative to face size', () => {
    expect(boxIoU(face(0, 0).box, face(0, 0).box)).toBeCloseTo(1);
    expect(boxIoU(face(0, 0).box, face(500, 0).box)).toBe(0);
    expect(faceMotion(face(0, 0, 100), face(20, 0, 100))).toBeCloseTo(0.2);
    expect(needsDetectionBetween({ index: 0, face: face(0, 0) }, { index: 8, face: face(30, 0) })).toBe(true);
    expect(needsDetectionBetween({ index: 0, face: face(0, 0) }, { index: 8, face: face(10, 0, 108) })).toBe(false);
    expect(needsDetectionBetween({ index: 0, face: face(0, 0) }, { index: 8, face: null })).toBe(true);
    expect(needsDetectionBetween({ index: 0, face: face(0, 0) }, { index: 1, face: face(90, 0) })).toBe(false);
  });
});

describe('buildTrack', () => {
  it('is exact at key frames and linear between them', () => {
    const keys: KeyDetection[] = [
      { index: 0, face: face(100, 200, 100, 0) },
      { index: 8, face: face(116, 200, 100, 16) },
    ];
    const { faces, framesWithoutFace } = buildTrack(keys, 9);
    expect(framesWithoutFace).toEqual([]);
    expect(faces[0]).toEqual(keys[0].face);
    expect(faces[8]).toEqual(keys[1].face);
    expect(centreX(faces[4])).toBeCloseTo(108);
    expect(faces[4]!.mouthInner[5].y).toBeCloseTo(interpolateFace(keys[0].face!, keys[1].face!, 0.5).mouthInner[5].y);
    const opening = (f: FaceLandmarks): number => f.mouthInner[15].y - f.mouthInner[5].y;
    expect(opening(faces[2]!)).toBeCloseTo(4);
  });

  it('bridges a few frames of missed detections and holds the face at the clip ends', () => {
    const keys: KeyDetection[] = [
      { index: 2, face: face(100, 100) },
      { index: 6, face: null },
      { index: 10, face: face(110, 100) },
    ];
    const { faces, framesWithoutFace } = buildTrack(keys, 13, { maxGapFrames: 8 });
    expect(framesWithoutFace).toEqual([]);
    expect(centreX(faces[6])).toBeCloseTo(105);
    expect(centreX(faces[0])).toBeCloseTo(100);
    expect(centreX(faces[12])).toBeCloseTo(110);
  });

  it('reports the frames where no face was seen for longer than the gap it may bridge', () => {
    const keys: KeyDetection[] = [
      { index: 0, face: null },
      { index: 10, face: face(100, 100) },
      { index: 12, face: face(100, 100) },
      { index: 20, face: null },
      { index: 30, face: face(100, 100) },
      { index: 39, face: null },
    ];
    const { framesWithoutFace } = buildTrack(keys, 40, { maxGapFrames: 4 });
    expect(describeFrameRanges(framesWithoutFace)).toBe('0-5, 17-25, 35-39');
  });

  it('reports every frame when no detection found a face', () => {
    const { faces, framesWithoutFace } = buildTrack([{ index: 0, face: null }, { index: 4, face: null }], 5);
    expect(faces.every((f) => f === null)).toBe(true);
    expect(framesWithoutFace).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('smoothTrack', () => {
  it('damps detector jitter and never amplifies it', () => {
    // Deterministic pseudo-random jitter of up to +-3 px around a steady drift.
    let seed = 7;
    const noise = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 6;
    const raw = Array.from({ length: 60 }, (_, i) => face(100 + i + noise(), 200 + noise()));
    const smooth = smoothTrack(raw, 2);
    const steps = (track: Array<FaceLandmarks | null>, pick: (f: FaceLandmarks) => number): number[] =>
      track.slice(1).map((f, i) => Math.abs(pick(f!) - pick(track[i]!)));
    for (const pick of [(f: FaceLandmarks) => f.mouthOuter[3].x, (f: FaceLandmarks) => f.leftEye[0].y]) {
      const before = steps(raw, pick);
      const after = steps(smooth, pick);
      expect(Math.max(...after)).toBeLessThanOrEqual(Math.max(...before) + 1e-9);
      expect(after.reduce((a, b) => a + b)).toBeLessThan(0.6 * before.reduce((a, b) => a + b));
    }
  });

  it('leaves steady motion where it is and does not smooth across a gap', () => {
    const track = [face(0, 0), face(10, 0), face(20, 0), face(30, 0), null, face(500, 0), face(510, 0)];
    const smooth = smoothTrack(track, 2);
    expect(smooth.map(centreX)).toEqual(track.map(centreX).map((x) => (Number.isNaN(x) ? NaN : expect.closeTo(x, 9))));
    expect(smooth[4]).toBeNull();
  });
});

describe('trackFaces', () => {
  const frame = (): RgbFrame => ({ data: new Uint8Array(3), width: 1, height: 1, channels: 3 });

  /** A scripted scene: which faces a detector sees on each frame, and which frames it was asked about. */
  function scene(facesAt: (index: number) => FaceLandmarks[]): { detector: FaceDetector; asked: number[]; frames: AsyncIterable<RgbFrame> & { count: number } } {
    const asked: number[] = [];
    const frames = new Map<RgbFrame, number>();
    return {
      asked,
      detector: {
        detect: async (f) => {
          const index = frames.get(f)!;
          asked.push(index);
          return facesAt(index);
        },
        dispose: () => {},
      },
      frames: {
        count: 0,
        async *[Symbol.asyncIterator]() {
          for (let i = 0; i < this.count; i++) {
            const f = frame();
            frames.set(f, i);
            yield f;
          }
        },
      },
    };
  }

  it('detects only on key frames while the face holds still', async () => {
    const s = scene(() => [face(100, 100)]);
    s.frames.count = 20;
    const clip = await trackFaces(s.frames, s.detector, { interval: 8 });
    expect(clip.detectedFrames).toEqual([0, 8, 16, 19]);
    expect(clip.framesWithoutFace).toEqual([]);
  });

  it('adds detections between key frames where the face moved a lot', async () => {
    // The head jumps 60 px at frame 11: linear interpolation would smear it over frames 9-15.
    const s = scene((i) => [face(i < 11 ? 100 : 160, 100, 120)]);
    s.frames.count = 17;
    const clip = await trackFaces(s.frames, s.detector, { interval: 8, smoothingRadius: 0 });
    expect(clip.detectedFrames).toEqual(expect.arrayContaining([0, 8, 16, 10, 11]));
    expect(centreX(clip.faces[10])).toBeCloseTo(100);
    expect(centreX(clip.faces[11])).toBeCloseTo(160);
  });

  it('stays on the first largest face when a larger one enters the frame', async () => {
    const s = scene((i) => (i < 5 ? [face(100, 100, 100)] : [face(500, 100, 200), face(101, 100, 100)]));
    s.frames.count = 17;
    const clip = await trackFaces(s.frames, s.detector, { interval: 8 });
    expect(clip.faces.every((f) => f !== null && Math.abs(centreX(f) - 100) < 2)).toBe(true);
  });

  it('finds where the face leaves and reports those frames', async () => {
    const s = scene((i) => (i < 13 ? [face(100, 100)] : []));
    s.frames.count = 25;
    const clip = await trackFaces(s.frames, s.detector, { interval: 8, maxGapFrames: 0 });
    expect(clip.detectedFrames).toEqual(expect.arrayContaining([12, 13]));
    expect(describeFrameRanges(clip.framesWithoutFace)).toBe('13-24');
  });
});
