import { describe, expect, it } from 'vitest';
import { describeMouth, mouthBox, targetMouth } from '../../src/main/engines/lipsync/mouth-shape.js';
import { makeSyntheticFace } from '../fixtures/synthetic-mouth.js';

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);

describe('measured mouth', () => {
  it('finds the corners, width, opening and lip thickness of drawn lips', () => {
    const face = makeSyntheticFace({ mouthWidth: 88, opening: 20 });
    const mouth = describeMouth(face.mouth);
    expect(mouth.width).toBeCloseTo(88, 5);
    expect(mouth.leftCorner).toEqual({ x: face.mouthX - 44, y: face.mouthY });
    expect(mouth.rightCorner.x).toBeCloseTo(face.mouthX + 44, 5);
    expect(mouth.opening).toBeCloseTo(20, 5);
    expect(mouth.innerUpperMid.y).toBeCloseTo(face.mouthY - 10, 5);
    expect(mouth.innerLowerMid.y).toBeCloseTo(face.mouthY + 10, 5);
    expect(mouth.lowerLipThickness).toBeCloseTo(0.24 * 88, 1);
    // The Cupid's bow thins the upper lip at the centre.
    expect(mouth.upperLipThickness).toBeGreaterThan(0.14 * 88);
    expect(mouth.upperLipThickness).toBeLessThan(0.2 * 88);
  });

  it('reads closed lips as opening 0', () => {
    expect(describeMouth(makeSyntheticFace({ opening: 0 }).mouth).opening).toBeCloseTo(0, 6);
  });

  it('measures a tilted mouth along its own axis', () => {
    const face = makeSyntheticFace({ mouthWidth: 80, opening: 12 });
    const angle = 0.3;
    const turn = (p: { x: number; y: number }) => ({
      x: 100 + (p.x - 100) * Math.cos(angle) - (p.y - 100) * Math.sin(angle),
      y: 100 + (p.x - 100) * Math.sin(angle) + (p.y - 100) * Math.cos(angle),
    });
    const mouth = describeMouth({ outer: face.mouth.outer.map(turn), inner: face.mouth.inner.map(turn) });
    expect(mouth.width).toBeCloseTo(80, 5);
    expect(mouth.opening).toBeCloseTo(12, 5);
  });

  it('rejects contours too short to be lips', () => {
    const face = makeSyntheticFace();
    expect(() => describeMouth({ outer: face.mouth.outer.slice(0, 4), inner: face.mouth.inner })).toThrow(
      /outer lip contour/,
    );
  });
});

describe('target mouth', () => {
  it('sets the opening absolutely, whatever the reference mouth is doing', () => {
    for (const sourceOpening of [0, 12, 30]) {
      const source = describeMouth(makeSyntheticFace({ mouthWidth: 88, opening: sourceOpening }).mouth);
      const target = targetMouth(source, { opening: 0.5, width: 0, rounding: 0 });
      expect(target.opening).toBeCloseTo(0.5 * 0.45 * 88, 1);
      expect(describeMouth(target.contours).opening).toBeCloseTo(0.5 * 0.45 * 88, 1);
    }
  });

  it('closes lips that were open, mostly by raising the jaw', () => {
    const source = describeMouth(makeSyntheticFace({ mouthWidth: 88, opening: 20 }).mouth);
    const target = targetMouth(source, { opening: 0, width: 0, rounding: 0 });
    const closed = describeMouth(target.contours);
    expect(closed.opening).toBeCloseTo(0, 6);
    // The lower lip moved up 70 % of the gap, the upper lip down 30 %.
    expect(closed.innerLowerMid.y - source.innerLowerMid.y).toBeCloseTo(-14, 4);
    expect(closed.innerUpperMid.y - source.innerUpperMid.y).toBeCloseTo(6, 4);
    // Lips keep their thickness.
    expect(closed.lowerLipThickness).toBeCloseTo(source.lowerLipThickness, 4);
  });

  it('spreads the corners for width and draws them in and pouts the lips for rounding', () => {
    const source = describeMouth(makeSyntheticFace({ mouthWidth: 88 }).mouth);
    const wide = describeMouth(targetMouth(source, { opening: 0, width: 0.2, rounding: 0 }).contours);
    expect(wide.width).toBeCloseTo(88 * 1.2, 4);
    const round = describeMouth(targetMouth(source, { opening: 0, width: 0, rounding: 1 }).contours);
    expect(round.width).toBeLessThan(88 * 0.82);
    expect(round.upperLipThickness + round.lowerLipThickness).toBeGreaterThan(
      source.upperLipThickness + source.lowerLipThickness + 6,
    );
  });

  it('keeps the point order and count, so each target point matches its source point', () => {
    const face = makeSyntheticFace({ opening: 8 });
    const target = targetMouth(describeMouth(face.mouth), { opening: 0.7, width: 0.1, rounding: 0.3 });
    expect(target.contours.outer).toHaveLength(face.mouth.outer.length);
    expect(target.contours.inner).toHaveLength(face.mouth.inner.length);
    // Left corner stays the first point and only slides along the lips.
    expect(target.contours.outer[0].y).toBeCloseTo(face.mouth.outer[0].y, 6);
    expect(distance(target.contours.outer[0], face.mouth.outer[0])).toBeLessThan(0.1 * 88);
  });

  it('clamps out-of-range shapes', () => {
    const source = describeMouth(makeSyntheticFace({ mouthWidth: 88 }).mouth);
    const target = targetMouth(source, { opening: 3, width: -1, rounding: Number.NaN });
    expect(target.shape).toEqual({ opening: 1, width: -0.2, rounding: 0 });
  });
});

describe('mouth box', () => {
  it('is about 1.7 mouth widths wide with more room below the lips, clipped to the frame', () => {
    const face = makeSyntheticFace({ width: 1280, height: 720, mouthWidth: 88, mouthY: 450 });
    const box = mouthBox(describeMouth(face.mouth), 1280, 720);
    expect(box.width).toBeGreaterThanOrEqual(149);
    expect(box.width).toBeLessThanOrEqual(151);
    expect(face.mouthY - box.y).toBeLessThan(box.y + box.height - face.mouthY);
    const edge = mouthBox(describeMouth(makeSyntheticFace({ width: 320, height: 240, mouthY: 230 }).mouth), 320, 240);
    expect(edge.y + edge.height).toBe(240);
  });
});
