// The render's erase samples, which the quality check judges: each erased text's middle frame as the input showed it
// and as the erase left it, before anything is drawn over it; kept by the one-pass render and by the chunked render
// of a project's export, also for the chunks it reuses. Real ffmpeg, real OpenCV inpainting, real Tesseract.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenCvInpainter } from '../../src/main/engines/inpaint/opencv-inpaint.js';
import type { Inpainter } from '../../src/main/engines/inpaint/types.js';
import { createTesseractRecognizer } from '../../src/main/engines/ocr/tesseract.js';
import { cropRgb } from '../../src/main/media/image/rgb-image.js';
import { readSamplesOf, rereadSamples } from '../../src/main/quality/frame-translate/reread-boxes.js';
import { STROKES_LEFT_LIMIT } from '../../src/main/quality/frame-translate/stroke-contrast.js';
import { renderTextVideoChunked } from '../../src/main/engines/inpaint/video-text/render-chunks.js';
import { eraseSpanOf } from '../../src/main/engines/inpaint/video-text/erase-spans.js';
import { renderTextVideo } from '../../src/main/engines/inpaint/video-text/render-text-video.js';
import { psnr } from '../fixtures/image-metrics.js';
import { makeMediaDir } from '../fixtures/media.js';
import { frameAt } from '../fixtures/real-media.js';
import { characterErrorRate } from '../fixtures/text-accuracy.js';
import { makeTextVideo, type ShownText } from '../fixtures/text-video.js';

const SIZE = { width: 640, height: 360, fps: 25 };
const signal = new AbortController().signal;
/** Drawn over both texts' places in the final video, as a translation would be: the samples must not show it. */
const COVER = { filter: 'drawbox=x=0:y=0:w=640:h=360:color=red:t=fill', env: {} };

describe('visual translate: the erase samples the quality check judges', () => {
  let media: Awaited<ReturnType<typeof makeMediaDir>>;
  let video: string;
  let texts: ShownText[];
  const recognizer = createTesseractRecognizer();

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-erase-samples-');
    ({ file: video, texts } = await makeTextVideo(media.dir, {
      durationSec: 3,
      name: 'texts.mp4',
      texts: [
        {
          text: 'Welcome to the show',
          startMs: 0,
          endMs: 1000,
          x: '(w-text_w)/2',
          y: 'h-text_h-30',
          fontSize: 28,
          colour: 'white',
        },
        {
          text: 'Open every morning',
          startMs: 1000,
          endMs: 3000,
          x: '(w-text_w)/2',
          y: '40',
          fontSize: 28,
          colour: 'white',
        },
      ],
    }));
  }, 60_000);

  afterAll(async () => {
    await recognizer.dispose();
    await media?.cleanup();
  });

  const placed = () => texts.map((text) => ({ startMs: text.startMs, endMs: text.endMs, box: text.box! }));
  const spans = () => placed().map((text) => eraseSpanOf(text, SIZE.fps, SIZE, SIZE));
  const samplesOf = (dir: string) => readSamplesOf(placed(), { dir, frame: SIZE, display: SIZE });

  it('keeps each text on its middle frame as the input showed it and as the erase left it, not as drawn over', async () => {
    const dir = path.join(media.dir, 'clean');
    await renderTextVideo({
      input: video,
      output: path.join(media.dir, 'clean.mp4'),
      spans: spans(),
      inpainter: createOpenCvInpainter(),
      overlay: COVER,
      samplesDir: dir,
      signal,
    });
    const samples = await samplesOf(dir);
    expect(samples.map((sample) => sample.frame)).toEqual([12, 49]);
    for (const sample of samples) {
      const input = cropRgb(await frameAt(video, sample.frame / SIZE.fps, SIZE), sample.region);
      expect(psnr(sample.original.data, input.data)).toBeGreaterThan(40);
    }
    const checks = await rereadSamples(samples, { recognizer, languages: ['en'], signal });
    console.log(`[erase samples] clean erase: ${JSON.stringify(checks)}`);
    for (const check of checks) {
      expect(check.read).toBe('');
      expect(check.strokes.left).toBeLessThan(STROKES_LEFT_LIMIT);
    }
    // The final video shows only the cover there: read over it, the erase could not be judged at all.
    const final = cropRgb(
      await frameAt(path.join(media.dir, 'clean.mp4'), samples[1]!.frame / SIZE.fps, SIZE),
      samples[1]!.region,
    );
    expect(psnr(final.data, samples[1]!.erased.data)).toBeLessThan(15);
  }, 120_000);

  it('keeps the text an eraser left in place: it reads again and keeps all its strokes', async () => {
    const dir = path.join(media.dir, 'unerased');
    const keepsAll: Inpainter = {
      ...createOpenCvInpainter(),
      inpaint: (image) => Promise.resolve({ ...image, data: image.data.slice() }),
    };
    await renderTextVideo({
      input: video,
      output: path.join(media.dir, 'unerased.mp4'),
      spans: spans(),
      inpainter: keepsAll,
      overlay: COVER,
      samplesDir: dir,
      signal,
    });
    const checks = await rereadSamples(await samplesOf(dir), { recognizer, languages: ['en'], signal });
    texts.forEach((text, i) => expect(characterErrorRate(checks[i]!.read, text.text)).toBeLessThan(0.1));
    for (const check of checks) expect(check.strokes.left).toBeCloseTo(1, 2);
  }, 120_000);

  it('hands over the samples of the chunks a project export reuses, as they were rendered', async () => {
    const cacheDir = path.join(media.dir, 'chunks');
    const render = (name: string) =>
      renderTextVideoChunked({
        input: video,
        output: path.join(media.dir, `${name}.mp4`),
        spans: spans(),
        inpainter: createOpenCvInpainter(),
        samplesDir: path.join(media.dir, name),
        cacheDir,
        drawnBetween: () => '',
        copyAudio: false,
        signal,
      });
    expect((await render('first')).rendered).toBe(1);
    expect((await render('again')).rendered).toBe(0);
    const [first, again] = [
      await samplesOf(path.join(media.dir, 'first')),
      await samplesOf(path.join(media.dir, 'again')),
    ];
    expect(again.map((sample) => sample.frame)).toEqual([12, 49]);
    expect(again.map((sample) => Buffer.from(sample.erased.data))).toEqual(
      first.map((sample) => Buffer.from(sample.erased.data)),
    );
    expect((await fs.readdir(path.join(media.dir, 'again'))).sort()).toEqual(
      (await fs.readdir(path.join(media.dir, 'first'))).sort(),
    );
  }, 120_000);
});
