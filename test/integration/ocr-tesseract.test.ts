// The built-in OCR reads text that ffmpeg drew (drawtext with DejaVu, libass with Noto Sans SC) into real frames,
// read back with the frame reader the lip-sync uses, with no network: what visual translation will see.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { describeFrameStream, readFrames } from '../../src/main/media/frames.js';
import { cropRgb, type PixelBox, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { buildAssDocument } from '../../src/main/media/subtitles/ass.js';
import { burnSubtitlesArgs, writeAssFile } from '../../src/main/media/subtitles/burn.js';
import { prepareFontconfig, resolveSubtitleFonts } from '../../src/main/media/subtitles/fonts.js';
import { createTesseractRecognizer, type TesseractRecognizer } from '../../src/main/engines/ocr/tesseract.js';
import type { RecognizedLine } from '../../src/main/engines/ocr/types.js';
import { BUILTIN_SUBTITLE_STYLES } from '../../src/shared/schemas/subtitle-styles.js';
import { recordConnects } from '../fixtures/connect-recorder.js';
import { makeMediaDir } from '../fixtures/media.js';
import { characterErrorRate } from '../fixtures/text-accuracy.js';

const LATIN_TEXT = 'The quick brown fox jumps over the lazy dog';
const CHINESE_TEXT = '我们今天去学校看电影';
const DEJAVU = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
  'DejaVuSans.ttf',
);

function intersectionOverUnion(a: PixelBox, b: PixelBox): number {
  const width = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const height = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const overlap = width * height;
  return overlap / (a.width * a.height + b.width * b.height - overlap);
}

/** The box of every pixel that differs from the background colour: where the text was really drawn. */
function inkBox(image: RgbImage, background: [number, number, number]): PixelBox {
  let top = Infinity,
    bottom = -1,
    left = Infinity,
    right = -1;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * 3;
      const distance =
        Math.abs(image.data[at]! - background[0]) +
        Math.abs(image.data[at + 1]! - background[1]) +
        Math.abs(image.data[at + 2]! - background[2]);
      if (distance < 60) continue;
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
      left = Math.min(left, x);
      right = Math.max(right, x);
    }
  }
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 };
}

const textOf = (lines: RecognizedLine[]) => lines.map((line) => line.text).join(' ');

describe('tesseract text recognizer', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let ffmpeg: string;
  let ocr: TesseractRecognizer;
  const signal = new AbortController().signal;

  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-ocr-'));
    ffmpeg = resolveMediaTools().ffmpeg;
    ocr = createTesseractRecognizer();
  });
  afterAll(async () => {
    await ocr.dispose();
    await cleanup();
    vi.restoreAllMocks();
  });

  /** A one-frame lossless video of the lavfi source and filter, read back as RGB by readFrames. */
  async function drawnFrame(name: string, source: string, filter?: string): Promise<RgbImage> {
    const file = path.join(dir, `${name}.mkv`);
    await runProcess(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        source,
        ...(filter ? ['-vf', filter] : []),
        '-frames:v',
        '1',
        '-c:v',
        'ffv1',
        file,
      ],
      { toolName: 'ffmpeg' },
    );
    return firstFrame(file);
  }

  async function firstFrame(file: string, startSec?: number): Promise<RgbImage> {
    const size = await describeFrameStream(file, { pixelFormat: 'rgb24' });
    for await (const frame of readFrames(file, { pixelFormat: 'rgb24', startSec, durationSec: 0.5 }))
      return { data: frame.data, width: size.width, height: size.height };
    throw new Error(`no frame in ${file}`);
  }

  const drawtext = (text: string, x: number | string, y: number, size: number) =>
    `drawtext=fontfile='${DEJAVU}':text='${text}':fontcolor=white:fontsize=${size}:borderw=3:bordercolor=black:x=${x}:y=${y}`;

  it('reads a Latin subtitle band drawn over a busy test pattern', async () => {
    const frame = await drawnFrame(
      'latin-band',
      'testsrc2=s=1280x720:r=1',
      drawtext(LATIN_TEXT, '(w-text_w)/2', 620, 44),
    );
    const band = cropRgb(frame, { x: 0, y: 560, width: 1280, height: 160 });
    await ocr.recognize(band, { languages: ['en'], signal }); // the first call starts the worker
    const started = performance.now();
    const lines = await ocr.recognize(band, { languages: ['en'], signal });
    const elapsed = performance.now() - started;
    const cer = characterErrorRate(textOf(lines), LATIN_TEXT);
    console.log(`Latin band 1280x160: "${textOf(lines)}" CER ${(cer * 100).toFixed(1)} % in ${elapsed.toFixed(0)} ms`);
    expect(cer).toBeLessThanOrEqual(0.05);
    for (const line of lines) expect(line.confidence).toBeGreaterThan(0.6);
  });

  it('boxes the line where it was drawn on a solid background, and reads nothing from a frame without text', async () => {
    const frame = await drawnFrame(
      'latin-box',
      'color=c=0x336699:s=1280x720:r=1',
      drawtext('Meet me at the station', 200, 300, 48),
    );
    const truth = inkBox(frame, [0x33, 0x66, 0x99]);
    const lines = await ocr.recognize(frame, { languages: ['en'], signal });
    expect(lines).toHaveLength(1);
    expect(characterErrorRate(lines[0]!.text, 'Meet me at the station')).toBeLessThanOrEqual(0.05);
    const iou = intersectionOverUnion(lines[0]!.box, truth);
    console.log(`box ${JSON.stringify(lines[0]!.box)} vs drawn ${JSON.stringify(truth)}: IoU ${iou.toFixed(2)}`);
    expect(iou).toBeGreaterThan(0.5);

    // The test pattern with its clock in the corner painted over: colour bars, a gradient and a noisy checkerboard.
    const blank = await drawnFrame(
      'no-text',
      'testsrc2=s=1280x720:r=1',
      'drawbox=x=0:y=0:w=iw/3:h=ih/6:color=black:t=fill',
    );
    const started = performance.now();
    expect(await ocr.recognize(blank, { languages: ['en'], signal })).toEqual([]);
    console.log(`text-free 1280x720 frame read in ${(performance.now() - started).toFixed(0)} ms`);
  });

  it('reads a Chinese subtitle burnt by libass, without spaces between the characters', async () => {
    const frameSize = { width: 1280, height: 720 };
    const input = path.join(dir, 'solid.mkv');
    await runProcess(
      ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        'color=c=0x202020:s=1280x720:r=10:d=2',
        '-c:v',
        'ffv1',
        input,
      ],
      { toolName: 'ffmpeg' },
    );
    const fonts = resolveSubtitleFonts({ includeSystemFonts: false });
    const env = { ...process.env, ...(await prepareFontconfig(path.join(dir, 'fontconfig'), fonts)) };
    const style = BUILTIN_SUBTITLE_STYLES.find((candidate) => candidate.id === 'builtin:default')!;
    const assFile = await writeAssFile(
      dir,
      buildAssDocument({
        cues: [{ startMs: 0, endMs: 2000, text: CHINESE_TEXT }],
        style,
        frame: frameSize,
        language: 'zh',
      }),
      'chinese.ass',
    );
    const output = path.join(dir, 'chinese.mp4');
    await runProcess(
      ffmpeg,
      burnSubtitlesArgs({ input, output, assFile, fontsDir: fonts.primaryDir, preset: 'ultrafast', crf: 12 }),
      { toolName: 'ffmpeg', env },
    );
    const band = cropRgb(await firstFrame(output, 1), { x: 0, y: 540, width: 1280, height: 180 });

    await ocr.recognize(band, { languages: ['zh'], signal });
    const started = performance.now();
    const lines = await ocr.recognize(band, { languages: ['zh'], signal });
    const elapsed = performance.now() - started;
    const cer = characterErrorRate(textOf(lines), CHINESE_TEXT);
    console.log(
      `Chinese band 1280x180: "${textOf(lines)}" CER ${(cer * 100).toFixed(1)} % in ${elapsed.toFixed(0)} ms`,
    );
    expect(textOf(lines)).not.toMatch(/\s/);
    expect(cer).toBeLessThanOrEqual(0.1);
    // Two languages at once: one worker reads both packages' data (from a folder of links to them).
    expect(
      characterErrorRate(textOf(await ocr.recognize(band, { languages: ['en', 'zh'], signal })), CHINESE_TEXT),
    ).toBeLessThanOrEqual(0.1);

    // One worker at most: the English and the Chinese reading take turns, each with its own data.
    const single = createTesseractRecognizer({ maxWorkers: 1 });
    try {
      const latin = await drawnFrame('turns', 'color=c=black:s=640x120:r=1', drawtext('Taking turns', 20, 30, 40));
      const [english, chinese] = await Promise.all([
        single.recognize(latin, { languages: ['en'], signal }),
        single.recognize(band, { languages: ['zh'], signal }),
      ]);
      expect(textOf(english)).toBe('Taking turns');
      expect(characterErrorRate(textOf(chinese), CHINESE_TEXT)).toBeLessThanOrEqual(0.1);
    } finally {
      await single.dispose();
    }
  });

  // The recorder sees this thread's sockets; the worker thread reads its data with fs from the local langPath, which
  // tesseract.js fetches only when it is a URL (createTesseractRecognizer refuses one).
  it('opens no network connection while starting workers and reading', async () => {
    const hosts = recordConnects();
    const fresh = createTesseractRecognizer();
    try {
      const frame = await drawnFrame('offline', 'color=c=black:s=640x120:r=1', drawtext('Offline reading', 20, 30, 40));
      expect(textOf(await fresh.recognize(frame, { languages: ['en'], signal }))).toBe('Offline reading');
      expect(hosts).toEqual([]);
      // Nor a cached copy of the data left in the working folder (tesseract.js's default).
      expect(fs.readdirSync(process.cwd()).filter((name) => name.includes('traineddata'))).toEqual([]);
    } finally {
      await fresh.dispose();
      vi.restoreAllMocks();
    }
  });

  it('reads coloured text too, which the light-text pass cannot see', async () => {
    const frame = await drawnFrame(
      'yellow',
      'color=c=0x101040:s=640x120:r=1',
      drawtext('Yellow caption', 20, 30, 40).replace('fontcolor=white', 'fontcolor=yellow'),
    );
    expect(textOf(await ocr.recognize(frame, { languages: ['en'], signal }))).toBe('Yellow caption');
  });

  it('stops mid-reading on an aborted signal and reads again afterwards with a new worker', async () => {
    const busy = await drawnFrame('abort-busy', 'testsrc2=s=1280x720:r=1', drawtext(LATIN_TEXT, 40, 600, 44));
    const frame = await drawnFrame('abort', 'color=c=black:s=640x120:r=1', drawtext('Second try', 20, 30, 40));
    const controller = new AbortController();
    const reading = ocr.recognize(busy, { languages: ['en'], signal: controller.signal });
    await sleep(60);
    const abortedAt = performance.now();
    controller.abort(new Error('user cancelled'));
    await expect(reading).rejects.toThrow('user cancelled');
    expect(performance.now() - abortedAt).toBeLessThan(50);
    expect(textOf(await ocr.recognize(frame, { languages: ['en'], signal }))).toBe('Second try');
    // Two ffmpeg frames and a fresh worker: over vitest's 5 s default on a loaded 2-core machine.
  }, 20_000);

  it('supports only the languages whose data is installed', async () => {
    expect(ocr.supports('en')).toBe(true);
    expect(ocr.supports('zh')).toBe(true);
    expect(ocr.supports('fr')).toBe(false);
    expect(ocr.supports('xx')).toBe(false);
    const picture = { data: new Uint8Array(64 * 32 * 3), width: 64, height: 32 };
    await expect(ocr.recognize(picture, { languages: ['en', 'fr'], signal })).rejects.toMatchObject({
      code: 'model_not_installed',
      message: expect.stringContaining('no French data'),
    });
  });
});
