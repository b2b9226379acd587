// Translate and dub without subtitles: a generated 720p video of natural English speech (the LibriVox clips of
// Debian's pocketsphinx-testdata, taken several times over) run as a real en -> es job with the built-in engines
// (VAD, transcription, diarization, segmentation, Apertium, eSpeak NG, mix, export), timed from create to done and
// given as a ratio to the media's duration (target: at most 1.5 on 2 cores).
// Run: npm run bench:dub-transcribed [-- --repeat N --video-only --source auto --log]
//   N: the clips N times over (default 5, about 2.5 minutes); --video-only: no second job with export_type audio;
//   --log: the task logs to stderr
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../src/main/media/run-process.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { joinLibrivoxClips, librivoxClips, librivoxPresent, LIBRIVOX_DIR } from '../test/fixtures/system-engines.js';
import { seconds } from './bench-engines.js';
import { printRows, startBenchService, type JobRun } from './bench-service.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const note = (line: string) => process.stderr.write(`[bench:dub-transcribed] ${line}\n`);

/** The joined speech under a moving 1280x720 25 fps test picture, x264 as a camera file would be (not timed). */
async function makeSpeechVideo(dir: string, wavFile: string): Promise<string> {
  const videoPath = path.join(dir, 'speech-720p.mp4');
  await runProcess(
    resolveMediaTools().ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=1280x720:rate=25',
      '-i',
      wavFile,
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-shortest',
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '128k',
      videoPath,
    ],
    { toolName: 'ffmpeg' },
  );
  return videoPath;
}

function stageRows(run: JobRun): Array<[string, string]> {
  return Object.entries(run.stageMs).map(([stage, ms]): [string, string] => [`  stage ${stage}`, seconds(ms)]);
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      repeat: { type: 'string' },
      'video-only': { type: 'boolean' },
      source: { type: 'string' },
      log: { type: 'boolean' },
    },
  });
  const repeat = Math.max(1, Number(values.repeat ?? 5));
  const source = values.source ?? 'en';
  if (!librivoxPresent())
    throw new Error(`No LibriVox clips in ${LIBRIVOX_DIR}: install the Debian package pocketsphinx-testdata.`);
  const media = await makeMediaDir('dubdesk-bench-dub-transcribed-');
  try {
    note(`joining the LibriVox clips ${repeat} times over and muxing them under a 1280x720 picture (not timed)`);
    const speech = await joinLibrivoxClips(media.dir, {
      clips: Array.from({ length: repeat }, () => librivoxClips()).flat(),
    });
    const videoPath = await makeSpeechVideo(media.dir, speech.wavFile);
    const mediaMs = speech.durationMs;

    const bench = await startBenchService(path.join(media.dir, 'data'));
    const runs: Record<string, JobRun> = {};
    try {
      for (const exportType of values['video-only'] ? ['video'] : ['video', 'audio']) {
        note(`running the DubDesk translate job (no subtitles, ${source} -> es, export ${exportType})`);
        const run = await bench.runJob('/v1/media/translate', {
          media_type: 'video',
          media_url: pathToFileURL(videoPath).href,
          source_language: source,
          target_language: 'es',
          export_type: exportType,
        });
        if (run.task.status !== 'done')
          throw new Error(
            `the ${exportType} job ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`,
          );
        runs[exportType] = run;
        if (values.log) for (const line of run.lines) note(`  ${line.ts.slice(11, 23)} ${line.message}`);
      }
    } finally {
      await bench.close();
    }
    const rows: Array<[string, string]> = [
      [`media: ${repeat} x the LibriVox clips, 1280x720 25 fps`, seconds(mediaMs)],
    ];
    for (const [exportType, run] of Object.entries(runs)) {
      rows.push(
        [`DubDesk translate job (export ${exportType}), create to done`, seconds(run.wallMs)],
        ...stageRows(run),
        [`  ratio job / media duration (target <= 1.5)`, `${(run.wallMs / mediaMs).toFixed(2)}x`],
      );
    }
    printRows(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    const summary = Object.fromEntries(
      Object.entries(runs).map(([type, run]) => [
        type,
        { wallMs: run.wallMs, ratio: run.wallMs / mediaMs, stageMs: run.stageMs },
      ]),
    );
    writeFileSync(
      path.join(RESULTS_DIR, `dub-transcribed-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ repeat, source, mediaMs, runs: summary }, null, 2),
    );
  } finally {
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
