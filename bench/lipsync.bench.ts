// standard_v1 lip-sync frames per second on a 720p, 30 s reference, against the bare ffmpeg decode+encode of the same
// video (same x264 settings) measured in the same run; plus per-stage times.
// Run: npm run bench:lipsync [-- --seconds S]   (default 30)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ffmpegPreamble, h264EncodeArgs } from '../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../src/main/media/run-process.js';
import { faceVideo } from '../test/fixtures/faces.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { makeSpokenAudio } from '../test/fixtures/speech.js';
import { printRows, startBenchService } from './bench-service.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const FPS = 25;
const note = (line: string) => process.stderr.write(`[bench:lipsync] ${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { seconds: { type: 'string' } } });
  const seconds = Number(values.seconds ?? 30);
  const media = await makeMediaDir('dubdesk-bench-lipsync-');
  try {
    note(`generating a ${seconds} s 1280x720 face video and ${seconds} s of speech (not timed)`);
    const phrases = Array.from({ length: Math.floor(seconds / 3) }, (_, i) => ({ startMs: i * 3000 + 200, endMs: i * 3000 + 2200, text: 'This is a short sentence to say.' }));
    const { audioPath } = await makeSpokenAudio(media.dir, { cues: phrases, durationSec: seconds, name: 'speech' });
    const reference = await faceVideo(media.dir, { durationSec: seconds, fps: FPS, width: 1280, height: 720, name: 'reference.mp4' });
    const frames = seconds * FPS;

    note('bare ffmpeg: decode and encode the same video with the driving audio');
    const bareStart = performance.now();
    await runProcess(resolveMediaTools().ffmpeg, [...ffmpegPreamble(), '-i', reference, '-i', audioPath, '-map', '0:v:0', '-map', '1:a:0', ...h264EncodeArgs(), '-c:a', 'aac', '-shortest', path.join(media.dir, 'bare.mp4')], { toolName: 'ffmpeg' });
    const bareMs = performance.now() - bareStart;

    note('DubDesk standard_v1 lip-sync job');
    const bench = await startBenchService(path.join(media.dir, 'data'));
    const run = await bench.runJob('/v1/video_generation', {
      reference_file_url: pathToFileURL(reference).href, audio_url: pathToFileURL(audioPath).href, model: 'standard_v1', reference_file_type: 'video',
    });
    await bench.close();
    if (run.task.status !== 'done') throw new Error(`the job ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`);
    const fps = frames / (run.wallMs / 1000);
    const bareFps = frames / (bareMs / 1000);
    printRows([
      ['bare ffmpeg decode+encode (same x264 settings)', `${(bareMs / 1000).toFixed(1)} s = ${bareFps.toFixed(1)} fps`],
      ['DubDesk standard_v1, create to done', `${(run.wallMs / 1000).toFixed(1)} s = ${fps.toFixed(1)} fps`],
      ...Object.entries(run.stageMs).map(([stage, ms]): [string, string] => [`  stage ${stage}`, `${(ms / 1000).toFixed(1)} s (${(ms / frames).toFixed(1)} ms/frame)`]),
      ['ratio DubDesk / bare time', `${(run.wallMs / bareMs).toFixed(2)}x`],
      ['real time? (target >= 25 fps)', fps >= 25 ? 'yes' : 'no'],
    ]);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(path.join(RESULTS_DIR, `lipsync-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ seconds, frames, bareMs, jobMs: run.wallMs, fps, stageMs: run.stageMs }, null, 2));
  } finally {
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
