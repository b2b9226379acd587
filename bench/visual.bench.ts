// Visual translate: a generated 720p video with English subtitles in a bottom band and a title top-left, run as a
// real en -> es frame_translate job (built-in Tesseract, Apertium, OpenCV erasing, libass drawing), timed from create
// to done and given as a ratio to the video's duration (target: at most 1x on 2 cores) and to the bare ffmpeg decode
// and encode of the same video with the render's encoder settings.
// Run: npm run bench:visual [-- --seconds N --log]
//   N: the video's length (default 120; one subtitle every 4 s); --log: the task log to stderr
import { readdir, readFile } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { jobWorkDir } from '../src/main/config.js';
import { ffmpegBaseArgs } from '../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../src/main/media/run-process.js';
import { visualTranslateEncodeArgs } from '../src/main/engines/inpaint/video-text/render-text-video.js';
import type { FoundScreenText } from '../src/main/pipelines/frame-translate/types.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { characterErrorRate } from '../test/fixtures/text-accuracy.js';
import type { ShownText } from '../test/fixtures/text-video.js';
import { seconds } from './bench-engines.js';
import { printRows, startBenchService, type JobRun } from './bench-service.js';
import { FPS, HEIGHT, makeBenchVideo, WIDTH } from './visual-video.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const note = (line: string) => process.stderr.write(`[bench:visual] ${line}\n`);

/** The bare tool: one ffmpeg decoding the video and encoding it again with the render's settings, audio copied. */
async function timeBareReencode(input: string, output: string): Promise<number> {
  const started = performance.now();
  await runProcess(
    resolveMediaTools().ffmpeg,
    [
      ...ffmpegBaseArgs(),
      '-y',
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a?',
      ...visualTranslateEncodeArgs(),
      '-c:a',
      'copy',
      output,
    ],
    { toolName: 'ffmpeg' },
  );
  return performance.now() - started;
}

/** The find-text stage's saved output: every text the job found, with its span, box and reading. */
async function readFoundText(
  bench: Awaited<ReturnType<typeof startBenchService>>,
  taskId: string,
): Promise<FoundScreenText> {
  const stages = path.join(jobWorkDir(bench.service.core.paths, taskId), 'stages');
  const file = (await readdir(stages)).find((name) => name.endsWith('-find-text.json'));
  if (!file) throw new Error(`The job kept no find-text output in ${stages}.`);
  return JSON.parse(await readFile(path.join(stages, file), 'utf8')) as FoundScreenText;
}

interface Accuracy {
  /** Edit distance over reference length, summed over every subtitle (a missed one counts as all wrong). */
  cer: number;
  /** Subtitles found as one event read within 10 % CER whose start and end are within one frame. */
  exact: number;
  subtitles: number;
  titleCer: number;
  events: number;
}

/** The subtitles (and title) the job read against the texts drawn: what overlaps each one in time and place. */
function measureAccuracy(found: FoundScreenText, texts: readonly ShownText[]): Accuracy {
  const frameMs = 1000 / FPS;
  const scale = found.frame.height / HEIGHT;
  const [title, ...subtitles] = texts;
  const readAt = (shown: ShownText) =>
    found.events
      .filter((event) => event.startMs < shown.endMs && event.endMs > shown.startMs)
      .filter((event) => {
        const centreY = (event.box.y + event.box.height / 2) / scale;
        return centreY >= shown.box!.y - 20 && centreY <= shown.box!.y + shown.box!.height + 20;
      })
      .sort((a, b) => a.box.x - b.box.x);
  let errors = 0;
  let length = 0;
  let exact = 0;
  for (const shown of subtitles) {
    const events = readAt(shown);
    const read = events.map((event) => event.text).join(' ');
    errors += read ? characterErrorRate(read, shown.text) * shown.text.length : shown.text.length;
    length += shown.text.length;
    const only = events.length === 1 ? events[0]! : undefined;
    if (
      only &&
      characterErrorRate(only.text, shown.text) <= 0.1 &&
      Math.abs(only.startMs - shown.startMs) <= frameMs &&
      Math.abs(only.endMs - shown.endMs) <= frameMs
    )
      exact++;
  }
  const titleRead = readAt(title!)
    .map((event) => event.text)
    .join(' ');
  return {
    cer: errors / length,
    exact,
    subtitles: subtitles.length,
    titleCer: titleRead ? characterErrorRate(titleRead, title!.text) : 1,
    events: found.events.length,
  };
}

function stageRows(run: JobRun): Array<[string, string]> {
  return Object.entries(run.stageMs).map(([stage, ms]): [string, string] => [`  stage ${stage}`, seconds(ms)]);
}

/** A number from the first task log line matching `pattern`, or NaN. */
function fromLog(run: JobRun, pattern: RegExp, group = 1): number {
  for (const line of run.lines) {
    const match = pattern.exec(line.message);
    if (match) return Number(match[group]);
  }
  return Number.NaN;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { seconds: { type: 'string' }, log: { type: 'boolean' } },
  });
  const durationSec = Math.max(8, Number(values.seconds ?? 120));
  const media = await makeMediaDir('dubdesk-bench-visual-');
  try {
    note(`making a ${durationSec} s ${WIDTH}x${HEIGHT} ${FPS} fps video with subtitles and a title (not timed)`);
    const video = await makeBenchVideo(media.dir, durationSec);
    const loadBefore = loadAverage();

    note("timing the bare tool: ffmpeg decode + encode with the render's settings, audio copied");
    const bareBeforeMs = await timeBareReencode(video.file, path.join(media.dir, 'bare.mp4'));

    note('running the DubDesk visual translate job (en -> es)');
    const bench = await startBenchService(path.join(media.dir, 'data'));
    let run: JobRun;
    let found: FoundScreenText;
    try {
      run = await bench.runJob('/v1/media/frame_translate', {
        video_url: pathToFileURL(video.file).href,
        source_language: 'en',
        target_language: 'es',
      });
      if (values.log) for (const line of run.lines) note(`  ${line.ts.slice(11, 23)} ${line.message}`);
      if (run.task.status !== 'done')
        throw new Error(`the job ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`);
      found = await readFoundText(bench, run.task.task_id);
    } finally {
      await bench.close();
    }
    note('timing the bare tool again after the job (on a shared machine the load moves; the faster run counts)');
    const bareAfterMs = await timeBareReencode(video.file, path.join(media.dir, 'bare.mp4'));
    const bareMs = Math.min(bareBeforeMs, bareAfterMs);
    const loadAfter = loadAverage();
    const accuracy = measureAccuracy(found, video.texts);
    const durationMs = durationSec * 1000;
    const frames = fromLog(run, /^(\d+) frames rendered/);
    const erased = fromLog(run, /(\d+) with text erased/);
    const fills = fromLog(run, /\((\d+) fills, (\d+) held steady\)/);
    const detectSec = fromLog(run, /searched for text \(([\d.]+) s\)/);
    const recognizerCalls = fromLog(run, /(\d+) texts read with/);

    printRows([
      [
        `video: ${WIDTH}x${HEIGHT} ${FPS} fps, ${accuracy.subtitles} subtitles + a title, tone audio`,
        seconds(durationMs),
      ],
      ['bare ffmpeg decode + encode (render x264 settings, audio copied)', seconds(bareMs)],
      ['  before / after the job', `${seconds(bareBeforeMs)} / ${seconds(bareAfterMs)}`],
      ['DubDesk visual translate job en -> es, create to done', seconds(run.wallMs)],
      ...stageRows(run),
      ['  find-text: text detection on the samples', `${detectSec.toFixed(1)} s`],
      ['  find-text: recognizer calls', String(recognizerCalls)],
      ['  render: frames rendered / with text erased', `${frames} / ${erased}`],
      ['  render: inpainter fills', String(fills)],
      ['ratio job / video duration (target <= 1)', `${(run.wallMs / durationMs).toFixed(2)}x`],
      ['ratio job / bare decode + encode', `${(run.wallMs / bareMs).toFixed(2)}x`],
      ['ratio bare / video duration', `${(bareMs / durationMs).toFixed(2)}x`],
      ['OCR character error rate, subtitles (a miss counts 100 %)', `${(100 * accuracy.cer).toFixed(1)} %`],
      ['subtitles found once, within 10 % CER, timed to the frame', `${accuracy.exact} / ${accuracy.subtitles}`],
      ['OCR character error rate, title', `${(100 * accuracy.titleCer).toFixed(1)} %`],
      ['text events kept by find-text', String(accuracy.events)],
      ['load average (1, 5, 15 min) before / after', `${loadBefore} / ${loadAfter}`],
    ]);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `visual-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify(
        {
          durationSec,
          bareMs,
          bareBeforeMs,
          bareAfterMs,
          wallMs: run.wallMs,
          ratioToDuration: run.wallMs / durationMs,
          ratioToBare: run.wallMs / bareMs,
          stageMs: run.stageMs,
          frames,
          erasedFrames: erased,
          inpaintCalls: fills,
          detectSec,
          recognizerCalls,
          accuracy,
          loadBefore,
          loadAfter,
        },
        null,
        2,
      ),
    );
  } finally {
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
