import { describe, expect, it } from 'vitest';
import { trackFaces } from '../../src/main/engines/face/face-tracker.js';
import { boxIoU } from '../../src/main/media/image/rgb-image.js';
import { appearanceSimilarity, faceAppearance } from '../../src/main/engines/face/face-appearance.js';
import { faceShift, followFace, IDENTITY_LIMITS, type Sighting } from '../../src/main/engines/face/face-identity.js';
import {
  buildTrack,
  describeFrameRanges,
  faceMotion,
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
    Array.from({ length: n }, (_, i) => ({
      x: x - rx * Math.cos((2 * Math.PI * i) / n),
      y: y - ry * Math.sin((2 * Math.PI * i) / n),
    }));
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

/** A unit appearance vector pointing `cos` of the way along the first axis and the rest along the second. */
function look(cos: number): Float32Array {
  const vector = new Float32Array(192);
  vector[0] = cos;
  vector[1] = Math.sqrt(1 - cos * cos);
  return vector;
}

const seen = (f: FaceLandmarks, appearance: Float32Array | null = null): Sighting => ({ face: f, appearance });

describe('followFace', () => {
  it('starts on the largest face and stays on it when another face grows larger', () => {
    const small = seen(face(100, 100, 80));
    const large = seen(face(400, 100, 120));
    const first = followFace([small, large], null);
    expect(first).toBe(large);
    const later = [seen(face(110, 100, 200)), seen(face(405, 102, 118))];
    expect(followFace(later, first)).toBe(later[1]);
  });

  it('reports the followed face lost when no candidate is near it, or none is of its size', () => {
    expect(followFace([seen(face(100, 100))], seen(face(600, 100)))).toBeNull();
    expect(followFace([], seen(face(600, 100)))).toBeNull();
    // Right where it was, but twice its size: someone in front of the camera, not the person.
    expect(followFace([seen(face(600, 100, 200))], seen(face(600, 100, 100)))).toBeNull();
    expect(faceShift(face(0, 0, 100).box, face(100, 0, 100).box)).toBeCloseTo(IDENTITY_LIMITS.nearShift);
  });

  it('takes no bystander who stands where the hidden face was but looks different', () => {
    const last = seen(face(100, 100), look(1));
    expect(followFace([seen(face(130, 100), look(0.2))], last)).toBeNull();
    const same = seen(face(130, 100), look(0.8));
    expect(followFace([seen(face(140, 100), look(0.2)), same], last)).toBe(same);
  });

  it('picks the person up again away from where they were lost only when the face looks clearly alike', () => {
    const last = seen(face(100, 100), look(1));
    expect(followFace([seen(face(500, 100), look(0.8))], last)).toBeNull();
    const back = seen(face(500, 100), look(0.95));
    expect(followFace([seen(face(520, 100), look(0.3)), back], last)).toBe(back);
  });

  it('decides by position and size alone where a face has no appearance to compare', () => {
    const last = seen(face(100, 100), null);
    const near = seen(face(130, 100), look(0.1));
    expect(followFace([near], last)).toBe(near);
    expect(followFace([seen(face(500, 100), look(1))], last)).toBeNull();
  });
});

describe('overlap and motion', () => {
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
    const { faces, framesWithoutFace } = buildTrack(
      [
        { index: 0, face: null },
        { index: 4, face: null },
      ],
      5,
    );
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
  function scene(
    facesAt: (index: number) => FaceLandmarks[],
    draw: (index: number) => RgbFrame = frame,
  ): { detector: FaceDetector; asked: number[]; frames: AsyncIterable<RgbFrame> & { count: number } } {
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
            const f = draw(i);
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

  // Every 4th frame (the warp engine) and every frame (the exemplar engine).
  it.each([4, 1])(
    'follows no bystander while the person is hidden and takes the person up again when they are back (key every %i frames)',
    async (interval) => {
      // The person (at x 100) is hidden on frames 8-23; a smaller bystander (at x 400) is in view all along.
      const bystander = face(400, 100, 90);
      const s = scene((i) => (i >= 8 && i < 24 ? [bystander] : [face(100, 100, 100), bystander]));
      s.frames.count = 40;
      const clip = await trackFaces(s.frames, s.detector, { interval, maxGapFrames: 0, smoothingRadius: 0 });
      expect(describeFrameRanges(clip.framesWithoutFace)).toBe('8-23');
      expect(clip.faces.every((f) => f === null || Math.abs(centreX(f) - 100) < 1)).toBe(true);
    },
  );

  /** Frames with each face's box filled by its person's own colour pattern, laid out relative to the box. */
  function paintedFrame(people: ReadonlyArray<{ face: FaceLandmarks; pattern: number }>): RgbFrame {
    const width = 700;
    const height = 200;
    const data = new Uint8Array(width * height * 3).fill(40);
    for (const { face: f, pattern } of people) {
      for (let y = Math.max(0, Math.floor(f.box.y)); y < Math.min(height, f.box.y + f.box.height); y++) {
        for (let x = Math.max(0, Math.floor(f.box.x)); x < Math.min(width, f.box.x + f.box.width); x++) {
          const u = (x - f.box.x) / f.box.width;
          const v = (y - f.box.y) / f.box.height;
          for (let c = 0; c < 3; c++)
            data[(y * width + x) * 3 + c] =
              128 + 100 * Math.sin(2 * Math.PI * (pattern * u + (2 - pattern) * v) + pattern * c);
        }
      }
    }
    return { data, width, height, channels: 3 };
  }

  it("tells a bystander who steps into the hidden person's place from the person coming back elsewhere, by appearance", async () => {
    // The person (pattern 1) at x 150 on frames 0-7; hidden on 8-23 while a bystander (pattern 0.4) stands at x 190;
    // from frame 24 the person is back at x 500, the bystander still in view.
    const person = (x: number) => ({ face: face(x, 100, 100), pattern: 1 });
    const bystander = { face: face(190, 100, 100), pattern: 0.4 };
    const people = (i: number) => (i < 8 ? [person(150)] : i < 24 ? [bystander] : [bystander, person(500)]);
    const [own, other] = [person(150), bystander].map((p) => faceAppearance(paintedFrame([p]), p.face.box)!);
    expect(appearanceSimilarity(own!, other!)).toBeLessThan(IDENTITY_LIMITS.nearSimilarity);
    expect(
      appearanceSimilarity(own!, faceAppearance(paintedFrame([person(500)]), person(500).face.box)!),
    ).toBeGreaterThan(IDENTITY_LIMITS.farSimilarity);
    const s = scene(
      (i) => people(i).map((p) => p.face),
      (i) => paintedFrame(people(i)),
    );
    s.frames.count = 40;
    const clip = await trackFaces(s.frames, s.detector, { interval: 4, maxGapFrames: 0, smoothingRadius: 0 });
    expect(describeFrameRanges(clip.framesWithoutFace)).toBe('8-23');
    expect(clip.faces.slice(0, 8).every((f) => Math.abs(centreX(f) - 150) < 1)).toBe(true);
    expect(clip.faces.slice(24).every((f) => Math.abs(centreX(f) - 500) < 1)).toBe(true);
  });
});
