// standard_v1 lip-sync frames per second on a 720p, 30 s reference, against the bare ffmpeg decode+encode of the same
// video (same x264 settings) measured in the same run; plus per-stage times. With --photo the reference is a 720p
// photograph: the bare tool encodes the still, and the detail kept in the eyes and forehead is compared with it.
// Run: npm run bench:lipsync [-- --seconds S] [-- --photo]   (default 30)
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ffmpegPreamble, h264EncodeArgs } from '../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../src/main/media/run-process.js';
import { eyesAndForehead, facePhotoInfo, faceVideo } from '../test/fixtures/faces.js';
import { psnr } from '../test/fixtures/image-metrics.js';
import { swayBox } from '../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { readFrames } from '../src/main/media/frames.js';
import { decodeStillImage } from '../src/main/media/still-image.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { makeSpokenAudio } from '../test/fixtures/speech.js';
import { printRows, startBenchService } from './bench-service.js';
import { blinkIntervals } from '../test/fixtures/motion-metrics.js';
import { detectFace, medianSharpness, mouthBoxOf, mouthToAudioCorrelation, silentJitter } from './lipsync-measures.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const FPS = 25;
const note = (line: string) => process.stderr.write(`[bench:lipsync] ${line}\n`);

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { seconds: { type: 'string' }, photo: { type: 'boolean' } },
  });
  const seconds = Number(values.seconds ?? 30);
  if (values.photo) return benchPhoto(seconds);
  const media = await makeMediaDir('dubdesk-bench-lipsync-');
  try {
    note(`generating a ${seconds} s 1280x720 face video and ${seconds} s of speech (not timed)`);
    const phrases = Array.from({ length: Math.floor(seconds / 3) }, (_, i) => ({
      startMs: i * 3000 + 200,
      endMs: i * 3000 + 2200,
      text: 'This is a short sentence to say.',
    }));
    const { audioPath } = await makeSpokenAudio(media.dir, { cues: phrases, durationSec: seconds, name: 'speech' });
    const reference = await faceVideo(media.dir, {
      durationSec: seconds,
      fps: FPS,
      width: 1280,
      height: 720,
      name: 'reference.mp4',
    });
    const frames = seconds * FPS;

    note('bare ffmpeg: decode and encode the same video with the driving audio');
    const bareStart = performance.now();
    await runProcess(
      resolveMediaTools().ffmpeg,
      [
        ...ffmpegPreamble(),
        '-i',
        reference,
        '-i',
        audioPath,
        '-map',
        '0:v:0',
        '-map',
        '1:a:0',
        ...h264EncodeArgs(),
        '-c:a',
        'aac',
        '-shortest',
        path.join(media.dir, 'bare.mp4'),
      ],
      { toolName: 'ffmpeg' },
    );
    const bareMs = performance.now() - bareStart;

    note('DubDesk standard_v1 lip-sync job');
    const bench = await startBenchService(path.join(media.dir, 'data'));
    const run = await bench.runJob('/v1/video_generation', {
      reference_file_url: pathToFileURL(reference).href,
      audio_url: pathToFileURL(audioPath).href,
      model: 'standard_v1',
      reference_file_type: 'video',
    });
    await bench.close();
    if (run.task.status !== 'done')
      throw new Error(`the job ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`);
    const fps = frames / (run.wallMs / 1000);
    const bareFps = frames / (bareMs / 1000);
    printRows([
      ['bare ffmpeg decode+encode (same x264 settings)', `${(bareMs / 1000).toFixed(1)} s = ${bareFps.toFixed(1)} fps`],
      ['DubDesk standard_v1, create to done', `${(run.wallMs / 1000).toFixed(1)} s = ${fps.toFixed(1)} fps`],
      ...Object.entries(run.stageMs).map(([stage, ms]): [string, string] => [
        `  stage ${stage}`,
        `${(ms / 1000).toFixed(1)} s (${(ms / frames).toFixed(1)} ms/frame)`,
      ]),
      ...qualityRows(run),
      ['ratio DubDesk / bare time', `${(run.wallMs / bareMs).toFixed(2)}x`],
      ['real time? (target >= 25 fps)', fps >= 25 ? 'yes' : 'no'],
    ]);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `lipsync-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ seconds, frames, bareMs, jobMs: run.wallMs, fps, stageMs: run.stageMs }, null, 2),
    );
  } finally {
    await media.cleanup();
  }
}

async function benchPhoto(seconds: number): Promise<void> {
  const media = await makeMediaDir('dubdesk-bench-lipsync-photo-');
  try {
    note(`cropping a 1280x720 photograph around its face and generating ${seconds} s of speech (not timed)`);
    const phrases = Array.from({ length: Math.floor(seconds / 3) }, (_, i) => ({
      startMs: i * 3000 + 200,
      endMs: i * 3000 + 2200,
      text: 'This is a short sentence to say.',
    }));
    const { audioPath } = await makeSpokenAudio(media.dir, { cues: phrases, durationSec: seconds, name: 'speech' });
    const info = await facePhotoInfo();
    const photo = path.join(media.dir, 'photo-720p.png');
    const left = Math.max(0, Math.min(info.width - 1280, Math.round(info.subject.x - 640)));
    const top = Math.max(0, Math.min(info.height - 720, Math.round(info.subject.y - 360)));
    await runProcess(
      resolveMediaTools().ffmpeg,
      [...ffmpegPreamble(), '-i', info.path, '-vf', `crop=1280:720:${left}:${top}`, photo],
      { toolName: 'ffmpeg' },
    );
    const frames = seconds * FPS;

    note('bare ffmpeg: encode the still photo as a video with the driving audio');
    const plain = path.join(media.dir, 'plain.mp4');
    const bareStart = performance.now();
    await runProcess(
      resolveMediaTools().ffmpeg,
      [
        ...ffmpegPreamble(),
        '-loop',
        '1',
        '-framerate',
        String(FPS),
        '-i',
        photo,
        '-i',
        audioPath,
        '-map',
        '0:v:0',
        '-map',
        '1:a:0',
        ...h264EncodeArgs(),
        '-c:a',
        'aac',
        '-shortest',
        plain,
      ],
      { toolName: 'ffmpeg' },
    );
    const bareMs = performance.now() - bareStart;

    note('DubDesk standard_v1 lip-sync job on the photo');
    const bench = await startBenchService(path.join(media.dir, 'data'));
    const run = await bench.runJob('/v1/video_generation', {
      reference_file_url: pathToFileURL(photo).href,
      audio_url: pathToFileURL(audioPath).href,
      model: 'standard_v1',
      reference_file_type: 'image',
    });
    if (run.task.status !== 'done')
      throw new Error(`the job ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`);
    const output = path.join(media.dir, 'lipsync.mp4');
    writeFileSync(
      output,
      Buffer.from(await (await fetch((run.task as { video_url?: string }).video_url!)).arrayBuffer()),
    );
    const picture = await decodeStillImage(photo);
    const face = await detectFace(bench, picture);
    const region = eyesAndForehead(face);
    // The pauses between phrases (2.2 to 3.2 s of every 3 s), a little inside them.
    const silences = phrases.map((phrase): [number, number] => [phrase.endMs / 1000 + 0.1, phrase.endMs / 1000 + 0.9]);
    const jitter = await silentJitter(
      bench,
      output,
      picture.width,
      picture.height,
      silences,
      blinkIntervals(frames, FPS),
    );
    await bench.close();
    const [plainSharpness, outputSharpness] = await Promise.all([
      medianSharpness(plain, picture.width, region),
      medianSharpness(output, picture.width, region),
    ]);
    const correlation = await mouthToAudioCorrelation(output, audioPath, FPS, picture.width, mouthBoxOf(face));
    const head = swayBox(face.box, picture.width, picture.height);
    let outsideFace = Infinity;
    for await (const frame of readFrames(output, { pixelFormat: 'rgb24', startSec: seconds / 2, durationSec: 0.2 })) {
      outsideFace = Math.min(
        outsideFace,
        psnr(frame.data, picture.data, (pixel) => {
          const x = pixel % picture.width;
          const y = Math.floor(pixel / picture.width);
          return !(x >= head.x && x < head.x + head.width && y >= head.y && y < head.y + head.height);
        }),
      );
    }
    const fps = frames / (run.wallMs / 1000);
    printRows([
      [
        'bare ffmpeg: the still encoded (same x264 settings)',
        `${(bareMs / 1000).toFixed(1)} s = ${(frames / (bareMs / 1000)).toFixed(1)} fps`,
      ],
      [
        'DubDesk standard_v1 on the photo, create to done',
        `${(run.wallMs / 1000).toFixed(1)} s = ${fps.toFixed(1)} fps`,
      ],
      ...Object.entries(run.stageMs).map(([stage, ms]): [string, string] => [
        `  stage ${stage}`,
        `${(ms / 1000).toFixed(1)} s (${(ms / frames).toFixed(1)} ms/frame)`,
      ]),
      ...qualityRows(run),
      [
        'eyes and forehead sharpness (Laplacian variance)',
        `output ${outputSharpness.toFixed(1)}, plain encode ${plainSharpness.toFixed(1)}`,
      ],
      ['sharpness ratio output / plain encode (target >= 0.9)', (outputSharpness / plainSharpness).toFixed(3)],
      [
        'file size output / plain encode',
        `${(statSync(output).size / 2 ** 20).toFixed(1)} MB / ${(statSync(plain).size / 2 ** 20).toFixed(1)} MB`,
      ],
      ['mouth-to-audio correlation (target >= 0.6)', correlation.toFixed(2)],
      ['landmark jitter in the pauses, px (target < 0.5)', jitter.toFixed(2)],
      ['PSNR away from the head, dB (against the photo)', outsideFace.toFixed(1)],
    ]);
    mkdirSync(RESULTS_DIR, { recursive: true });
    writeFileSync(
      path.join(RESULTS_DIR, `lipsync-photo-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify(
        {
          seconds,
          frames,
          bareMs,
          jobMs: run.wallMs,
          fps,
          stageMs: run.stageMs,
          plainSharpness,
          outputSharpness,
          correlation,
          jitter,
          outsideFace,
        },
        null,
        2,
      ),
    );
  } finally {
    await media.cleanup();
  }
}

/** What the quality check costs (share of the job, target <= 10 %) and what it reported. */
function qualityRows(run: {
  wallMs: number;
  stageMs: Record<string, number>;
  task: object;
  lines: { message: string }[];
}): Array<[string, string]> {
  const checkMs = run.stageMs['check-quality'] ?? 0;
  // The check's own line says how much of its time went to reading faces rather than decoding.
  const checkLine = run.lines.find((line) => line.message.startsWith('quality: read'))?.message ?? 'none';
  const quality = (
    run.task as { quality?: { sync_score: number | null; face_coverage: number; review: { reasons: string[] }[] } }
  ).quality;
  const reasons = quality?.review.flatMap((item) => item.reasons).join(', ') || 'none';
  return [
    ['quality check share of the job (target <= 10 %)', `${((checkMs / run.wallMs) * 100).toFixed(1)} %`],
    ['quality check log', checkLine],
    [
      'quality report',
      quality ? `sync_score ${quality.sync_score}, face_coverage ${quality.face_coverage}, review: ${reasons}` : 'none',
    ],
  ];
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
