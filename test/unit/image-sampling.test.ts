import { describe, expect, it } from 'vitest';
import { sampleBilinearRgb } from '../../src/main/media/image/bilinear.js';
import { maskedColourStats } from '../../src/main/media/image/colour-stats.js';
import { pointInPolygon, rasterizePolygon } from '../../src/main/media/image/polygon.js';
import { clampBox, createRgbImage, cropRgb } from '../../src/main/media/image/rgb-image.js';

function gradient(width: number, height: number) {
  const image = createRgbImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) image.data.set([x * 10, y * 10, 100], (y * width + x) * 3);
  }
  return image;
}

describe('bilinear sampling', () => {
  it('returns the pixel itself at integer positions and the linear blend between them', () => {
    const image = gradient(8, 6);
    const out = new Uint8Array(3);
    sampleBilinearRgb(image, 3, 2, out, 0);
    expect([...out]).toEqual([30, 20, 100]);
    const exact = new Float32Array(3);
    sampleBilinearRgb(image, 3.25, 2.5, exact, 0);
    expect([...exact].map((v) => Math.round(v * 100) / 100)).toEqual([32.5, 25, 100]);
  });

  it('holds the edge pixel for positions off the picture', () => {
    const image = gradient(8, 6);
    const out = new Uint8Array(3);
    sampleBilinearRgb(image, -5, 100, out, 0);
    expect([...out]).toEqual([0, 50, 100]);
  });
});

describe('polygons on the pixel grid', () => {
  const triangle = [
    { x: 10, y: 10 },
    { x: 30, y: 10 },
    { x: 10, y: 30 },
  ];

  it('fills the pixel centres inside the polygon, matching the point test', () => {
    const box = { x: 5, y: 5, width: 30, height: 30 };
    const mask = rasterizePolygon(triangle, box);
    let filled = 0;
    for (let row = 0; row < box.height; row++) {
      for (let col = 0; col < box.width; col++) {
        const inside = mask[row * box.width + col] === 1;
        if (inside) filled++;
        const x = box.x + col;
        const y = box.y + row;
        // Points on the slanted edge may fall either way; everything clearly in or out must agree.
        if (Math.abs(x + y - 40) > 1 && x > 10.5 && y > 10.5) expect(inside).toBe(pointInPolygon(triangle, x, y));
      }
    }
    expect(filled).toBeGreaterThan(180);
    expect(filled).toBeLessThan(220); // area 200
  });
});

describe('masked colour statistics', () => {
  it('averages only the pixels with the asked label', () => {
    const image = createRgbImage(4, 2);
    image.data.set([200, 0, 0, 100, 0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const stats = maskedColourStats(
      image,
      { x: 0, y: 0, width: 4, height: 2 },
      Uint8Array.from([1, 1, 2, 2, 0, 0, 0, 0]),
      1,
    );
    expect(stats.count).toBe(2);
    expect(stats.mean).toEqual([150, 0, 0]);
    expect(stats.luma).toBeCloseTo(0.299 * 150);
  });
});

describe('boxes', () => {
  it('clamps a box to the picture and crops exactly its pixels', () => {
    const image = gradient(8, 6);
    const box = clampBox({ x: -2.5, y: 3.2, width: 5, height: 10 }, 8, 6);
    expect(box).toEqual({ x: 0, y: 3, width: 3, height: 3 });
    const crop = cropRgb(image, box);
    expect([...crop.data.subarray(0, 6)]).toEqual([0, 30, 100, 10, 30, 100]);
  });
});
