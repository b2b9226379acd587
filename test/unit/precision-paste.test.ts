import { describe, expect, it } from 'vitest';
import { createRgbImage, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { MaskCache, matchColours, mouthRegion, pasteGeneratedFace } from '../../src/main/media/image/paste-face.js';
import { resizeRgb, resizeRgbBox } from '../../src/main/media/image/resize.js';

function textured(width: number, height: number): RgbImage {
  const image = createRgbImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      image.data[i] = 100 + ((x * 7 + y * 3) % 60);
      image.data[i + 1] = 80 + ((x * 3 + y * 5) % 50);
      image.data[i + 2] = 60 + ((x + y * 11) % 40);
    }
  }
  return image;
}

function meanOf(
  image: RgbImage,
  box: { x: number; y: number; width: number; height: number },
  channel: number,
): number {
  let sum = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++) sum += image.data[(y * image.width + x) * 3 + channel]!;
  return sum / (box.width * box.height);
}

describe('precision paste', () => {
  it('changes only the lower half of the crop box, and there mostly in the middle', () => {
    const frame = textured(320, 240);
    const original = Buffer.from(frame.data);
    const generated = createRgbImage(96, 96);
    for (let i = 0; i < generated.data.length; i += 3) generated.data.set([20 + (i % 90), 200, 30], i);
    const box = { x: 100, y: 40, width: 120, height: 120 };
    pasteGeneratedFace(frame, generated, box, new MaskCache());
    const region = mouthRegion(box);
    expect(region).toEqual({ x: 100, y: 100, width: 120, height: 60 });
    let changedInside = 0;
    const changedOutside: string[] = [];
    for (let y = 0; y < 240; y++) {
      for (let x = 0; x < 320; x++) {
        const inside = x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height;
        const i = (y * 320 + x) * 3;
        const same =
          frame.data[i] === original[i] &&
          frame.data[i + 1] === original[i + 1] &&
          frame.data[i + 2] === original[i + 2];
        if (!inside && !same) changedOutside.push(`${x},${y}`);
        else if (!same) changedInside++;
      }
    }
    expect(changedOutside).toEqual([]);
    expect(changedInside).toBeGreaterThan(region.width * region.height * 0.5);
  });

  it('matches the generated colours to the frame: a green cast comes back to the frame mean', () => {
    const frame = textured(200, 200);
    const box = { x: 50, y: 50, width: 100, height: 100 };
    const patch = createRgbImage(100, 100);
    for (let i = 0; i < patch.data.length; i += 3) patch.data.set([40 + (i % 30), 230, 10 + (i % 20)], i);
    matchColours(patch, frame, box);
    const whole = { x: 0, y: 0, width: 100, height: 100 };
    for (let c = 0; c < 3; c++) expect(Math.abs(meanOf(patch, whole, c) - meanOf(frame, box, c))).toBeLessThan(1.5);
  });

  it('shrinks without aliasing: one-pixel stripes become even grey, a flat picture stays flat', () => {
    const stripes = createRgbImage(384, 384);
    for (let y = 0; y < 384; y++)
      for (let x = 0; x < 384; x++) stripes.data.fill(x % 2 ? 255 : 0, (y * 384 + x) * 3, (y * 384 + x) * 3 + 3);
    const small = resizeRgb(stripes, 96, 96);
    for (const value of small.data) expect(Math.abs(value - 128)).toBeLessThanOrEqual(1);
    const flat = createRgbImage(50, 70);
    flat.data.fill(77);
    expect(resizeRgbBox(flat, { x: 5, y: 5, width: 40, height: 60 }, 96, 96).data.every((v) => v === 77)).toBe(true);
  });
});
