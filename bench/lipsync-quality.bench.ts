// Both lip-sync models side by side, with no model installed (what a new user gets), on a 720p photograph and on a
// 720p video whose face speaks: mouth-to-audio correlation, detail kept in the eyes and forehead against a plain
// encode of the untouched reference, landmark jitter in the pauses, PSNR away from the face, and frames per second
// against the media duration. Saves a strip of frames per run to look at.
// Run: npm run bench:lipsync-quality [-- --seconds S] [-- --only photo|video|standard_v1|precision_v1]   (default 12 s, all)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ffmpegPreamble, h264EncodeArgs } from '../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../src/main/media/ffmpeg-paths.js';
import { readFrames } from '../src/main/media/frames.js';
import { runProcess } from '../src/main/media/run-process.js';
import { decodeStillImage } from '../src/main/media/still-image.js';
import { swayBox } from '../src/main/pipelines/lipsync/idle-motion.js';
import { eyesAndForehead, facePhotoInfo } from '../test/fixtures/faces.js';
import { psnr } from '../test/fixtures/image-metrics.js';
import { makeMediaDir } from '../test/fixtures/media.js';
import { makeSpokenAudio } from '../test/fixtures/speech.js';
import { talkingFaceVideo } from '../test/fixtures/talking-face.js';
import { printRows, startBenchService, type BenchService } from './bench-service.js';
import { blinkIntervals, pictureJitter } from '../test/fixtures/motion-metrics.js';
import { detectFace, medianSharpness, mouthBoxOf, mouthToAudioCorrelation, openingToAudioCorrelation, silentJitter, type Picture } from './lipsync-measures.js';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const FPS = 25;
const WIDTH = 1280;
const HEIGHT = 720;
const note = (line: string) => process.stderr.write(`[bench:lipsync-quality] ${line}\n`);
const ffmpeg = (args: string[]) => runProcess(resolveMediaTools().ffmpeg, [...ffmpegPreamble(), ...args], { toolName: 'ffmpeg' });

interface Reference {
  kind: 'photo' | 'video';
  file: string;
  /** A plain x264 CRF 20 encode of the untouched reference: the detail a viewer would get without lip-sync. */
  plain: string;
  /** The picture under output frame i (the first pass of a video shows its frames in order). */
  underneath(i: number): Promise<Picture>;
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
  stageMs: Record<string, number>;
  /** What the engine said about its work (the mouth bank's labels, the exemplars picked). */
  engineLog: string[];
}

async function measure(bench: BenchService, reference: Reference, model: 'standard_v1' | 'precision_v1', audio: string, seconds: number, pauses: Array<[number, number]>, dir: string): Promise<Measured> {
  const run = await bench.runJob('/v1/video_generation', {
    reference_file_url: pathToFileURL(reference.file).href, audio_url: pathToFileURL(audio).href, model, reference_file_type: reference.kind === 'photo' ? 'image' : 'video',
  });
  if (run.task.status !== 'done') throw new Error(`${model} on the ${reference.kind} ended ${run.task.status}: ${run.task.err_code} ${run.task.err_message}`);
  const output = path.join(dir, `${model}-${reference.kind}.mp4`);
  writeFileSync(output, Buffer.from(await (await fetch((run.task as { video_url?: string }).video_url!)).arrayBuffer()));
  // The final task record: its stage list names the engine that drew the mouths.
  const task = run.task as { stages?: Array<{ name: string; engine?: string }> };
  const frames = seconds * FPS;
  // A picture's blinks are motion meant to be seen: the jitter measures leave them out.
  const blinks = reference.kind === 'photo' ? blinkIntervals(frames, FPS) : [];
  const first = await reference.underneath(0);
  const face = await detectFace(bench, first);
  const [plainSharpness, outputSharpness] = await Promise.all([medianSharpness(reference.plain, WIDTH, eyesAndForehead(face)), medianSharpness(output, WIDTH, eyesAndForehead(face))]);
  const head = swayBox(face.box, WIDTH, HEIGHT);
  const awayFromHead = (pixel: number) => {
    const x = pixel % WIDTH;
    const y = Math.floor(pixel / WIDTH);
    return !(x >= head.x && x < head.x + head.width && y >= head.y && y < head.y + head.height);
  };
  let psnrAway = Infinity;
  let index = 0;
  for await (const frame of readFrames(output, { pixelFormat: 'rgb24', durationSec: 2 })) {
    if (index % 10 === 0) psnrAway = Math.min(psnrAway, psnr(frame.data, (await reference.underneath(index)).data, awayFromHead));
    index++;
  }
  // Frames from speech, a pause and speech again, around the face, for a person to look at.
  const strip = path.join(RESULTS_DIR, 'strips', `${model}-${reference.kind}.png`);
  const crop = `crop=${Math.round(face.box.width * 1.3)}:${Math.round(face.box.height * 1.2)}:${Math.round(face.box.x - face.box.width * 0.15)}:${Math.round(face.box.y - face.box.height * 0.1)}`;
  await ffmpeg(['-i', output, '-vf', `select='eq(n\\,20)+eq(n\\,40)+eq(n\\,62)+eq(n\\,95)',${crop},scale=-2:360,tile=4x1`, '-frames:v', '1', strip]);
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
    stageMs: run.stageMs,
    engineLog: run.lines.map((line) => line.message).filter((message) => /^(mouth bank|rendered \d+ frames at [\d.]+ fps:)/.test(message)),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { seconds: { type: 'string' }, only: { type: 'string' } } });
  const seconds = Number(values.seconds ?? 12);
  const media = await makeMediaDir('dubdesk-bench-lipsync-quality-');
  mkdirSync(path.join(RESULTS_DIR, 'strips'), { recursive: true });
  const bench = await startBenchService(path.join(media.dir, 'data'));
  try {
    note(`making the references (not timed): a 720p crop of a photograph, and a ${seconds} s 720p video of that face speaking`);
    const phrases = Array.from({ length: Math.floor(seconds / 3) }, (_, i) => ({ startMs: i * 3000 + 200, endMs: i * 3000 + 2200, text: 'This is a short sentence to say.' }));
    const { audioPath } = await makeSpokenAudio(media.dir, { cues: phrases, durationSec: seconds, name: 'speech' });
    const pauses = phrases.map((phrase): [number, number] => [phrase.endMs / 1000 + 0.1, phrase.endMs / 1000 + 0.7]);

    const info = await facePhotoInfo();
    const photo = path.join(media.dir, 'photo-720p.png');
    const left = Math.max(0, Math.min(info.width - WIDTH, Math.round(info.subject.x - WIDTH / 2)));
    const top = Math.max(0, Math.min(info.height - HEIGHT, Math.round(info.subject.y - HEIGHT / 2)));
    await ffmpeg(['-i', info.path, '-vf', `crop=${WIDTH}:${HEIGHT}:${left}:${top}`, photo]);
    const photoPlain = path.join(media.dir, 'photo-plain.mp4');
    await ffmpeg(['-loop', '1', '-framerate', String(FPS), '-t', String(seconds), '-i', photo, ...h264EncodeArgs(), photoPlain]);
    const photoPicture = await decodeStillImage(photo);

    // The video says other words than the driving audio, with its own pauses.
    const detector = await bench.service.core.engines.faceDetector();
    const talking = await talkingFaceVideo(media.dir, detector, {
      durationSec: seconds, width: WIDTH, height: HEIGHT,
      cues: Array.from({ length: Math.floor(seconds / 4) }, (_, i) => ({ startMs: i * 4000 + 300, endMs: i * 4000 + 3300, text: 'Good morning, everyone, and welcome to the show.' })),
    });
    const videoPlain = path.join(media.dir, 'video-plain.mp4');
    await ffmpeg(['-i', talking.video, ...h264EncodeArgs(), videoPlain]);
    const videoFrames: Buffer[] = [];
    for await (const frame of readFrames(talking.video, { pixelFormat: 'rgb24', durationSec: 2 })) videoFrames.push(frame.data);

    const references: Reference[] = [
      { kind: 'photo', file: photo, plain: photoPlain, underneath: async () => photoPicture },
      { kind: 'video', file: talking.video, plain: videoPlain, underneath: async (i) => ({ data: videoFrames[Math.min(i, videoFrames.length - 1)]!, width: WIDTH, height: HEIGHT }) },
    ];
    const results: Array<{ model: string; reference: string } & Measured> = [];
    // The instruments' own noise: the jitter each reads on the plain encode of the untouched reference.
    const floor: Record<string, { detector: number; eyes: number }> = {};
    for (const reference of references) {
      const face = await detectFace(bench, await reference.underneath(0));
      floor[reference.kind] = { detector: await silentJitter(bench, reference.plain, WIDTH, HEIGHT, pauses), eyes: await pictureJitter(reference.plain, WIDTH, eyesAndForehead(face), pauses) };
      for (const model of ['standard_v1', 'precision_v1'] as const) {
        // --only photo|video|standard_v1|precision_v1 runs a part of the table.
        if (values.only && values.only !== reference.kind && values.only !== model) continue;
        note(`${model} on the ${reference.kind}`);
        results.push({ model, reference: reference.kind, ...(await measure(bench, reference, model, audioPath, seconds, pauses, media.dir)) });
      }
    }
    printRows([
      ['model on reference: engine', 'fps (x real time) | correlation: change, opening | detail kept | jitter px: detector; picture eyes, mouth | PSNR away dB'],
      ...results.map((r): [string, string] => [
        `${r.model} on the ${r.reference}: ${r.engine}`,
        `${r.fps.toFixed(1)} (${r.realTime.toFixed(2)}x) | ${r.correlation.toFixed(2)}, ${r.openingCorrelation.toFixed(2)} | ${r.sharpness.toFixed(3)} | ${r.jitter.toFixed(2)}; ${r.pictureJitter.eyes.toFixed(2)}, ${r.pictureJitter.mouth.toFixed(2)} | ${r.psnrAway.toFixed(1)}`,
      ]),
      ...results.map((r): [string, string] => [`  ${r.model} on the ${r.reference}: stages, ms per frame`, Object.entries(r.stageMs).map(([stage, ms]) => `${stage} ${(ms / (seconds * FPS)).toFixed(1)}`).join(', ')]),
      ...results.flatMap((r) => r.engineLog.map((line): [string, string] => [`  ${r.model} on the ${r.reference}: log`, line])),
      ...references.map((r): [string, string] => [`jitter read on the untouched ${r.kind} (the instruments' noise)`, `detector ${floor[r.kind]!.detector.toFixed(2)} px, picture eyes ${floor[r.kind]!.eyes.toFixed(2)} px`]),
      ['targets', 'standard_v1 >= 40 fps, detail >= 0.9, correlation >= 0.6, jitter < 0.5; precision_v1 >= 10 fps'],
      ['frame strips', path.join(RESULTS_DIR, 'strips')],
    ]);
    writeFileSync(path.join(RESULTS_DIR, `lipsync-quality-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify({ seconds, results, detectorJitter: floor }, null, 2));
  } finally {
    await bench.close();
    await media.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
