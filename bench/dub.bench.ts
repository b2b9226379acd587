// Translate and dub on a generated 10-minute 720p video with 150 spoken cues, against the bare ffmpeg command that
// burns the same subtitles into the same video (the floor: one decode and one encode), measured in the same run.
// Run: npm run bench:dub [-- --minutes M --cues N]   (defaults 10 and 150)
import { mkdirSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../src/main/media/run-process.js';
import { burnSubtitlesArgs } from '../src/main/media/subtitles/burn.js';
import { prepareSubtitleBurn } from '../src/main/media/subtitles/prepare-burn.js';
import { resolveSubtitleFonts } from '../src/main/media/subtitles/fonts.js';
import { formatSrtTime, parseSrt } from '../src/main/media/srt.js';
import { BUILTIN_SUBTITLE_STYLES } from '../src/shared/schemas/subtitle-styles.js';
import { printRows, startBenchService } from './bench-service.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { makeSpokenVideo, type SpokenCue } from '../test/fixtures/speech.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const ENGLISH = [
  'Welcome back to the channel.',
  'Today we look at three simple ideas.',
  'The first one is about time.',
  'Let me show you how it works.',
  'This part matters most.',
  'Thank you for watching.',
];
const GERMAN = [
  'Willkommen zurück auf dem Kanal.',
  'Heute sehen wir uns drei einfache Ideen an.',
  'Die erste handelt von Zeit.',
  'Ich zeige Ihnen, wie es funktioniert.',
  'Dieser Teil ist am wichtigsten.',
  'Danke fürs Zuschauen.',
];

const note = (line: string) => process.stderr.write(`[bench:dub] ${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { minutes: { type: 'string' }, cues: { type: 'string' } },
  });
  const minutes = Number(values.minutes ?? 10);
  const cueCount = Number(values.cues ?? 150);
  const durationMs = minutes * 60_000;
  const slot = durationMs / cueCount;
  const cues: SpokenCue[] = Array.from({ length: cueCount }, (_, i) => ({
    startMs: Math.round(i * slot + 300),
    endMs: Math.round(i * slot + slot * 0.8),
    text: ENGLISH[i % ENGLISH.length]!,
    speaker: i % 2 ? 'Ben' : 'Anna',
    voice: i % 2 ? 'espeak:en+m3' : 'espeak:en+f2',
  }));
  const media = await makeMediaDir('dubdesk-bench-dub-');
  const dataDir = path.join(media.dir, 'data');
  try {
    note(`generating a ${minutes}-minute 1280x720 video with ${cueCount} spoken cues (not timed)`);
    const { videoPath } = await makeSpokenVideo(media.dir, {
      cues,
      width: 1280,
      height: 720,
      fps: 25,
      durationSec: durationMs / 1000,
      name: 'bench',
    });
    const srtPath = path.join(media.dir, 'bench.de.srt');
    await fs.writeFile(
      srtPath,
      cues
        .map(
          (cue, i) =>
            `${i + 1}\n${formatSrtTime(cue.startMs)} --> ${formatSrtTime(cue.endMs)}\n<v ${cue.speaker}>${GERMAN[i % GERMAN.length]}\n`,
        )
        .join('\n'),
    );

    // The floor: the plain ffmpeg command burning the same subtitles (same style, same encoder settings).
    const { ffmpeg } = resolveMediaTools();
    const burn = await prepareSubtitleBurn({
      cues: parseSrt(await fs.readFile(srtPath)),
      style: BUILTIN_SUBTITLE_STYLES[0]!,
      frame: { width: 1280, height: 720 },
      language: 'de',
      workDir: media.dir,
      fontconfigDir: path.join(media.dir, 'fontconfig'),
    });
    note('running the bare ffmpeg burn');
    const bareStart = performance.now();
    await runProcess(
      ffmpeg,
      burnSubtitlesArgs({
        input: videoPath,
        output: path.join(media.dir, 'bare.mp4'),
        assFile: burn.assFile,
        fontsDir: resolveSubtitleFonts().primaryDir,
      }),
      { toolName: 'ffmpeg', env: { ...process.env, ...burn.env } },
    );
    const bareMs = performance.now() - bareStart;

    note('running the DubDesk translate job');
    const bench = await startBenchService(dataDir);
    const run = await bench.runJob('/v1/media/translate', {
      media_type: 'video',
      media_url: pathToFileURL(videoPath).href,
      subtitle_url: pathToFileURL(srtPath).href,
      subtitle_usage_type: 'final_translated',
      source_language: 'en',
      target_language: 'de',
      subtitle_mode: 'add',
      export_type: 'video',
    });
    await bench.close();
    if (run.task.status !== 'done')
      throw new Error(`the job ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`);
    const { wallMs: jobMs, stageMs } = run;
    const ratio = jobMs / bareMs;
    const rows: Array<[string, string]> = [
      ['bare ffmpeg burn (same subtitles, same x264 settings)', `${(bareMs / 1000).toFixed(1)} s`],
      ['DubDesk translate job, create to done', `${(jobMs / 1000).toFixed(1)} s`],
      ...Object.entries(stageMs).map(([stage, ms]): [string, string] => [
        `  stage ${stage}`,
        `${(ms / 1000).toFixed(1)} s`,
      ]),
      ['ratio DubDesk / bare (target <= 1.5)', `${ratio.toFixed(2)}x`],
      // The quality report is measured on the result; it may cost at most a tenth of the job.
      [
        'share of the job spent measuring its quality (target <= 10 %)',
        `${(((stageMs['check-quality'] ?? 0) / jobMs) * 100).toFixed(1)} %`,
      ],
    ];
    printRows(rows);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `dub-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ minutes, cueCount, bareMs, jobMs, ratio, stageMs }, null, 2),
    );
  } finally {
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
