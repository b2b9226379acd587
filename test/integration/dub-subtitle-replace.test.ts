// subtitle_mode replace, for real: a video with English subtitles burned into its bottom band (and a title at the
// top) is dubbed into Spanish; the old subtitles are erased for the whole video and the Spanish ones burned in at
// their line. Checked on the output's pixels: Tesseract reads the band, and the new text's rows are measured against
// the same picture made without any subtitles.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findApertium } from '../../src/main/engines/mt/apertium.js';
import { createOpenCvInpainter } from '../../src/main/engines/inpaint/opencv-inpaint.js';
import { h264EncodeArgs } from '../../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { renderTextVideo } from '../../src/main/engines/inpaint/video-text/render-text-video.js';
import type { PixelBox, RgbImage } from '../../src/main/media/image/rgb-image.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';
import { systemEngineMissing } from '../fixtures/system-engines.js';
import { tesseractPresent, tesseractRead } from '../fixtures/text-frames.js';
import { makeTextVideo, type ShownText } from '../fixtures/text-video.js';

const missing = systemEngineMissing(
  'Apertium eng-spa and the tesseract CLI',
  (findApertium()?.pairs.some((pair) => pair.mode === 'eng-spa') ?? false) && tesseractPresent(),
);

const [WIDTH, HEIGHT, FPS, DURATION_SEC] = [640, 360, 25, 7.6];
const SUBTITLE = { x: '(w-text_w)/2', y: 'h-50', fontSize: 24, colour: 'white' };
const SUBTITLES: ShownText[] = [
  { text: 'Good morning my friend', startMs: 600, endMs: 2800, ...SUBTITLE },
  { text: 'The weather is very nice today', startMs: 3000, endMs: 5000, ...SUBTITLE },
  { text: 'We will go to the market', startMs: 5200, endMs: 7400, ...SUBTITLE },
];
const TITLE: ShownText = {
  text: 'CHAPTER ONE',
  startMs: 0,
  endMs: 7600,
  x: '20',
  y: '20',
  fontSize: 22,
  colour: 'yellow',
};
// While "Good morning my friend" is shown: its dub, "Buenos días mi amigo", is on screen then.
const LOOK_AT_SEC = 1.7;
const OLD_WORDS = /morning|friend|good/iu;
const NEW_WORDS = /buenos|d[ií]as|amigo/iu;
const SUBTITLE_BAND = { x: 0, y: 0.78, width: 1, height: 0.22 };

/** One frame of a video as RGB, at `seconds`. */
async function frameAt(file: string, seconds: number): Promise<RgbImage> {
  const { stdout } = await runProcess(
    resolveMediaTools().ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-ss',
      seconds.toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { toolName: 'ffmpeg', captureStdout: true },
  );
  return { data: new Uint8Array(stdout!), width: WIDTH, height: HEIGHT };
}

/** The first and last row in rows [from, to) where the frame differs strongly from the clean one in many pixels: drawn text. */
function textRows(
  frame: RgbImage,
  clean: RgbImage,
  from: number,
  to: number,
): { top: number; bottom: number } | undefined {
  const rows: number[] = [];
  for (let y = from; y < to; y++) {
    let strong = 0;
    for (let x = 0; x < WIDTH; x++) {
      const at = (y * WIDTH + x) * 3;
      const diff =
        Math.abs(frame.data[at]! - clean.data[at]!) +
        Math.abs(frame.data[at + 1]! - clean.data[at + 1]!) +
        Math.abs(frame.data[at + 2]! - clean.data[at + 2]!);
      if (diff > 200) strong++;
    }
    if (strong >= 6) rows.push(y);
  }
  return rows.length ? { top: rows[0]!, bottom: rows.at(-1)! + 1 } : undefined;
}

/** What Tesseract reads in `area` alone (tesseractRead also reads the whole picture it is given). */
async function readArea(dir: string, frame: RgbImage, name: string, area: PixelBox): Promise<string> {
  const data = new Uint8Array(area.width * area.height * 3);
  for (let y = 0; y < area.height; y++) {
    const from = ((area.y + y) * frame.width + area.x) * 3;
    data.set(frame.data.subarray(from, from + area.width * 3), y * area.width * 3);
  }
  return tesseractRead(dir, { data, width: area.width, height: area.height }, name, {
    x: 0,
    y: 0,
    width: area.width,
    height: area.height,
  });
}

function psnr(a: RgbImage, b: RgbImage, area: PixelBox): number {
  let sum = 0;
  let count = 0;
  for (let y = area.y; y < area.y + area.height; y++) {
    for (let x = area.x; x < area.x + area.width; x++) {
      for (let c = 0; c < 3; c++) {
        const at = (y * WIDTH + x) * 3 + c;
        sum += (a.data[at]! - b.data[at]!) ** 2;
        count++;
      }
    }
  }
  return 10 * Math.log10((255 * 255) / Math.max(1e-9, sum / count));
}

describe.skipIf(missing)(
  'subtitle_mode replace: the burned-in English subtitles become Spanish ones at the same place',
  () => {
    let media: Awaited<ReturnType<typeof makeMediaDir>>;
    let svc: TestService;
    let subtitled: string;
    let plain: string;
    let srtPath: string;
    let clean: RgbImage;
    let input: RgbImage;
    let reencoded: RgbImage;
    let oldBand: { top: number; bottom: number; box: PixelBox };
    let titleBox: PixelBox;

    /** Runs a replace job and fetches its video; the task, its log and the video's file. */
    async function replaceJob(
      name: string,
      body: Record<string, unknown>,
    ): Promise<{ task: any; log: string; video: string }> {
      const created = await svc.api('/v1/media/translate', {
        body: {
          media_type: 'video',
          source_language: 'en',
          target_language: 'es',
          export_type: 'video',
          subtitle_mode: 'replace',
          ...body,
        },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const task = await svc.waitForTask(created.body.task_id, undefined, 300_000);
      const log = (await svc.api(`/v1/tasks/${created.body.task_id}/log?limit=500`)).body.lines
        .map((line: { message: string }) => line.message)
        .join('\n');
      expect(task.status, `${JSON.stringify(task)}\n${log}`).toBe('done');
      const status = (await svc.api(`/v1/media/translate/${created.body.task_id}`)).body;
      const video = path.join(media.dir, `${name}.mp4`);
      await fs.writeFile(video, Buffer.from(await (await fetch(status.result.video_url)).arrayBuffer()));
      return { task, log, video };
    }

    beforeAll(async () => {
      media = await makeMediaDir('dubdesk-subtitle-replace-');
      const options = { fps: FPS, width: WIDTH, height: HEIGHT, durationSec: DURATION_SEC };
      const picture = await makeTextVideo(media.dir, { texts: [...SUBTITLES, TITLE], ...options, name: 'picture.mp4' });
      // The same picture with only the title: what the frame looks like with no subtitles at all.
      const bare = await makeTextVideo(media.dir, { texts: [TITLE], ...options, name: 'bare.mp4' });
      const speech = await makeSpokenAudio(media.dir, {
        cues: SUBTITLES.map(({ text, startMs, endMs }) => ({ text, startMs, endMs })),
        durationSec: DURATION_SEC,
      });
      srtPath = speech.srtPath;
      const mux = async (video: string, out: string) =>
        runProcess(
          resolveMediaTools().ffmpeg,
          [
            '-hide_banner',
            '-nostdin',
            '-loglevel',
            'error',
            '-y',
            '-i',
            video,
            '-i',
            speech.audioPath,
            '-map',
            '0:v',
            '-map',
            '1:a',
            '-c:v',
            'copy',
            '-c:a',
            'aac',
            '-b:a',
            '96k',
            '-shortest',
            out,
          ],
          { toolName: 'ffmpeg' },
        );
      subtitled = path.join(media.dir, 'subtitled.mp4');
      plain = path.join(media.dir, 'plain.mp4');
      await mux(picture.file, subtitled);
      await mux(bare.file, plain);
      clean = await frameAt(bare.file, LOOK_AT_SEC);
      input = await frameAt(subtitled, LOOK_AT_SEC);
      // The input through the job's encodes with nothing erased: the erase stage's render, then the export's x264.
      const rendered = path.join(media.dir, 'rendered.mp4');
      const exported = path.join(media.dir, 'reencoded.mp4');
      await renderTextVideo({
        input: subtitled,
        output: rendered,
        spans: [],
        inpainter: createOpenCvInpainter(),
        copyAudio: false,
        signal: new AbortController().signal,
      });
      await runProcess(
        resolveMediaTools().ffmpeg,
        ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', rendered, ...h264EncodeArgs(), exported],
        { toolName: 'ffmpeg' },
      );
      reencoded = await frameAt(exported, LOOK_AT_SEC);
      const boxes = picture.texts.slice(0, SUBTITLES.length).map((shown) => shown.box!);
      const top = Math.min(...boxes.map((box) => box.y));
      const bottom = Math.max(...boxes.map((box) => box.y + box.height));
      oldBand = {
        top,
        bottom,
        box: { x: 0, y: top - 8, width: WIDTH, height: Math.min(HEIGHT, bottom + 8) - (top - 8) },
      };
      titleBox = picture.texts.at(-1)!.box!;
      svc = await startTestService({ service: { engines: { speechRecognizers: [], languageIdentifiers: [] } } });
    }, 120_000);

    afterAll(async () => {
      await svc?.stop();
      await media?.cleanup();
    });

    it('the input shows the old subtitle in the band where the test looks (the check can fail)', async () => {
      expect(await readArea(media.dir, input, 'input', oldBand.box)).toMatch(OLD_WORDS);
    });

    /** The checks every replace at the old line must pass on the output's frame. */
    async function expectReplacedAtOldLine(video: string, name: string): Promise<void> {
      const frame = await frameAt(video, LOOK_AT_SEC);
      const read = await readArea(media.dir, frame, name, oldBand.box);
      expect(read).not.toMatch(OLD_WORDS);
      expect(read).toMatch(NEW_WORDS);
      // The new line's pixels sit on the old line: the same bottom row (its descenders and outline), a few px either way.
      const rows = textRows(frame, clean, HEIGHT / 2, HEIGHT);
      expect(rows, 'no new subtitle drawn in the lower half').toBeDefined();
      expect(
        Math.abs(rows!.bottom - oldBand.bottom),
        `new rows ${rows!.top}-${rows!.bottom}, old ${oldBand.top}-${oldBand.bottom}`,
      ).toBeLessThanOrEqual(5);
      expect(rows!.top).toBeGreaterThanOrEqual(oldBand.top - 12);
      // The title at the top is not touched: the same pixels as the input through the same two encodes (erasing it would cost > 10 dB).
      expect(psnr(frame, reencoded, titleBox)).toBeGreaterThan(40);
    }

    it('finds the subtitles on the whole frame, erases them and burns the Spanish ones on their line', async () => {
      const { task, log, video } = await replaceJob('found', {
        media_url: pathToFileURL(subtitled).href,
        subtitle_url: pathToFileURL(srtPath).href,
      });
      const stages = Object.fromEntries(task.stages.map((stage: any) => [stage.name, stage.state]));
      expect(stages).toMatchObject({ 'erase-subtitles': 'done', export: 'done' });
      expect(task.warnings ?? []).toEqual([]);
      expect(log).toMatch(/3 subtitles erased/u);
      await expectReplacedAtOldLine(video, 'found');
    }, 400_000);

    it('with ocr_text_box erases the texts read there, with no second search', async () => {
      const { task, log, video } = await replaceJob('boxed', {
        media_url: pathToFileURL(subtitled).href,
        ocr_text_box: SUBTITLE_BAND,
      });
      const stages = Object.fromEntries(task.stages.map((stage: any) => [stage.name, stage.state]));
      expect(stages).toMatchObject({ 'read-screen-text': 'done', 'erase-subtitles': 'done' });
      expect(log).toMatch(/erasing the 3 texts read in ocr_text_box/u);
      expect(log).not.toMatch(/searched for burned-in subtitles/u);
      await expectReplacedAtOldLine(video, 'boxed');
    }, 400_000);

    it('with subtitle_position_y puts the new ones there, and the old ones are still gone', async () => {
      const { video } = await replaceJob('moved', {
        media_url: pathToFileURL(subtitled).href,
        subtitle_url: pathToFileURL(srtPath).href,
        subtitle_position_y: 0.3,
      });
      const frame = await frameAt(video, LOOK_AT_SEC);
      const read = await readArea(media.dir, frame, 'moved', oldBand.box);
      expect(read).not.toMatch(OLD_WORDS);
      expect(read).not.toMatch(NEW_WORDS);
      // Above the middle placement() sets the block's top edge at 0.3 of the height (108 px).
      const rows = textRows(frame, clean, titleBox.y + titleBox.height + 10, HEIGHT / 2);
      expect(rows, 'no new subtitle drawn near y 0.3').toBeDefined();
      expect(Math.abs(rows!.top - 0.3 * HEIGHT), `new rows ${rows!.top}-${rows!.bottom}`).toBeLessThanOrEqual(8);
      expect(
        await readArea(media.dir, frame, 'moved-new', {
          x: 0,
          y: rows!.top - 6,
          width: WIDTH,
          height: rows!.bottom - rows!.top + 12,
        }),
      ).toMatch(NEW_WORDS);
    }, 400_000);

    it('a video without burned-in subtitles: a warning, and the new ones added at the default height', async () => {
      const { task, log, video } = await replaceJob('plain', {
        media_url: pathToFileURL(plain).href,
        subtitle_url: pathToFileURL(srtPath).href,
      });
      expect(task.warnings).toEqual([expect.objectContaining({ code: 'no_subtitles_to_replace' })]);
      expect(task.warnings[0].message).toMatch(
        /No burned-in subtitles were found in plain\.mp4, so none were erased: the new subtitles are added at the default height/u,
      );
      expect(log).toMatch(/at the default height/u);
      const frame = await frameAt(video, LOOK_AT_SEC);
      const rows = textRows(frame, clean, HEIGHT / 2, HEIGHT);
      expect(rows, 'no subtitle added').toBeDefined();
      // subtitle_position_y's default for landscape is 0.9: the block's bottom edge at 324 px.
      expect(Math.abs(rows!.bottom - 0.9 * HEIGHT)).toBeLessThanOrEqual(6);
      expect(
        await readArea(media.dir, frame, 'plain', {
          x: 0,
          y: rows!.top - 6,
          width: WIDTH,
          height: rows!.bottom - rows!.top + 12,
        }),
      ).toMatch(NEW_WORDS);
    }, 400_000);
  },
);
