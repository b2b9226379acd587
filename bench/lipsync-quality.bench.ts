// Both lip-sync models side by side, with no model installed (what a new user gets), on a 720p photograph, on a
// 720p video whose face speaks, and on a 4 s 720p video whose face does not (blinks and sway, the mouth closed):
// mouth-to-audio correlation, detail kept in the eyes and forehead against a plain encode of the untouched reference,
// landmark jitter in the pauses, PSNR away from the face, frames per second against the media duration, and for the
// exemplar engine the share of frames drawn with the person's own mouths. Saves a strip of frames per run to look at.
// Run: npm run bench:lipsync-quality [-- --seconds S] [-- --only photo|video|silent|standard_v1|precision_v1]   (default 12 s, all)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readdir, readFile } from 'node:fs/promises';
import { jobWorkDir } from '../src/main/config.js';
import { parseArgs } from 'node:util';
import { ffmpegPreamble, h264EncodeArgs } from '../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { readFrames } from '../src/main/media/frames.js';
import { runProcess } from '../src/main/media/run-process.js';
import { decodeStillImage } from '../src/main/media/still-image.js';
import { referenceFrameFor } from '../src/main/engines/lipsync/frame-schedule.js';
import { planIdleMotion, swayBox } from '../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { eyesAndForehead, facePhotoInfo } from '../test/fixtures/faces.js';
import { psnr } from '../test/fixtures/image-metrics.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { silentFaceVideo } from '../test/fixtures/silent-face.js';
import { makeSpokenAudio } from '../test/fixtures/speech.js';
import { talkingFaceVideo } from '../test/fixtures/talking-face.js';
import { printRows, startBenchService, type BenchService } from './bench-service.js';
import { blinkIntervals, pictureJitter } from '../test/fixtures/motion-metrics.js';
import {
  detectFace,
  medianSharpness,
  mouthBoxOf,
  mouthToAudioCorrelation,
  openingToAudioCorrelation,
  silentJitter,
  type Picture,
} from './lipsync-measures.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const FPS = 25;
const WIDTH = 1280;
const HEIGHT = 720;
const REFERENCE_NAMES: Record<Reference['kind'], string> = { photo: 'photo', video: 'video', silent: 'silent video' };
const note = (line: string) => process.stderr.write(`[bench:lipsync-quality] ${line}\n`);
const ffmpeg = (args: string[]) =>
  runProcess(resolveMediaTools().ffmpeg, [...ffmpegPreamble(), ...args], { toolName: 'ffmpeg' });

/** A silent reference is this long: a few seconds of someone listening, played back and forth under the speech. */
const SILENT_SECONDS = 4;

interface Reference {
  kind: 'photo' | 'video' | 'silent';
  file: string;
  /** A plain x264 CRF 20 encode of the untouched reference: the detail a viewer would get without lip-sync. */
  plain: string;
  /** The picture under output frame i (the first pass of a video shows its frames in order). */
  underneath(i: number): Promise<Picture>;
  /** Output times (s) of blinks the reference shows or the engine adds: motion meant to be seen, left out of the jitter. */
  blinks: Array<[number, number]>;
}

/** Output times of the blinks a silent reference of `referenceFrames` frames shows, played forward and back under `frames` output frames. */
function scheduledBlinks(referenceFrames: number, frames: number): Array<[number, number]> {
  const blinking = new Set<number>();
  for (const blink of planIdleMotion(referenceFrames, FPS).blinks) {
    for (let k = Math.floor(blink.startSec * FPS) - 1; k <= Math.ceil(blink.endSec * FPS) + 1; k++) blinking.add(k);
  }
  const intervals: Array<[number, number]> = [];
  for (let i = 0; i < frames; i++) {
    if (!blinking.has(referenceFrameFor(i, referenceFrames))) continue;
    const last = intervals[intervals.length - 1];
    if (last && Math.abs(last[1] - i / FPS) < 1e-9) last[1] = (i + 1) / FPS;
    else intervals.push([i / FPS, (i + 1) / FPS]);
  }
  return intervals;
}

interface Measured {
  fps: number;
  realTime: number;
  correlation: number;
  /** The mouth opening the detector reads against the audio's loudness. */
  openingCorrelation: number;
  sharpness: number;
  jitter: number;
  /** The picture's own jitter in the pauses (no detector): eyes and forehead, and the mouth. */
  pictureJitter: { eyes: number; mouth: number };
  psnrAway: number;
  engine: string;
  /** The exemplar engine's share of frames drawn with the person's own mouths (the render stage's bankCoverage). */
  bankCoverage?: number;
  stageMs: Record<string, number>;
  /** What the engine said about its work (the mouth bank's labels, the exemplars picked). */
  engineLog: string[];
}

async function measure(
  bench: BenchService,
  reference: Reference,
  model: 'standard_v1' | 'precision_v1',
  audio: string,
  seconds: number,
  pauses: Array<[number, number]>,
  dir: string,
): Promise<Measured> {
  const run = await bench.runJob('/v1/video_generation', {
    reference_file_url: pathToFileURL(reference.file).href,
    audio_url: pathToFileURL(audio).href,
    model,
    reference_file_type: reference.kind === 'photo' ? 'image' : 'video',
  });
  if (run.task.status !== 'done')
    throw new Error(
      `${model} on the ${reference.kind} ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`,
    );
  const output = path.join(dir, `${model}-${reference.kind}.mp4`);
  writeFileSync(
    output,
    Buffer.from(await (await fetch((run.task as { video_url?: string }).video_url!)).arrayBuffer()),
  );
  // The final task record: its stage list names the engine that drew the mouths.
  const task = run.task as { task_id: string; stages?: Array<{ name: string; engine?: string }> };
  const stagesDir = path.join(jobWorkDir(bench.service.core.paths, task.task_id), 'stages');
  const renderFile = (await readdir(stagesDir)).find((file) => file.endsWith('-render.json'));
  const renderOutput = renderFile
    ? (JSON.parse(await readFile(path.join(stagesDir, renderFile), 'utf8')) as { bankCoverage?: number })
    : {};
  const frames = seconds * FPS;
  // Blinks are motion meant to be seen: the jitter measures leave them out.
  const { blinks } = reference;
  const first = await reference.underneath(0);
  const face = await detectFace(bench, first);
  const [plainSharpness, outputSharpness] = await Promise.all([
    medianSharpness(reference.plain, WIDTH, eyesAndForehead(face)),
    medianSharpness(output, WIDTH, eyesAndForehead(face)),
  ]);
  const head = swayBox(face.box, WIDTH, HEIGHT);
  const awayFromHead = (pixel: number) => {
    const x = pixel % WIDTH;
    const y = Math.floor(pixel / WIDTH);
    return !(x >= head.x && x < head.x + head.width && y >= head.y && y < head.y + head.height);
  };
  let psnrAway = Infinity;
  let index = 0;
  for await (const frame of readFrames(output, { pixelFormat: 'rgb24', durationSec: 2 })) {
    if (index % 10 === 0)
      psnrAway = Math.min(psnrAway, psnr(frame.data, (await reference.underneath(index)).data, awayFromHead));
    index++;
  }
  // Frames from speech, a pause and speech again, around the face, for a person to look at.
  const strip = path.join(RESULTS_DIR, 'strips', `${model}-${reference.kind}.png`);
  const crop = `crop=${Math.round(face.box.width * 1.3)}:${Math.round(face.box.height * 1.2)}:${Math.round(face.box.x - face.box.width * 0.15)}:${Math.round(face.box.y - face.box.height * 0.1)}`;
  await ffmpeg([
    '-i',
    output,
    '-vf',
    `select='eq(n\\,20)+eq(n\\,40)+eq(n\\,62)+eq(n\\,95)',${crop},scale=-2:360,tile=4x1`,
    '-frames:v',
    '1',
    strip,
  ]);
  return {
    fps: frames / (run.wallMs / 1000),
    realTime: seconds / (run.wallMs / 1000),
    correlation: await mouthToAudioCorrelation(output, audio, FPS, WIDTH, mouthBoxOf(face)),
    openingCorrelation: await openingToAudioCorrelation(bench, output, audio, FPS, WIDTH, HEIGHT),
    sharpness: outputSharpness / plainSharpness,
    jitter: await silentJitter(bench, output, WIDTH, HEIGHT, pauses, blinks),
    pictureJitter: {
      eyes: await pictureJitter(output, WIDTH, eyesAndForehead(face), pauses, blinks),
      mouth: await pictureJitter(output, WIDTH, mouthBoxOf(face), pauses, blinks),
    },
    psnrAway,
    engine: task.stages?.find((stage) => stage.name === 'render')?.engine ?? '(not recorded)',
    ...(renderOutput.bankCoverage === undefined ? {} : { bankCoverage: renderOutput.bankCoverage }),
    stageMs: run.stageMs,
    engineLog: run.lines
      .map((line) => line.message)
      .filter((message) => /^(mouth bank|rendered \d+ frames at [\d.]+ fps:)/.test(message)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { seconds: { type: 'string' }, only: { type: 'string' } },
  });
  const seconds = Number(values.seconds ?? 12);
  const media = await makeMediaDir('dubdesk-bench-lipsync-quality-');
  mkdirSync(path.join(RESULTS_DIR, 'strips'), { recursive: true });
  const bench = await startBenchService(path.join(media.dir, 'data'));
  try {
    note(
      `making the references (not timed): a 720p crop of a photograph, and a ${seconds} s 720p video of that face speaking`,
    );
    const phrases = Array.from({ length: Math.floor(seconds / 3) }, (_, i) => ({
      startMs: i * 3000 + 200,
      endMs: i * 3000 + 2200,
      text: 'This is a short sentence to say.',
    }));
    const { audioPath } = await makeSpokenAudio(media.dir, { cues: phrases, durationSec: seconds, name: 'speech' });
    const pauses = phrases.map((phrase): [number, number] => [phrase.endMs / 1000 + 0.1, phrase.endMs / 1000 + 0.7]);

    const info = await facePhotoInfo();
    const photo = path.join(media.dir, 'photo-720p.png');
    const left = Math.max(0, Math.min(info.width - WIDTH, Math.round(info.subject.x - WIDTH / 2)));
    const top = Math.max(0, Math.min(info.height - HEIGHT, Math.round(info.subject.y - HEIGHT / 2)));
    await ffmpeg(['-i', info.path, '-vf', `crop=${WIDTH}:${HEIGHT}:${left}:${top}`, photo]);
    const photoPlain = path.join(media.dir, 'photo-plain.mp4');
    await ffmpeg([
      '-loop',
      '1',
      '-framerate',
      String(FPS),
      '-t',
      String(seconds),
      '-i',
      photo,
      ...h264EncodeArgs(),
      photoPlain,
    ]);
    const photoPicture = await decodeStillImage(photo);

    // The video says other words than the driving audio, with its own pauses.
    const detector = await bench.service.core.engines.faceDetector();
    const talking = await talkingFaceVideo(media.dir, detector, {
      durationSec: seconds,
      width: WIDTH,
      height: HEIGHT,
      cues: Array.from({ length: Math.floor(seconds / 4) }, (_, i) => ({
        startMs: i * 4000 + 300,
        endMs: i * 4000 + 3300,
        text: 'Good morning, everyone, and welcome to the show.',
      })),
    });
    const videoPlain = path.join(media.dir, 'video-plain.mp4');
    await ffmpeg(['-i', talking.video, ...h264EncodeArgs(), videoPlain]);
    const videoFrames: Buffer[] = [];
    for await (const frame of readFrames(talking.video, { pixelFormat: 'rgb24', durationSec: 2 }))
      videoFrames.push(frame.data);

    // Someone listening: blinks and sway, the mouth closed, under room tone; shorter than the speech.
    const silent = await silentFaceVideo(media.dir, detector, {
      durationSec: Math.min(seconds, SILENT_SECONDS),
      width: WIDTH,
      height: HEIGHT,
    });
    const silentPlain = path.join(media.dir, 'silent-plain.mp4');
    await ffmpeg(['-i', silent, ...h264EncodeArgs(), silentPlain]);
    const silentFrames: Buffer[] = [];
    for await (const frame of readFrames(silent, { pixelFormat: 'rgb24', durationSec: 2 }))
      silentFrames.push(frame.data);

    const references: Reference[] = [
      {
        kind: 'photo',
        file: photo,
        plain: photoPlain,
        underneath: async () => photoPicture,
        blinks: blinkIntervals(seconds * FPS, FPS),
      },
      {
        kind: 'video',
        file: talking.video,
        plain: videoPlain,
        underneath: async (i) => ({
          data: videoFrames[Math.min(i, videoFrames.length - 1)]!,
          width: WIDTH,
          height: HEIGHT,
        }),
        blinks: [],
      },
      {
        kind: 'silent',
        file: silent,
        plain: silentPlain,
        underneath: async (i) => ({
          data: silentFrames[Math.min(i, silentFrames.length - 1)]!,
          width: WIDTH,
          height: HEIGHT,
        }),
        blinks: scheduledBlinks(Math.round(Math.min(seconds, SILENT_SECONDS) * FPS), seconds * FPS),
      },
    ];
    const results: Array<{ model: string; reference: Reference['kind'] } & Measured> = [];
    // The instruments' own noise: the jitter each reads on the plain encode of the untouched reference.
    const floor: Record<string, { detector: number; eyes: number }> = {};
    // --only photo|video|silent|standard_v1|precision_v1 runs a part of the table.
    const runs = (reference: Reference, model: string) =>
      !values.only || values.only === reference.kind || values.only === model;
    for (const reference of references) {
      if (!runs(reference, 'standard_v1') && !runs(reference, 'precision_v1')) continue;
      const face = await detectFace(bench, await reference.underneath(0));
      // The plain encode of a short reference lasts as long as it does: its noise is read in the pauses it has.
      const plainPauses = pauses.filter(
        ([, end]) => reference.kind !== 'silent' || end <= Math.min(seconds, SILENT_SECONDS),
      );
      floor[reference.kind] = {
        detector: await silentJitter(bench, reference.plain, WIDTH, HEIGHT, plainPauses, reference.blinks),
        eyes: await pictureJitter(reference.plain, WIDTH, eyesAndForehead(face), plainPauses, reference.blinks),
      };
      for (const model of ['standard_v1', 'precision_v1'] as const) {
        if (!runs(reference, model)) continue;
        note(`${model} on the ${REFERENCE_NAMES[reference.kind]}`);
        results.push({
          model,
          reference: reference.kind,
          ...(await measure(bench, reference, model, audioPath, seconds, pauses, media.dir)),
        });
      }
    }
    printRows([
      [
        'model on reference: engine',
        'fps (x real time) | correlation: change, opening | detail kept | jitter px: detector; picture eyes, mouth | PSNR away dB | own mouths',
      ],
      ...results.map((r): [string, string] => [
        `${r.model} on the ${REFERENCE_NAMES[r.reference]}: ${r.engine}`,
        `${r.fps.toFixed(1)} (${r.realTime.toFixed(2)}x) | ${r.correlation.toFixed(2)}, ${r.openingCorrelation.toFixed(2)} | ${r.sharpness.toFixed(3)} | ${r.jitter.toFixed(2)}; ${r.pictureJitter.eyes.toFixed(2)}, ${r.pictureJitter.mouth.toFixed(2)} | ${r.psnrAway.toFixed(1)} | ${r.bankCoverage === undefined ? '-' : `${Math.round(r.bankCoverage * 100)} %`}`,
      ]),
      ...results.map((r): [string, string] => [
        `  ${r.model} on the ${REFERENCE_NAMES[r.reference]}: stages, ms per frame`,
        Object.entries(r.stageMs)
          .map(([stage, ms]) => `${stage} ${(ms / (seconds * FPS)).toFixed(1)}`)
          .join(', '),
      ]),
      ...results.flatMap((r) =>
        r.engineLog.map((line): [string, string] => [`  ${r.model} on the ${REFERENCE_NAMES[r.reference]}: log`, line]),
      ),
      ...references
        .filter((r) => floor[r.kind])
        .map((r): [string, string] => [
          `jitter read on the untouched ${REFERENCE_NAMES[r.kind]} (the instruments' noise)`,
          `detector ${floor[r.kind]!.detector.toFixed(2)} px, picture eyes ${floor[r.kind]!.eyes.toFixed(2)} px`,
        ]),
      [
        'targets',
        'standard_v1 >= 40 fps, detail >= 0.9, correlation >= 0.6, jitter < 0.5; precision_v1 >= 10 fps, opening correlation >= 0.6 on the silent video and never below standard_v1',
      ],
      ['frame strips', path.join(RESULTS_DIR, 'strips')],
    ]);
    writeFileSync(
      path.join(RESULTS_DIR, `lipsync-quality-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
      JSON.stringify({ seconds, results, detectorJitter: floor }, null, 2),
    );
  } finally {
    await bench.close();
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
