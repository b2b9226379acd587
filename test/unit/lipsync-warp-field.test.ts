import { describe, expect, it } from 'vitest';
import { cropRgb, type PixelBox, type Point, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { blendPatch, featherMask } from '../../src/main/media/image/blend.js';
import { describeMouth, mouthBox } from '../../src/main/engines/lipsync/mouth-shape.js';
import { applyMouthShape, warpMouthBox } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { makeSyntheticFace } from '../fixtures/synthetic-mouth.js';

const copyOf = (image: RgbImage): RgbImage => ({ ...image, data: Uint8Array.from(image.data) });

/** Pixels outside the box that differ between two frames. */
function changedOutside(a: RgbImage, b: RgbImage, box: PixelBox): number {
  let changed = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      if (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height) continue;
      const i = (y * a.width + x) * 3;
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) changed++;
    }
  }
  return changed;
}

/** First row below `fromY` in column x where the lip's red gives way to skin (light and not red). */
function lowerLipEdge(image: RgbImage, x: number, fromY: number): number {
  for (let y = Math.round(fromY); y < image.height; y++) {
    const i = (y * image.width + x) * 3;
    const redness = image.data[i] - image.data[i + 1];
    if (redness < 80 && image.data[i + 1] > 120) return y;
  }
  return image.height;
}

describe('mouth warp field', () => {
  it('is the identity when the target equals the source', () => {
    const face = makeSyntheticFace({ opening: 10 });
    const box = mouthBox(describeMouth(face.mouth), face.image.width, face.image.height);
    const points = [...face.mouth.outer, ...face.mouth.inner];
    const patch = warpMouthBox(face.image, box, points, points);
    expect(Buffer.from(patch.data).equals(Buffer.from(cropRgb(face.image, box).data))).toBe(true);
  });

  it('moves a lower-lip edge down by the distance its contour moved', () => {
    const face = makeSyntheticFace({ mouthWidth: 88 });
    const box = mouthBox(describeMouth(face.mouth), face.image.width, face.image.height);
    const lowered = (points: Point[], lowerFrom: number): Point[] =>
      points.map((p, i) => (i >= lowerFrom ? { x: p.x, y: p.y + 7 } : p));
    // Outer: indices 9.. are the lower lip; inner: 7.. (corners stay).
    const from = [...face.mouth.outer, ...face.mouth.inner];
    const to = [...lowered(face.mouth.outer, 9), ...lowered(face.mouth.inner, 7)];
    const patch = warpMouthBox(face.image, box, from, to);
    const out = copyOf(face.image);
    blendPatch(out, patch, box, new Float32Array(box.width * box.height).fill(1));

    for (const dx of [-8, 0, 8]) {
      const x = Math.round(face.mouthX) + dx;
      const before = lowerLipEdge(face.image, x, face.mouthY + 2);
      const after = lowerLipEdge(out, x, face.mouthY + 2);
      expect(Math.abs(before - face.lowerLipEdgeY)).toBeLessThanOrEqual(1.5);
      expect(after - before).toBeGreaterThanOrEqual(6);
      expect(after - before).toBeLessThanOrEqual(8);
    }
    // The upper lip's top edge stays where it was.
    const x = Math.round(face.mouthX);
    const topBefore = [...Array(40).keys()].find(
      (k) => face.image.data[((face.mouthY - 40 + k) * face.image.width + x) * 3 + 1] < 110,
    );
    const topAfter = [...Array(40).keys()].find(
      (k) => out.data[((face.mouthY - 40 + k) * out.width + x) * 3 + 1] < 110,
    );
    expect(Math.abs((topAfter ?? 0) - (topBefore ?? 0))).toBeLessThanOrEqual(1);
  });

  it('never touches a pixel outside the mouth box', () => {
    for (const shape of [
      { opening: 0.8, width: 0, rounding: 0 },
      { opening: 1, width: 0.2, rounding: 0 },
      { opening: 0.3, width: -0.2, rounding: 1 },
    ]) {
      const face = makeSyntheticFace({ opening: 6 });
      const out = copyOf(face.image);
      const { box } = applyMouthShape(out, face.mouth, shape);
      expect(changedOutside(face.image, out, box)).toBe(0);
      // ... and it did change the mouth.
      expect(Buffer.from(cropRgb(out, box).data).equals(Buffer.from(cropRgb(face.image, box).data))).toBe(false);
    }
  });

  it('stays inside the frame for a mouth at the picture edge', () => {
    const face = makeSyntheticFace({ width: 200, height: 160, mouthX: 30, mouthY: 150, mouthWidth: 70 });
    const out = copyOf(face.image);
    const { box } = applyMouthShape(out, face.mouth, { opening: 0.9, width: 0.1, rounding: 0 });
    expect(box.x).toBe(0);
    expect(box.y + box.height).toBe(160);
    expect(changedOutside(face.image, out, box)).toBe(0);
  });
});

describe('feathered blend', () => {
  it('fades from 0 at the box edge to 1 inside the feather', () => {
    const mask = featherMask(100, 80, 0.15);
    expect(mask[0]).toBeLessThan(0.01);
    expect(mask[40 * 100 + 50]).toBe(1);
    expect(mask[40 * 100 + 2]).toBeGreaterThan(0);
    expect(mask[40 * 100 + 2]).toBeLessThan(0.2);
  });

  it('leaves the frame byte-identical when the patch is the box as it was', () => {
    const face = makeSyntheticFace();
    const box = { x: 100, y: 110, width: 120, height: 90 };
    const out = copyOf(face.image);
    blendPatch(out, cropRgb(face.image, box), box, featherMask(box.width, box.height));
    expect(Buffer.from(out.data).equals(Buffer.from(face.image.data))).toBe(true);
  });

  it('refuses a patch that does not match its box', () => {
    const face = makeSyntheticFace();
    const patch = cropRgb(face.image, { x: 0, y: 0, width: 10, height: 10 });
    expect(() => blendPatch(face.image, patch, { x: 0, y: 0, width: 12, height: 10 }, new Float32Array(120))).toThrow(
      /patch/,
    );
  });
});
