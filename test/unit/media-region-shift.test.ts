// Lucas-Kanade for a pure translation: how far a textured region moved between two frames, to a hundredth of a pixel.
import { describe, expect, it } from 'vitest';
import { regionShift } from '../../src/main/media/image/region-shift.js';

/** A smooth, textured grey picture, shifted by (dx, dy) exactly (drawn from a formula, not resampled). */
function texture(width: number, height: number, dx = 0, dy = 0) {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = x - dx;
      const v = y - dy;
      data[y * width + x] = Math.round(
        128 + 50 * Math.sin(u * 0.31) * Math.cos(v * 0.23) + 30 * Math.sin((u + 2 * v) * 0.17),
      );
    }
  }
  return { data, width, height };
}

describe('regionShift', () => {
  it('finds a sub-pixel shift, and a larger one from a nearby guess', () => {
    const box = { x: 20, y: 20, width: 60, height: 40 };
    const small = regionShift(texture(100, 80), texture(100, 80, 0.37, -0.21), box)!;
    expect(small.dx).toBeCloseTo(0.37, 1);
    expect(small.dy).toBeCloseTo(-0.21, 1);
    expect(Math.abs(small.dx - 0.37) + Math.abs(small.dy + 0.21)).toBeLessThan(0.03);
    const large = regionShift(texture(100, 80), texture(100, 80, 4.3, 2.6), box, { dx: 4, dy: 2.5 })!;
    expect(Math.abs(large.dx - 4.3) + Math.abs(large.dy - 2.6)).toBeLessThan(0.05);
  });

  it('says nothing for a flat region, which cannot show where it went', () => {
    const flat = { data: new Uint8Array(100 * 80).fill(90), width: 100, height: 80 };
    expect(regionShift(flat, flat, { x: 20, y: 20, width: 60, height: 40 })).toBeNull();
  });
});
