import { describe, expect, it } from 'vitest';
import { luma } from '../../src/main/media/image/colour-stats.js';
import { pointInPolygon } from '../../src/main/media/image/polygon.js';
import type { PixelBox, Point, RgbImage } from '../../src/main/media/image/rgb-image.js';
import { applyMouthShape } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { makeSyntheticFace } from '../fixtures/synthetic-mouth.js';

const copyOf = (image: RgbImage): RgbImage => ({ ...image, data: Uint8Array.from(image.data) });
const DARK = 60;

interface Pixel {
  x: number;
  y: number;
  luma: number;
  spread: number;
}

function pixelsIn(image: RgbImage, box: PixelBox): Pixel[] {
  const out: Pixel[] = [];
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * image.width + x) * 3;
      const [r, g, b] = [image.data[i], image.data[i + 1], image.data[i + 2]];
      out.push({ x, y, luma: luma(r, g, b), spread: Math.max(r, g, b) - Math.min(r, g, b) });
    }
  }
  return out;
}

function polygonArea(points: Point[]): number {
  let twice = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++)
    twice += points[j].x * points[i].y - points[i].x * points[j].y;
  return Math.abs(twice) / 2;
}

/** Within `margin` px of the polygon: inside it or near enough that antialiasing may reach. */
function nearPolygon(points: Point[], x: number, y: number, margin: number): boolean {
  for (const [dx, dy] of [
    [0, 0],
    [margin, 0],
    [-margin, 0],
    [0, margin],
    [0, -margin],
  ]) {
    if (pointInPolygon(points, x + dx, y + dy)) return true;
  }
  return false;
}

describe('painted mouth interior', () => {
  it('paints nothing dark when the lips stay closed', () => {
    const face = makeSyntheticFace({ mouthWidth: 88 });
    const out = copyOf(face.image);
    const { box } = applyMouthShape(out, face.mouth, { opening: 0, width: 0, rounding: 0 });
    const darkBefore = pixelsIn(face.image, box).filter((p) => p.luma < DARK).length;
    const darkAfter = pixelsIn(out, box).filter((p) => p.luma < DARK).length;
    // Only the drawn lip line (2 px by 0.78 mouth widths) is dark, before and after.
    expect(darkAfter).toBeLessThanOrEqual(darkBefore + 4);
    expect(darkAfter).toBeLessThan(2.5 * 0.78 * 88);
  });

  it('closes a reference mouth that was open instead of keeping its opening', () => {
    const face = makeSyntheticFace({ mouthWidth: 88, opening: 22 });
    const out = copyOf(face.image);
    const { box } = applyMouthShape(out, face.mouth, { opening: 0, width: 0, rounding: 0 });
    const darkBefore = pixelsIn(face.image, box).filter((p) => p.luma < DARK).length;
    const darkAfter = pixelsIn(out, box).filter((p) => p.luma < DARK).length;
    expect(darkBefore).toBeGreaterThan(800);
    // At most a thin lip line across the mouth remains.
    expect(darkAfter).toBeLessThan(2 * 0.78 * 88);
  });

  it('fills an opening of 0.8 with a dark cavity and upper teeth inside the target inner lips', () => {
    const face = makeSyntheticFace({ mouthWidth: 88 });
    const out = copyOf(face.image);
    const { box, target } = applyMouthShape(out, face.mouth, { opening: 0.8, width: 0, rounding: 0 });
    const inner = target.contours.inner;
    const area = polygonArea(inner);
    expect(target.opening).toBeCloseTo(0.8 * 0.45 * 88, 0);

    const pixels = pixelsIn(out, box);
    const dark = pixels.filter((p) => p.luma < DARK);
    const teeth = pixels.filter((p) => p.luma > 170 && p.spread < 70 && nearPolygon(inner, p.x, p.y, 0));
    // Cavity plus teeth cover most of the opening (the tongue takes some of the rest); nothing dark reaches onto the
    // lips beyond the antialiased edge and the lips' shadowed inner rim (the reference's lip line, stretched).
    expect(dark.length + teeth.length).toBeGreaterThan(0.6 * area);
    expect(dark.length + teeth.length).toBeLessThan(1.05 * area);
    expect(dark.length).toBeGreaterThan(0.3 * area);
    expect(dark.filter((p) => !nearPolygon(inner, p.x, p.y, 2.5)).length).toBe(0);
    // Teeth sit under the upper lip: their mean row is above the opening's middle.
    expect(teeth.length).toBeGreaterThan(0.1 * area);
    const teethRow = teeth.reduce((sum, p) => sum + p.y, 0) / teeth.length;
    expect(teethRow).toBeLessThan(face.mouthY);
  });

  it('shows no teeth on a small opening and a larger cavity as the mouth opens', () => {
    const darkAt = (opening: number) => {
      const face = makeSyntheticFace({ mouthWidth: 88 });
      const out = copyOf(face.image);
      const { box } = applyMouthShape(out, face.mouth, { opening, width: 0, rounding: 0 });
      const pixels = pixelsIn(out, box);
      return {
        dark: pixels.filter((p) => p.luma < DARK).length,
        bright: pixels.filter((p) => p.luma > 190 && p.spread < 70).length,
      };
    };
    const small = darkAt(0.1);
    const medium = darkAt(0.5);
    const large = darkAt(1);
    expect(small.bright).toBe(0);
    expect(small.dark).toBeLessThan(medium.dark);
    expect(medium.dark).toBeLessThan(large.dark);
  });

  it('tints the interior from the lips: a darker face gets darker teeth', () => {
    const meanTeeth = (scale: number) => {
      const face = makeSyntheticFace({ mouthWidth: 88 });
      for (let i = 0; i < face.image.data.length; i++) face.image.data[i] = Math.round(face.image.data[i] * scale);
      const out = copyOf(face.image);
      applyMouthShape(out, face.mouth, { opening: 0.7, width: 0, rounding: 0 });
      // Just under the upper lip at the centre column.
      let best = 0;
      for (let y = face.mouthY - 20; y < face.mouthY + 10; y++)
        best = Math.max(best, out.data[(y * out.width + face.mouthX) * 3 + 1]);
      return best;
    };
    expect(meanTeeth(0.55)).toBeLessThan(meanTeeth(1) - 40);
  });
});
