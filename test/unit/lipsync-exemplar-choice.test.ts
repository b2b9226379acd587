// The exemplar engine's pure parts: the face frame fixed by the eyes, the choice of bank mouths for the audio's
// shapes, and the paste that puts a stored mouth back where it belongs.
import { describe, expect, it } from 'vitest';
import { createRgbImage } from '../../src/main/media/image/rgb-image.js';
import { chooseExemplars, openingMapping } from '../../src/main/engines/lipsync/exemplar/choose-exemplars.js';
import { faceFrameOf, toFace, toImage } from '../../src/main/engines/lipsync/exemplar/face-frame.js';
import { fuseFacePath } from '../../src/main/engines/lipsync/exemplar/face-path.js';
import {
  MAX_BANK_MOUTHS,
  patchSize,
  planMouthBank,
  samplePatch,
  type MouthBankEntry,
} from '../../src/main/engines/lipsync/exemplar/mouth-bank.js';
import { eyeRing as eye, syntheticFaceWithLandmarks } from '../fixtures/synthetic-mouth.js';
import { chooseMouthLabels } from '../../src/main/engines/lipsync/exemplar/mouth-labels.js';
import { pasteExemplar } from '../../src/main/engines/lipsync/exemplar/paste-exemplar.js';

function entry(frame: number, opening: number): MouthBankEntry {
  return { frame, shape: { opening, width: 0, rounding: 0 }, noseU: 0 };
}

const closed = { opening: 0, width: 0, rounding: 0 };
const open = { opening: 1, width: 0, rounding: 0 };

describe('face frame', () => {
  it('puts the eyes at (-0.5, 0) and (0.5, 0) and maps there and back, whatever the tilt', () => {
    const frame = faceFrameOf({ leftEye: eye(100, 100), rightEye: eye(160, 130) })!;
    expect(toFace(frame, { x: 100, y: 100 })).toEqual({ x: expect.closeTo(-0.5, 6), y: expect.closeTo(0, 6) });
    expect(toFace(frame, { x: 160, y: 130 })).toEqual({ x: expect.closeTo(0.5, 6), y: expect.closeTo(0, 6) });
    const point = toImage(frame, 0.2, 1.1);
    expect(toFace(frame, point)).toEqual({ x: expect.closeTo(0.2, 6), y: expect.closeTo(1.1, 6) });
    // v points down the face: below the eyes on an upright face.
    const upright = faceFrameOf({ leftEye: eye(100, 100), rightEye: eye(160, 100) })!;
    expect(toImage(upright, 0, 1).y).toBeGreaterThan(100);
  });
});

describe('the steady face path', () => {
  /** Landmarks with the eyes centred at (x, y) plus a detector's noise. */
  const face = (x: number, y: number, noise: number) =>
    ({ leftEye: eye(x - 30, y + noise), rightEye: eye(x + 30, y - noise) }) as never;
  // A detector's shiver: +-1 px in a pattern with no trend.
  const noise = (t: number) => [1, -1, 0.5, -0.5, 0, 1, -1][t % 7]!;

  it("holds a still face still: the followed path (no motion) outweighs the landmarks' shiver", () => {
    const track = Array.from({ length: 40 }, (_, t) => face(100, 100, noise(t)));
    const fused = fuseFacePath(
      track,
      track.map((_, t) => (t === 0 ? null : { dx: 0, dy: 0 })),
    );
    const tilts = fused.map((frame) => frame!.axis.y);
    const raw = track.map((f) => faceFrameOf(f)!.axis.y);
    const spread = (values: number[]) => Math.max(...values) - Math.min(...values);
    expect(spread(tilts.slice(10, 30))).toBeLessThan(spread(raw) / 3);
    for (const frame of fused.slice(10, 30)) expect(Math.abs(frame!.origin.y - 100)).toBeLessThan(0.2);
  });

  it('follows a moving face exactly where the region was followed, and starts again after a frame without a face', () => {
    // Moving 3 px a frame to the right, with the detector's shiver on top; frame 20 has no face.
    const track = Array.from({ length: 40 }, (_, t) => (t === 20 ? null : face(100 + 3 * t, 100 + noise(t), 0)));
    const shifts = track.map((_, t) => (t === 0 || t === 20 || t === 21 ? null : { dx: 3, dy: 0 }));
    const fused = fuseFacePath(track, shifts);
    expect(fused[20]).toBeNull();
    // Inside each run the steps are the followed ones: 3 px across, and down only the landmarks' slow correction
    // (under 0.1 px, where the raw landmarks jump by up to 2 px).
    for (const t of [5, 12, 30]) expect(fused[t + 1]!.origin.x - fused[t]!.origin.x).toBeCloseTo(3, 6);
    for (const t of [5, 12, 30]) expect(Math.abs(fused[t + 1]!.origin.y - fused[t]!.origin.y)).toBeLessThan(0.1);
    // And the path stays where the landmarks say on average.
    expect(Math.abs(fused[30]!.origin.x - (100 + 90))).toBeLessThan(0.5);
  });
});

describe('choosing the bank mouths', () => {
  it('maps the audio openings onto the range this person really shows', () => {
    const bank = [entry(0, 0.4), entry(1, 0.5), entry(2, 0.6), entry(3, 0.7)];
    const { map, span } = openingMapping([closed, { ...open, opening: 0.5 }, open], bank);
    expect(map(0)).toBeCloseTo(0.4, 6);
    expect(map(1)).toBeCloseTo(0.7, 6);
    expect(span).toBeCloseTo(0.3, 6);
  });

  it('shows closed mouths in silence and open ones in speech', () => {
    const bank = Array.from({ length: 20 }, (_, frame) => entry(frame, frame < 10 ? 0.1 : 0.9));
    const targets = [closed, closed, closed, open, open, open, closed, closed];
    const { slots } = chooseExemplars(
      targets,
      targets.map(() => null),
      bank,
    );
    expect(Array.from(slots, (slot) => bank[slot]!.shape.opening)).toEqual([0.1, 0.1, 0.1, 0.9, 0.9, 0.9, 0.1, 0.1]);
  });

  it('stays on a run of consecutive reference frames rather than cutting between slightly better single picks', () => {
    const wanted = [0, 0.5, 1, 0.5];
    // A run that moved almost as asked (frames 0-3), and scattered frames that each match exactly.
    const run = wanted.map((opening, i) => entry(i, opening + 0.05));
    const scattered = wanted.map((opening, i) => entry(10 * (i + 1), opening));
    const bank = [...run, ...scattered];
    const { slots, cuts } = chooseExemplars(
      wanted.map((opening) => ({ ...closed, opening })),
      wanted.map(() => null),
      bank,
    );
    const frames = Array.from(slots, (slot) => bank[slot]!.frame);
    // Forward or back by one frame: the run as the person moved (0, 1, 2 and then 1 or 3, both a 0.55 opening).
    expect(frames.slice(0, 3)).toEqual([0, 1, 2]);
    expect([1, 3]).toContain(frames[3]);
    expect(cuts).toBe(0);
    // Without the cost of a cut, the exact single picks win: what the run preference prevents.
    const greedy = chooseExemplars(
      wanted.map((opening) => ({ ...closed, opening })),
      wanted.map(() => null),
      bank,
      { cutCost: 0 },
    );
    expect(greedy.cuts).toBeGreaterThan(0);
  });

  it('prefers mouths from frames whose head was turned the same way', () => {
    const bank = [
      { ...entry(0, 0.5), noseU: -0.2 },
      { ...entry(40, 0.5), noseU: 0.2 },
    ];
    const { slots } = chooseExemplars([{ ...open, opening: 0.5 }], [0.18], bank);
    expect(bank[slots[0]!]!.frame).toBe(40);
  });
});

describe('pasting a stored mouth', () => {
  it('puts a patch taken from a frame back onto the same face unchanged, and leaves the rest of the frame alone', () => {
    const width = 200;
    const height = 200;
    const frame = createRgbImage(width, height);
    // A smooth gradient: resampling it there and back loses almost nothing.
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) frame.data.set([x, y, (x + y) >> 1], (y * width + x) * 3);
    const face = faceFrameOf({ leftEye: eye(70, 60), rightEye: eye(130, 60) })!;
    const pixelsPerUnit = 60;
    const size = patchSize(pixelsPerUnit);
    const patch = samplePatch(frame, face, pixelsPerUnit, createRgbImage(size.width, size.height));
    const before = Buffer.from(frame.data);
    const box = pasteExemplar(frame, face, { mouth: { u: 0, v: 1, width: 0.8 }, pixelsPerUnit }, [
      { patch, weight: 1 },
    ])!;
    let maxDiff = 0;
    for (let i = 0; i < frame.data.length; i++) maxDiff = Math.max(maxDiff, Math.abs(frame.data[i]! - before[i]!));
    expect(maxDiff).toBeLessThanOrEqual(2);
    // The mouth sits one eye distance (60 px) below the eyes: the box is around y = 120, clear of the eyes.
    expect(box.y).toBeGreaterThan(60);
    expect(box.y + box.height).toBeLessThan(200);
  });

  it('matches the stored mouth to the skin around it: a darker shot of the same mouth is brightened to fit', () => {
    const width = 200;
    const height = 200;
    const frame = createRgbImage(width, height);
    frame.data.fill(180);
    const face = faceFrameOf({ leftEye: eye(70, 60), rightEye: eye(130, 60) })!;
    const size = patchSize(60);
    const patch = createRgbImage(size.width, size.height);
    patch.data.fill(150);
    pasteExemplar(frame, face, { mouth: { u: 0, v: 1, width: 0.8 }, pixelsPerUnit: 60 }, [{ patch, weight: 1 }]);
    const centre = (120 * width + 100) * 3;
    // 150 x (180 / 150) = 180: the gain brings the patch's skin to the frame's.
    expect(frame.data[centre]).toBeGreaterThanOrEqual(178);
  });
});

describe('the mouth bank', () => {
  it('keeps at most the first MAX_BANK_MOUTHS mouths of a long reference', () => {
    const { face } = syntheticFaceWithLandmarks(8);
    const track = Array.from({ length: MAX_BANK_MOUTHS + 50 }, () => face);
    const { index } = planMouthBank(
      track,
      track.map((f) => faceFrameOf(f)),
    );
    expect(index.entries).toHaveLength(MAX_BANK_MOUTHS);
    expect(index.entries[MAX_BANK_MOUTHS - 1]!.frame).toBe(MAX_BANK_MOUTHS - 1);
  });
});

describe('labelling the bank mouths', () => {
  const shapes = (openings: number[]) => openings.map((opening) => ({ opening, width: 0, rounding: 0 }));
  // The landmarks shiver around what the mouth did; the soundtrack says it cleanly.
  const landmarks = shapes([0.45, 0.7, 0.5, 0.8, 0.42, 0.75, 0.48]);
  const speech = shapes([0, 0.6, 0.1, 0.9, 0, 0.7, 0.05]);

  it("takes the reference's own speech when it agrees with what the landmarks see", () => {
    const labels = chooseMouthLabels(landmarks, speech);
    expect(labels.source).toBe('audio');
    expect(labels.shapes).toEqual(speech);
    expect(labels.agreement).toBeGreaterThan(0.9);
  });

  it('keeps the landmarks when the sound is something else (music, another voice) or there is none', () => {
    const music = shapes([0.5, 0.5, 0.9, 0.1, 0.9, 0.1, 0.8]);
    expect(chooseMouthLabels(landmarks, music)).toMatchObject({ source: 'landmarks', shapes: landmarks });
    expect(chooseMouthLabels(landmarks, null)).toEqual({ source: 'landmarks', shapes: landmarks, agreement: null });
  });
});
