// The glyph mask on pictures drawn in code: bars as "letters" (white, with or without a black outline, soft
// edges) on a gradient crossed by a stripe; the mask must hold the letters and leave the background between them.
import { describe, expect, it } from 'vitest';
import { glyphDilation, glyphMask } from '../../src/main/engines/inpaint/glyph-mask.js';
import { createRgbImage, type PixelBox, type RgbImage } from '../../src/main/media/image/rgb-image.js';

const WIDTH = 200;
const HEIGHT = 80;
const box: PixelBox = { x: 40, y: 20, width: 120, height: 40 };
// Three upright bars 8 px wide, 20 px apart, inside the box.
const bars = [50, 86, 122].map((x) => ({ x, y: 26, width: 8, height: 28 }));

function background(): RgbImage {
  const image = createRgbImage(WIDTH, HEIGHT);
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const i = (y * WIDTH + x) * 3;
      // A horizontal gradient, and a green stripe that crosses the box (background, not text).
      const stripe = x >= 100 && x < 106;
      image.data[i] = stripe ? 30 : 40 + x / 2;
      image.data[i + 1] = stripe ? 200 : 60 + y;
      image.data[i + 2] = stripe ? 40 : 160;
    }
  }
  return image;
}

function paint(image: RgbImage, rect: PixelBox, rgb: [number, number, number], alpha = 1): void {
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const i = (y * WIDTH + x) * 3;
      for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(image.data[i + c]! * (1 - alpha) + rgb[c]! * alpha);
    }
  }
}

/** Bars of `fill`, with an `outline`-pixel black outline and a half-transparent edge outside it (anti-aliasing). */
function withText(outline: number): RgbImage {
  const image = background();
  for (const bar of bars) {
    const grow = (by: number): PixelBox => ({
      x: bar.x - by,
      y: bar.y - by,
      width: bar.width + 2 * by,
      height: bar.height + 2 * by,
    });
    paint(image, grow(outline + 1), outline ? [0, 0, 0] : [255, 255, 255], 0.5);
    if (outline) paint(image, grow(outline), [0, 0, 0]);
    paint(image, bar, [255, 255, 255]);
  }
  return image;
}

function changed(a: RgbImage, b: RgbImage): number[] {
  const pixels: number[] = [];
  for (let p = 0; p < WIDTH * HEIGHT; p++)
    if ([0, 1, 2].some((c) => a.data[p * 3 + c] !== b.data[p * 3 + c])) pixels.push(p);
  return pixels;
}

describe('glyphMask', () => {
  it('marks every changed pixel of plain letters, keeps the gaps and the stripe, and finds the fill colour', () => {
    const image = withText(0);
    const glyphs = glyphMask(image, box);
    const text = changed(background(), image);
    expect(text.every((pixel) => glyphs.mask.data[pixel] === 255)).toBe(true);
    // Midway between two bars, and on the stripe away from the bars: background.
    expect(glyphs.mask.data[40 * WIDTH + 72]).toBe(0);
    expect(glyphs.mask.data[40 * WIDTH + 103]).toBe(0);
    expect(glyphs.pixelCount).toBeLessThan(box.width * box.height * 0.5);
    expect(glyphs.fillRgb).toEqual([255, 255, 255]);
    expect(glyphs.outlineRgb).toBeUndefined();
    expect(glyphs.dilation).toBe(glyphDilation(box.height));
    // Nothing beyond the box grown by the dilation.
    for (let p = 0; p < WIDTH * HEIGHT; p++) {
      const x = p % WIDTH;
      const y = Math.floor(p / WIDTH);
      const near =
        x >= box.x - glyphs.dilation &&
        x < box.x + box.width + glyphs.dilation &&
        y >= box.y - glyphs.dilation &&
        y < box.y + box.height + glyphs.dilation;
      if (!near) expect(glyphs.mask.data[p]).toBe(0);
    }
    expect(glyphs.bounds).toEqual({
      x: 49 - glyphs.dilation,
      y: 25 - glyphs.dilation,
      width: 82 + 2 * glyphs.dilation,
      height: 30 + 2 * glyphs.dilation,
    });
  });

  it('tells the outline from the fill even when the outline has more pixels', () => {
    const image = withText(5);
    const glyphs = glyphMask(image, box);
    const text = changed(background(), image);
    expect(text.every((pixel) => glyphs.mask.data[pixel] === 255)).toBe(true);
    expect(glyphs.fillRgb).toEqual([255, 255, 255]);
    expect(glyphs.outlineRgb).toEqual([0, 0, 0]);
  });

  it('grows by the given dilation', () => {
    const image = withText(0);
    const narrow = glyphMask(image, box, { dilation: 1 });
    const wide = glyphMask(image, box, { dilation: 4 });
    expect(wide.pixelCount).toBeGreaterThan(narrow.pixelCount);
    expect(wide.bounds.width - narrow.bounds.width).toBe(6);
  });

  it('measures the fill strokes: heavy bars read as bold, thin ones as regular', () => {
    // 8 px bars: 2 x 224 / 68 edge pixels = 6.6 px; 3 px bars: 2 x 84 / 58 = 2.9 px (the frame's soft edge is background).
    const heavy = glyphMask(withText(2), box);
    expect(heavy.strokeWidth).toBeCloseTo(6.6, 0);
    const thin = background();
    for (const bar of bars) paint(thin, { ...bar, width: 3 }, [255, 255, 255]);
    expect(glyphMask(thin, box).strokeWidth).toBeCloseTo(2.9, 0);
  });
});
