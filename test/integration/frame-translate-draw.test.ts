// Draws translations into their boxes for real: plain frames piped into an ffmpeg encode whose -vf is the `ass=`
// filter prepareTranslatedTextDrawing made (libass, its fontconfig environment), read back pixel by pixel.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Rgb } from '../../src/main/engines/inpaint/glyph-mask.js';
import { createFrameWriter, readFrames } from '../../src/main/media/frames.js';
import type { PixelBox, RgbImage } from '../../src/main/media/image/rgb-image.js';
import { resolveSubtitleFonts, type SubtitleFonts } from '../../src/main/media/subtitles/fonts.js';
import {
  prepareTranslatedTextDrawing,
  type TranslatedTextDrawing,
} from '../../src/main/media/text-drawing/prepare-drawing.js';
import { BOX_GROWTH } from '../../src/main/media/text-drawing/fit-text.js';
import type { TextToDraw } from '../../src/main/media/text-drawing/translated-text-ass.js';
import { makeMediaDir } from '../fixtures/media.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { tesseractPresent, tesseractRead } from '../fixtures/text-frames.js';

const FRAME = { width: 640, height: 360 };
const BACKGROUND: Rgb = [32, 48, 64];
const WHITE: Rgb = [255, 255, 255];
const YELLOW: Rgb = [255, 220, 0];
const PALE: Rgb = [240, 240, 240];
/** Pixels a glyph's antialiasing or outline may reach past its box. */
const TOLERANCE = 3;

const sign: TextToDraw = {
  startMs: 0,
  endMs: 5000,
  box: { x: 40, y: 30, width: 280, height: 48 },
  text: 'OPEN DAILY',
  fillRgb: WHITE,
  outlineRgb: [0, 0, 0],
  align: 'left',
  lines: 1,
};
const subtitle: TextToDraw = {
  startMs: 0,
  endMs: 5000,
  box: { x: 150, y: 280, width: 340, height: 64 },
  text: 'Welcome to the city museum',
  fillRgb: YELLOW,
  outlineRgb: [0, 0, 0],
  align: 'center',
  lines: 2,
};
const chinese: TextToDraw = {
  startMs: 0,
  endMs: 5000,
  box: { x: 440, y: 110, width: 170, height: 44 },
  text: '欢迎光临',
  fillRgb: PALE,
  align: 'right',
  lines: 1,
};
const tooLong: TextToDraw = {
  startMs: 0,
  endMs: 5000,
  box: { x: 560, y: 200, width: 70, height: 18 },
  text: 'This translation is far too long for its little box',
  fillRgb: WHITE,
  align: 'right',
  lines: 1,
};
const TEXTS = [sign, subtitle, chinese, tooLong];

function isBackground(image: RgbImage, x: number, y: number): boolean {
  const at = (y * image.width + x) * 3;
  return (
    image.data[at] === BACKGROUND[0] && image.data[at + 1] === BACKGROUND[1] && image.data[at + 2] === BACKGROUND[2]
  );
}

/** Changed pixels in the rows [top, bottom): their count, extent, and how many are near `colour`. */
function inkInRows(image: RgbImage, top: number, bottom: number, colour?: Rgb) {
  let count = 0;
  let coloured = 0;
  let left = Infinity;
  let right = -1;
  let first = Infinity;
  let last = -1;
  for (let y = Math.max(0, top); y < Math.min(image.height, bottom); y++) {
    for (let x = 0; x < image.width; x++) {
      if (isBackground(image, x, y)) continue;
      count++;
      left = Math.min(left, x);
      right = Math.max(right, x);
      first = Math.min(first, y);
      last = Math.max(last, y);
      const at = (y * image.width + x) * 3;
      if (colour && colour.every((channel, c) => Math.abs(image.data[at + c]! - channel) <= 12)) coloured++;
    }
  }
  return { count, coloured, left, right, top: first, bottom: last };
}

/** The rows a box covers, widened by the tolerance (the texts sit in separate bands of rows). */
const rowsOf = (box: PixelBox): [number, number] => [box.y - TOLERANCE, box.y + box.height + TOLERANCE];

describe('drawing translated text into its boxes with libass', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let fonts: SubtitleFonts;
  let drawing: TranslatedTextDrawing;
  let image: RgbImage;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-draw-text-'));
    // Only the fonts DubDesk itself brings: the result must not depend on this machine's fonts.
    fonts = resolveSubtitleFonts({ includeSystemFonts: false });
    drawing = await prepareTranslatedTextDrawing({
      texts: TEXTS,
      frame: FRAME,
      language: 'en',
      workDir: dir,
      fontconfigDir: path.join(dir, 'fontconfig'),
      fonts,
    });

    // The render's encode: raw frames in, the filter in its -vf, lossless out so the pixels are exactly libass's.
    const output = path.join(dir, 'drawn.mkv');
    const writer = createFrameWriter({
      output,
      ...FRAME,
      fps: 5,
      pixelFormat: 'rgb24',
      encode: ['-vf', drawing.filter, '-c:v', 'ffv1'],
      env: drawing.env,
    });
    const plain = Buffer.alloc(FRAME.width * FRAME.height * 3);
    for (let p = 0; p < FRAME.width * FRAME.height; p++) plain.set(BACKGROUND, p * 3);
    for (let frame = 0; frame < 3; frame++) await writer.write(plain);
    await writer.end();
    const frames: RgbImage[] = [];
    for await (const frame of readFrames(output, { pixelFormat: 'rgb24' })) frames.push({ data: frame.data, ...FRAME });
    image = frames[1]!;
  }, 60_000);
  afterAll(() => cleanup());

  it('writes its document into the work folder and finds a CJK font among the bundled ones', () => {
    expect(path.dirname(drawing.assFile)).toBe(dir);
    expect(drawing.filter).toMatch(/^ass=filename=/);
    expect(drawing.env.FONTCONFIG_FILE).toBe(path.join(dir, 'fontconfig', 'fonts.conf'));
    expect(drawing.missingCjkFont).toBe(false);
  });

  it('keeps every text that fits inside its box (grown at most 10 % sideways), a left-aligned one starting at its left edge', () => {
    for (const text of [sign, subtitle, chinese]) {
      const ink = inkInRows(image, ...rowsOf(text.box));
      const growth = text.box.width * BOX_GROWTH;
      const [growLeft, growRight] =
        text.align === 'left' ? [0, growth] : text.align === 'right' ? [growth, 0] : [growth / 2, growth / 2];
      expect(ink.count, text.text).toBeGreaterThan(150);
      expect(ink.left, text.text).toBeGreaterThanOrEqual(text.box.x - growLeft - TOLERANCE);
      expect(ink.right, text.text).toBeLessThan(text.box.x + text.box.width + growRight + TOLERANCE);
      expect(ink.top, text.text).toBeGreaterThanOrEqual(text.box.y - TOLERANCE);
      expect(ink.bottom, text.text).toBeLessThan(text.box.y + text.box.height + TOLERANCE);
    }
    const signInk = inkInRows(image, ...rowsOf(sign.box));
    expect(signInk.left).toBeLessThanOrEqual(sign.box.x + 6);
    // Filled close to the original size: the glyphs span most of the box's height.
    expect(signInk.bottom - signInk.top).toBeGreaterThan(sign.box.height * 0.6);
    const subtitleInk = inkInRows(image, ...rowsOf(subtitle.box));
    expect(
      Math.abs((subtitleInk.left + subtitleInk.right) / 2 - (subtitle.box.x + subtitle.box.width / 2)),
    ).toBeLessThan(6);
    const chineseInk = inkInRows(image, ...rowsOf(chinese.box));
    expect(chineseInk.right).toBeGreaterThan(chinese.box.x + chinese.box.width - 10);
  });

  it("draws in the original's fill colours", () => {
    expect(inkInRows(image, ...rowsOf(sign.box), WHITE).coloured).toBeGreaterThan(150);
    expect(inkInRows(image, ...rowsOf(subtitle.box), YELLOW).coloured).toBeGreaterThan(150);
    // Chinese glyphs, not empty boxes: solid strokes in the fill colour fill a good part of the box.
    expect(inkInRows(image, ...rowsOf(chinese.box), PALE).coloured).toBeGreaterThan(300);
  });

  it('lets a text too long for its box run wider, but not out of the frame', () => {
    const ink = inkInRows(image, ...rowsOf(tooLong.box));
    expect(ink.count).toBeGreaterThan(100);
    expect(ink.right - ink.left).toBeGreaterThan(tooLong.box.width * 2);
    expect(ink.left).toBeGreaterThan(0);
    expect(ink.right).toBeLessThan(FRAME.width - 1);
  });

  it.skipIf(systemEngineMissing('tesseract-ocr (tesseract CLI)', tesseractPresent()))(
    'draws words tesseract reads',
    async () => {
      const grown = (box: PixelBox): PixelBox => ({
        x: box.x - 8,
        y: box.y - 8,
        width: box.width + 16,
        height: box.height + 16,
      });
      expect(await tesseractRead(dir, image, 'sign', grown(sign.box))).toMatch(/OPEN DAILY/);
      expect(await tesseractRead(dir, image, 'subtitle', grown(subtitle.box))).toMatch(/city museum/i);
    },
  );
});
