// Calls the visual translate stages' own functions directly on a generated video and writes a CPU profile of one of
// them (the main thread, from its start to its end; open it in Chrome DevTools or summarise its nodes):
//   node --import tsx bench/visual-profile.ts --stage find-text|render --seconds N --out stage.cpuprofile
// Prints the stage's wall time; the video is made first (not timed) with the bench's generator.
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createOpenCvInpainter } from '../src/main/engines/inpaint/opencv-inpaint.js';
import { createTesseractRecognizer } from '../src/main/engines/ocr/tesseract.js';
import { createTextRegionDetector } from '../src/main/engines/ocr/text-regions.js';
import { describeFrameStream } from '../src/main/media/frames.js';
import { renderTextVideo } from '../src/main/engines/inpaint/video-text/render-text-video.js';
import { eraseSpans } from '../src/main/pipelines/frame-translate/render-stage.js';
import { joinWords } from '../src/main/engines/ocr/tesseract-lines.js';
import { groupTextLines } from '../src/main/pipelines/frame-translate/text-blocks.js';
import { findTextEvents } from '../src/main/engines/ocr/video-text/find-text-events.js';
import type { TextBlock } from '../src/main/pipelines/frame-translate/types.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { makeBenchVideo } from './visual-video.js';

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { stage: { type: 'string' }, seconds: { type: 'string' }, out: { type: 'string' } },
  });
  const stage = values.stage === 'render' ? 'render' : 'find-text';
  const profiler = new Session();
  profiler.connect();
  await profiler.post('Profiler.enable');
  const profile = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    if (name !== stage) return run();
    await profiler.post('Profiler.start');
    try {
      return await run();
    } finally {
      const { profile: taken } = await profiler.post('Profiler.stop');
      if (values.out) await writeFile(values.out, JSON.stringify(taken));
    }
  };
  const durationSec = Math.max(8, Number(values.seconds ?? 20));
  const media = await makeMediaDir('dubdesk-visual-profile-');
  const recognizer = createTesseractRecognizer();
  try {
    const video = await makeBenchVideo(media.dir, durationSec);
    const signal = new AbortController().signal;
    const display = await describeFrameStream(video.file, { pixelFormat: 'rgb24', signal });
    let started = performance.now();
    const detector = await createTextRegionDetector();
    const found = await profile('find-text', () =>
      findTextEvents(video.file, { detector, recognizer, languages: ['en'], signal, durationSec: display.durationSec }),
    );
    const findMs = performance.now() - started;
    if (stage === 'find-text') {
      console.log(
        `find-text: ${(findMs / 1000).toFixed(1)} s for ${durationSec} s, ${found.stats.frames} frames, detect ${(found.stats.detectMs / 1000).toFixed(1)} s, ${found.stats.recognizerCalls} reads`,
      );
      return;
    }
    // The translation does not change the erase work, but only a block with one different from its text is erased.
    const blocks: TextBlock[] = groupTextLines(found.events).map((group, i) => ({
      id: i + 1,
      startMs: group.startMs,
      endMs: group.endMs,
      box: group.box,
      lines: group.lines,
      sourceText: joinWords(group.lines.map((line) => line.text)),
      targetText: `[${i + 1}]`,
    }));
    const spans = eraseSpans(blocks, found.frame.fps, found.frame, display);
    started = performance.now();
    const inpainter = createOpenCvInpainter();
    const rendered = await profile('render', () =>
      renderTextVideo({ input: video.file, output: path.join(media.dir, 'rendered.mp4'), spans, inpainter, signal }),
    );
    console.log(
      `render (erase + encode, no overlay): ${((performance.now() - started) / 1000).toFixed(1)} s for ${durationSec} s, ${rendered.frames} frames, ${rendered.inpaintCalls} fills, ${rendered.reusedFills} reused`,
    );
  } finally {
    profiler.disconnect();
    await recognizer.dispose();
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
