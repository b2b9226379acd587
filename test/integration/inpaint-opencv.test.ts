// The built-in text eraser on frames ffmpeg drew with and without text: the glyph mask covers the text, the
// inpainted box comes close to the text-free frame, nothing outside the mask changes, tesseract no longer reads
// the word, the fill holds still across a text event, and opencv.js memory does not grow.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { glyphMask } from '../../src/main/engines/inpaint/glyph-mask.js';
import { createOpenCvInpainter, loadOpenCv } from '../../src/main/engines/inpaint/opencv-inpaint.js';
import { createSteadyFill } from '../../src/main/engines/inpaint/steady-fill.js';
import { clampBox, type PixelBox, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { psnr } from '../fixtures/image-metrics.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import {
  boundsOf,
  differingPixels,
  tesseractPresent,
  tesseractRead,
  textClipFrames,
  type TextBackground,
  type TextStyle,
} from '../fixtures/text-frames.js';

let dir: string;
const signal = new AbortController().signal;
const inpainter = createOpenCvInpainter();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-inpaint-'));
  const started = performance.now();
  await loadOpenCv();
  console.log(`[inpaint] opencv.js loaded in ${(performance.now() - started).toFixed(0)} ms`);
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const inBox =
  (box: PixelBox, width: number) =>
  (pixel: number): boolean => {
    const x = pixel % width;
    const y = Math.floor(pixel / width);
    return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
  };

// keyword: the word of the line tesseract must find in the original (it may misread the rest of it).
const scenes: { background: TextBackground; keyword: string; text: TextStyle }[] = [
  {
    background: 'gradient',
    keyword: 'morning',
    text: { word: 'Good morning', fontSize: 56, colour: 'white', border: 0 },
  },
  {
    background: 'testsrc2',
    keyword: 'station',
    text: { word: 'Next station', fontSize: 56, colour: 'white', border: 3, bold: true },
  },
  {
    background: 'mandelbrot',
    keyword: 'harbour',
    text: { word: 'Old harbour', fontSize: 56, colour: 'black', border: 0, bold: true, top: true },
  },
];

describe.each(scenes)('erasing "$text.word" over $background', ({ background, keyword, text }) => {
  let plain: RgbImage;
  let withText: RgbImage;
  let box: PixelBox;
  let textPixels: number[];

  beforeAll(async () => {
    [plain] = await textClipFrames(dir, { background });
    [withText] = await textClipFrames(dir, { background, text });
    textPixels = differingPixels(plain, withText);
    // What a text detector reports for the line: the text's bounds with a little padding.
    box = boundsOf(textPixels, plain.width, 4);
  });

  it('masks the glyph pixels, not the whole box, and reports the text colours', () => {
    const glyphs = glyphMask(withText, box);
    const covered = textPixels.filter((pixel) => glyphs.mask.data[pixel] !== 0).length / textPixels.length;
    const boxShare = glyphs.pixelCount / (box.width * box.height);
    const textShare = textPixels.length / (box.width * box.height);
    console.log(
      `[inpaint] ${background}: mask covers ${(covered * 100).toFixed(2)} % of the text's pixels, ${(boxShare * 100).toFixed(1)} % of the box (the text's own pixels ${(textShare * 100).toFixed(1)} %; dilation ${glyphs.dilation} px); fill ${glyphs.fillRgb.join(',')} outline ${glyphs.outlineRgb?.join(',') ?? '-'}`,
    );
    expect(covered).toBeGreaterThanOrEqual(0.98);
    // Most of the box's background between and around the letters stays unmasked (a whole-box mask keeps none).
    const keptBackground = (1 - boxShare) / (1 - textShare);
    expect(keptBackground).toBeGreaterThan(0.5);
    if (!text.border && !text.shadow && !text.bold) expect(boxShare).toBeLessThan(0.5);
    const expectedFill = { white: [255, 255, 255], black: [0, 0, 0] }[text.colour]!;
    glyphs.fillRgb.forEach((channel, c) => expect(Math.abs(channel - expectedFill[c]!)).toBeLessThanOrEqual(24));
    if (text.border || text.shadow) {
      expect(glyphs.outlineRgb).toBeDefined();
      glyphs.outlineRgb!.forEach((channel) => expect(channel).toBeLessThanOrEqual(40));
    }
  });

  it('fills the text from its surroundings and changes no pixel outside the mask', async () => {
    const glyphs = glyphMask(withText, box);
    const started = performance.now();
    const erased = await inpainter.inpaint(withText, glyphs.mask, signal);
    const ms = performance.now() - started;
    const before = psnr(withText.data, plain.data, inBox(box, plain.width));
    const after = psnr(erased.data, plain.data, inBox(box, plain.width));
    console.log(
      `[inpaint] ${background}: PSNR in the box ${before.toFixed(2)} dB with text, ${after.toFixed(2)} dB erased (${ms.toFixed(1)} ms, ${plain.width}x${plain.height})`,
    );
    expect(after).toBeGreaterThan(before + 8);
    let changedOutside = 0;
    for (let p = 0; p < plain.width * plain.height; p++) {
      if (glyphs.mask.data[p]) continue;
      if (
        erased.data[p * 3] !== withText.data[p * 3] ||
        erased.data[p * 3 + 1] !== withText.data[p * 3 + 1] ||
        erased.data[p * 3 + 2] !== withText.data[p * 3 + 2]
      )
        changedOutside++;
    }
    expect(changedOutside).toBe(0);
  });

  it.skipIf(systemEngineMissing('tesseract-ocr (tesseract CLI)', tesseractPresent()))(
    'leaves nothing tesseract reads as the word',
    async () => {
      const erased = await inpainter.inpaint(withText, glyphMask(withText, box).mask, signal);
      // The line's area with a margin, as the pipeline reads a detected line.
      const area = clampBox(
        { x: box.x - 16, y: box.y - 16, width: box.width + 32, height: box.height + 32 },
        plain.width,
        plain.height,
      );
      const original = await tesseractRead(dir, withText, `${background}-original`, area);
      const after = await tesseractRead(dir, erased, `${background}-erased`, area);
      console.log(
        `[inpaint] ${background}: tesseract reads ${JSON.stringify(original)} before, ${JSON.stringify(after)} after`,
      );
      expect(original.toLowerCase()).toContain(keyword);
      expect(after.toLowerCase()).not.toContain(keyword);
    },
  );
});

describe('one fill per text event', () => {
  const text: TextStyle = { word: 'Steady', fontSize: 48, colour: 'white', border: 2 };

  it('reuses the fill on a static grainy background and re-inpaints when the background changes', async () => {
    const frames = await textClipFrames(dir, { background: 'gradient', text, frames: 10, grain: 4 });
    const [plain] = await textClipFrames(dir, { background: 'gradient', grain: 4 });
    const box = boundsOf(differingPixels(plain!, frames[0]!), plain!.width, 4);
    const { mask } = glyphMask(frames[0]!, box);
    const masked = (image: RgbImage): Uint8Array =>
      Uint8Array.from(
        Array.from(mask.data.keys())
          .filter((p) => mask.data[p])
          .flatMap((p) => [image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!]),
      );

    const steady = createSteadyFill(inpainter);
    const results = [];
    for (const frame of frames) results.push(await steady.erase(frame, mask, signal));
    expect(results.map((result) => result.reused)).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    const first = masked(results[0]!.image);
    for (const result of results) expect(Buffer.from(masked(result.image)).equals(Buffer.from(first))).toBe(true);

    // Inpainting each grainy frame on its own would shimmer: the fills differ frame to frame.
    const separate = await inpainter.inpaint(frames[5]!, mask, signal);
    expect(Buffer.from(masked(separate)).equals(Buffer.from(first))).toBe(false);

    const [changed] = await textClipFrames(dir, { background: 'gradient', text, hue: 90, grain: 4 });
    const redone = await steady.erase(changed!, mask, signal);
    console.log(
      `[inpaint] steady: ring differences ${results
        .slice(1)
        .map((result) => result.ringDifference.toFixed(2))
        .join(' ')}; changed background ${redone.ringDifference.toFixed(2)}`,
    );
    expect(redone.reused).toBe(false);
    expect(redone.ringDifference).toBeGreaterThan(6);
    expect(results[0]!.ringDifference).toBe(Infinity);
    expect(Buffer.from(masked(redone.image)).equals(Buffer.from(first))).toBe(false);
  });
});

describe('opencv.js memory', () => {
  it('frees every Mat: 200 inpaint calls on a 720p frame do not grow the wasm heap', async () => {
    const text: TextStyle = { word: 'Memory check of a long subtitle line', fontSize: 52, colour: 'white', border: 3 };
    const [plain] = await textClipFrames(dir, { background: 'testsrc2', width: 1280, height: 720 });
    const [withText] = await textClipFrames(dir, { background: 'testsrc2', text, width: 1280, height: 720 });
    const { mask } = glyphMask(withText!, boundsOf(differingPixels(plain!, withText!), 1280, 4));
    const { cv } = await loadOpenCv();
    for (let i = 0; i < 5; i++) await inpainter.inpaint(withText!, mask, signal);
    const heapBefore = cv.HEAPU8.length;
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    for (let i = 0; i < 200; i++) await inpainter.inpaint(withText!, mask, signal);
    const ms = (performance.now() - started) / 200;
    const rssGrowth = process.memoryUsage().rss - rssBefore;
    console.log(
      `[inpaint] 720p line: ${ms.toFixed(1)} ms per call; wasm heap ${heapBefore} -> ${cv.HEAPU8.length} bytes; RSS +${(rssGrowth / 2 ** 20).toFixed(1)} MiB`,
    );
    expect(cv.HEAPU8.length).toBe(heapBefore);
    expect(rssGrowth).toBeLessThan(64 * 2 ** 20);
  }, 180_000);
});
