// precision_v1 lip-sync end to end over the HTTP API with a stand-in Wav2Lip (real signature, output = the reference
// crop with its lower half inverted), on a real face photo and a video made from it. The runtime records what the
// model is fed, so the crops, the mel windows and the batching are checked, and the inverted lower half shows where
// the output lands.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { boxBrightnessCorrelation, psnr } from '../fixtures/image-metrics.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaceLandmarks } from '../../src/main/engines/face/types.js';
import { jobWorkDir } from '../../src/main/config.js';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { melChunksForVideo, wav2lipMel } from '../../src/main/media/dsp/mel.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import type { PixelBox } from '../../src/main/media/image/rgb-image.js';
import { readFrames } from '../../src/main/media/frames.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { decodeStillImage } from '../../src/main/media/still-image.js';
import { createOnnxRuntime, type OnnxRuntime } from '../../src/main/models/onnx-runtime.js';
import { referenceFrameFor } from '../../src/main/engines/lipsync/frame-schedule.js';
import { swayBox } from '../../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { mouthRegion } from '../../src/main/media/image/paste-face.js';
import { faceVideo, facePhoto } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';
import { wav2lipInvertingStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

const PLANE = 96 * 96;
const BATCH = 16;

interface CapturedRun {
  mel: { dims: number[]; data: Float32Array };
  faces: { dims: number[]; data: Float32Array };
}

/** The real ONNX runtime, recording a copy of every feed. */
function recordingRuntime(runs: CapturedRun[]): OnnxRuntime {
  const inner = createOnnxRuntime();
  return {
    ...inner,
    async run(session, feeds, options) {
      const copy = (name: string) => ({
        dims: [...feeds[name]!.dims],
        data: Float32Array.from(feeds[name]!.data as Float32Array),
      });
      runs.push({ mel: copy('mel'), faces: copy('faces') });
      return inner.run(session, feeds, options);
    },
  };
}

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let speech: string;
const runs: CapturedRun[] = [];

async function run(body: Record<string, unknown>): Promise<any> {
  const created = await svc.api('/v1/video_generation', { body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return svc.waitForTask(created.body.task_id, undefined, 240_000);
}

async function download(url: string, name: string): Promise<string> {
  const file = path.join(media.dir, name);
  await fs.writeFile(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  return file;
}

async function taskLog(taskId: string): Promise<string> {
  return (await svc.api(`/v1/tasks/${taskId}/log`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
}

function reusableDir(taskId: string): string {
  return path.join(jobWorkDir(svc.service.core.paths, taskId), 'reusable');
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await fs.readFile(file, 'utf8')) as T;
}

/** Slot `slot` of a [N,6,96,96] feed: planes 3-5 (the reference, BGR) as packed RGB, and whether planes 0-2 are it with the lower half blank. */
function fedCrop(run: CapturedRun, slot: number): { rgb: Uint8Array; maskedRight: boolean } {
  const base = slot * 6 * PLANE;
  const { data } = run.faces;
  const rgb = new Uint8Array(PLANE * 3);
  let maskedRight = true;
  for (let p = 0; p < PLANE; p++) {
    for (let c = 0; c < 3; c++) {
      const reference = data[base + (3 + c) * PLANE + p]!;
      const masked = data[base + c * PLANE + p]!;
      if (masked !== (p < 48 * 96 ? reference : 0)) maskedRight = false;
      rgb[p * 3 + (2 - c)] = Math.round(reference * 255);
    }
  }
  return { rgb, maskedRight };
}

/** ffmpeg's own crop and area scaling of one picture (or video frame) to 96x96, as an independent reference. */
async function ffmpegCrop(file: string, box: PixelBox, frameIndex = 0, fps = 25): Promise<Uint8Array> {
  const seek = frameIndex > 0 ? ['-ss', (frameIndex / fps).toFixed(4)] : [];
  const result = await runProcess(
    resolveMediaTools().ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      ...seek,
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `crop=${box.width}:${box.height}:${box.x}:${box.y},scale=96:96:flags=area`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { toolName: 'ffmpeg', captureStdout: true },
  );
  return result.stdout!;
}

/** Pixels around the mouth region but outside it (up to half the region's height away): a paste that lands off target changes them. */
function aroundRegion(box: PixelBox, width: number): (pixel: number) => boolean {
  const region = mouthRegion(box);
  const margin = Math.round(region.height / 2);
  return (p) => {
    const x = p % width;
    const y = Math.floor(p / width);
    const inside = x >= region.x && x < region.x + region.width && y >= region.y && y < region.y + region.height;
    const near =
      x >= region.x - margin &&
      x < region.x + region.width + margin &&
      y >= region.y - margin &&
      y < region.y + region.height + margin;
    return near && !inside;
  };
}

/**
 * How well `output` is the original mirrored around its mean inside `box` (what the stand-in draws): the spread of
 * output + original relative to the original's spread; 0 for a perfect mirror, about 1.4 for an unrelated picture.
 */
function mirrorResidual(output: Uint8Array, original: Uint8Array, width: number, box: PixelBox): number {
  const sums: number[] = [];
  const origs: number[] = [];
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) {
        sums.push(output[i + c]! + original[i + c]!);
        origs.push(original[i + c]!);
      }
    }
  }
  const std = (v: number[]) => {
    const m = v.reduce((s, x) => s + x, 0) / v.length;
    return Math.sqrt(v.reduce((s, x) => s + (x - m) ** 2, 0) / v.length);
  };
  return std(sums) / std(origs);
}

/** The middle of the mouth region, where the feathered mask is fully on. */
function core(box: PixelBox): PixelBox {
  const region = mouthRegion(box);
  return {
    x: region.x + Math.round(region.width * 0.3),
    y: region.y + Math.round(region.height * 0.3),
    width: Math.round(region.width * 0.4),
    height: Math.round(region.height * 0.4),
  };
}

async function frameAt(file: string, index: number, fps: number): Promise<Buffer> {
  for await (const frame of readFrames(file, {
    pixelFormat: 'rgb24',
    fps,
    startSec: index / fps,
    durationSec: 1 / fps,
  }))
    return frame.data;
  throw new Error(`${file} has no frame ${index}`);
}

function mean(points: { x: number; y: number }[]): { x: number; y: number } {
  return {
    x: points.reduce((s, p) => s + p.x, 0) / points.length,
    y: points.reduce((s, p) => s + p.y, 0) / points.length,
  };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-precision-');
  // Exactly 3 s: 75 frames at 25 fps and 90 at 30 fps, neither a multiple of the batch of 16.
  speech = (
    await makeSpokenAudio(media.dir, {
      cues: [
        { startMs: 200, endMs: 1200, text: 'Hello there.' },
        { startMs: 1700, endMs: 2700, text: 'Good morning to you.' },
      ],
      background: 'silence',
      name: 'speech',
      durationSec: 3,
    })
  ).audioPath;
  svc = await startTestService({ service: { models: { runtime: recordingRuntime(runs) } } });
  await svc.service.core.models.importFrom(
    'wav2lip-gan-96',
    writeStandin(media.dir, 'standin.onnx', wav2lipInvertingStandin()),
  );
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

beforeEach(() => {
  runs.length = 0;
});

describe('precision_v1 on a photograph', () => {
  it('feeds the model the face, lands its output on the lower face, in batches of 16, at 25 fps', async () => {
    const photo = await facePhoto();
    const task = await run({
      reference_file_url: pathToFileURL(photo).href,
      audio_url: pathToFileURL(speech).href,
      model: 'precision_v1',
      reference_file_type: 'image',
    });
    expect(task.status, JSON.stringify(task)).toBe('done');
    const output = await download(task.video_url, 'photo.precision.mp4');
    const log = await taskLog(task.task_id);
    console.log(`[precision photo] ${log.split('\n').find((line) => line.startsWith('rendered'))}`);
    // With a lip-sync model installed, precision_v1 draws with it, and the task record names it.
    const render = (await svc.api(`/v1/tasks/${task.task_id}`)).body.stages.find(
      (stage: { name: string }) => stage.name === 'render',
    );
    expect(render).toMatchObject({ state: 'done', engine: 'Wav2Lip GAN 96 (ONNX)' });

    // Length, rate and size as the user sees them.
    const [info, picture] = await Promise.all([probeMedia(output), decodeStillImage(photo)]);
    expect(info.video?.fps).toBeCloseTo(25, 3);
    expect([info.video?.displayWidth, info.video?.displayHeight]).toEqual([picture.width, picture.height]);
    expect(Math.abs(info.durationSec - 3)).toBeLessThan(0.1);
    expect(info.hasAudio).toBe(true);

    // 75 frames: four full batches and one of 11, every frame generated once.
    expect(runs.map((r) => r.faces.dims[0])).toEqual([16, 16, 16, 16, 11]);
    expect(runs.map((r) => r.mel.dims)).toEqual(runs.map((r) => [r.faces.dims[0], 1, 80, 16]));

    // Each frame gets its own mel window, in output order (Wav2Lip's indexing of the job's 16 kHz audio).
    const drive = await decodeAudioPcm(
      path.join(jobWorkDir(svc.service.core.paths, task.task_id), 'audio', 'drive-16k.wav'),
      { sampleRate: 16_000 },
    );
    const chunks = melChunksForVideo(wav2lipMel(drive), 25, 75);
    for (const [r, captured] of runs.entries()) {
      for (let slot = 0; slot < captured.mel.dims[0]!; slot++) {
        const fed = captured.mel.data.subarray(slot * 1280, (slot + 1) * 1280);
        expect(
          Buffer.from(fed.buffer, fed.byteOffset, fed.byteLength).equals(Buffer.from(chunks[r * BATCH + slot]!.buffer)),
          `mel of frame ${r * BATCH + slot}`,
        ).toBe(true);
      }
    }

    // The crop handed to the model is the face: eyes in its upper half, mouth in the lower half, nose near the middle.
    const [box] = await readJson<(PixelBox | null)[]>(path.join(reusableDir(task.task_id), 'boxes.json'));
    const [face] = await readJson<(FaceLandmarks | null)[]>(path.join(reusableDir(task.task_id), 'track.json'));
    const toCrop = (p: { x: number; y: number }) => ({
      x: ((p.x - box!.x) * 96) / box!.width,
      y: ((p.y - box!.y) * 96) / box!.height,
    });
    expect(box!.width).toBe(box!.height);
    expect(toCrop(mean(face!.leftEye)).y).toBeLessThan(48);
    expect(toCrop(mean(face!.rightEye)).y).toBeLessThan(48);
    const mouth = toCrop(mean(face!.mouthOuter));
    expect(mouth.y).toBeGreaterThan(52);
    expect(mouth.y).toBeLessThan(90);
    expect(Math.abs(toCrop(mean(face!.nose)).x - 48)).toBeLessThan(16);
    // ... and its pixels are the photo's pixels under that box, in BGR, masked as Wav2Lip masks them.
    const fed = fedCrop(runs[0]!, 0);
    expect(fed.maskedRight).toBe(true);
    expect(psnr(fed.rgb, await ffmpegCrop(photo, box!))).toBeGreaterThan(28);

    // Where the output lands: a photo also gets blinks and a head sway (as standard_v1), so away from the swaying
    // head the picture is the photo (codec noise only) ...
    const frame = await frameAt(output, 40, 25);
    const head = swayBox(face!.box, picture.width, picture.height);
    const awayFromHead = (p: number) => {
      const x = p % picture.width;
      const y = Math.floor(p / picture.width);
      return x < head.x || x >= head.x + head.width || y < head.y || y >= head.y + head.height;
    };
    expect(psnr(frame, picture.data, awayFromHead)).toBeGreaterThan(40);
    // ... and the middle of the lower face shows the model's inverted lower face (the exact landing is pinned on the video).
    expect(boxBrightnessCorrelation(frame, picture.data, picture.width, core(box!))).toBeLessThan(-0.6);
    expect(await taskLog(task.task_id)).not.toMatch(/error/i);
  }, 300_000);
});

describe('precision_v1 on a video', () => {
  it('ping-pongs a shorter reference at its frame rate, each frame cropped where its face is', async () => {
    const reference = await faceVideo(media.dir, {
      durationSec: 2,
      fps: 30,
      width: 640,
      height: 360,
      name: 'face-2s.mp4',
    });
    const task = await run({
      reference_file_url: pathToFileURL(reference).href,
      audio_url: pathToFileURL(speech).href,
      model: 'precision_v1',
      reference_file_type: 'video',
    });
    expect(task.status, JSON.stringify(task)).toBe('done');
    const output = await download(task.video_url, 'video.precision.mp4');
    console.log(
      `[precision video] ${(await taskLog(task.task_id)).split('\n').find((line) => line.startsWith('rendered'))}`,
    );

    const info = await probeMedia(output);
    expect(info.video?.fps).toBeCloseTo(30, 2);
    expect([info.video?.displayWidth, info.video?.displayHeight]).toEqual([640, 360]);
    expect(Math.abs(info.durationSec - 3)).toBeLessThan(0.1);

    // Every output frame whose reference frame has a face is generated once, 16 at a time, the rest in the last run.
    const boxes = await readJson<(PixelBox | null)[]>(path.join(reusableDir(task.task_id), 'boxes.json'));
    expect(boxes).toHaveLength(60);
    const withFace = Array.from({ length: 90 }, (_, i) => boxes[referenceFrameFor(i, 60)]).filter(Boolean).length;
    expect(withFace).toBeGreaterThan(80);
    const sizes = runs.map((r) => r.faces.dims[0]!);
    expect(sizes.reduce((s, n) => s + n, 0)).toBe(withFace);
    expect(sizes.slice(0, -1).every((n) => n === BATCH)).toBe(true);
    expect(sizes.at(-1)).toBe(withFace % BATCH || BATCH);

    // The face pans: the boxes follow it, and the first frame's crop is that frame's face.
    expect(boxes[59]!.x - boxes[0]!.x).toBeLessThan(-10);
    const fed = fedCrop(runs[0]!, 0);
    expect(psnr(fed.rgb, await ffmpegCrop(reference, boxes[0]!, 0, 30))).toBeGreaterThan(26);

    // Output frame 75 shows reference frame 43 (played back): unchanged outside its mouth region, inverted inside.
    const shown = referenceFrameFor(75, 60);
    expect(shown).toBe(43);
    const [out, ref] = await Promise.all([frameAt(output, 75, 30), frameAt(reference, shown, 30)]);
    const region = mouthRegion(boxes[shown]!);
    const outside = (p: number) => {
      const x = p % 640;
      const y = Math.floor(p / 640);
      return x < region.x || x >= region.x + region.width || y < region.y || y >= region.y + region.height;
    };
    expect(psnr(out, ref, outside)).toBeGreaterThan(36);
    expect(psnr(out, ref, aroundRegion(boxes[shown]!, 640))).toBeGreaterThan(34);
    expect(boxBrightnessCorrelation(out, ref, 640, core(boxes[shown]!))).toBeLessThan(-0.6);
    expect(mirrorResidual(out, ref, 640, core(boxes[shown]!))).toBeLessThan(0.75);
  }, 300_000);
});

describe('precision_v1 with a fixed-batch model file', () => {
  it('fills the batch the file declares, padding the last run, and still makes every frame', async () => {
    await svc.service.core.models.importFrom(
      'wav2lip-gan-96',
      writeStandin(media.dir, 'fixed4.onnx', wav2lipInvertingStandin({ batch: 4 })),
    );
    const photo = await facePhoto();
    const task = await run({
      reference_file_url: pathToFileURL(photo).href,
      audio_url: pathToFileURL(speech).href,
      model: 'precision_v1',
      reference_file_type: 'image',
    });
    expect(task.status, JSON.stringify(task)).toBe('done');
    // 75 frames in runs of exactly 4: 19 runs, the last carrying 3 frames and one unused slot.
    expect(runs.map((r) => r.faces.dims[0])).toEqual(Array(19).fill(4));
    expect(await taskLog(task.task_id)).toMatch(/rendered 75 frames at 25\.00 fps, 75 generated in 19 model runs/);
    const info = await probeMedia(await download(task.video_url, 'fixed-batch.mp4'));
    expect(Math.abs(info.durationSec - 3)).toBeLessThan(0.1);
  }, 300_000);
});
