// Optional face restoration in precision_v1, with a stand-in restorer built by code: GFPGAN's signature (`input`
// [1,3,512,512] RGB in -1..1, an output named by node number) whose output is the picture inverted, so where it
// lands shows. First the restorer on raw frames through a real model store and ONNX Runtime, then whole jobs over
// the HTTP API with and without it.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { boxBrightnessCorrelation, psnr } from '../fixtures/image-metrics.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import { createRgbImage, type PixelBox, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { readFrames } from '../../src/main/media/frames.js';
import { createModelStore, type ModelStore } from '../../src/main/models/model-store.js';
import { createOnnxRuntime, type OnnxRuntime } from '../../src/main/models/onnx-runtime.js';
import { MaskCache, mouthRegion } from '../../src/main/media/image/paste-face.js';
import { GFPGAN_MODEL } from '../../src/main/engines/face-restore/gfpgan.js';
import { createEngines, type Engines } from '../../src/main/engines/registry.js';
import { openMouthRestorer, type MouthRestorer } from '../../src/main/engines/lipsync/wav2lip/restore.js';
import { planStepBody } from '../../src/main/plans/job-plan.js';
import { restoreFaceStep } from '../../src/main/plans/lipsync-plan.js';
import { cropForRestore } from '../../src/main/media/image/restore-paste.js';
import { faceVideo } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';
import { faceRestoreStandin, wav2lipInvertingStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

const TITLE = 'GFPGAN v1.4 face restoration (ONNX)';
const NOT_PLANNED =
  'face restoration not planned (no face restoration model installed: the mouth stays as the lip-sync model ' +
  'drew it): mouth not sharpened';

interface RestoreRun {
  dims: number[];
  /** Slot 0 of the feed. */
  first: Float32Array;
}

/** The real ONNX runtime, recording the shape and first face of every face-restoration run. */
function recordingRuntime(runs: RestoreRun[]): OnnxRuntime {
  const inner = createOnnxRuntime();
  return {
    ...inner,
    async run(session, feeds, options) {
      const input = feeds.input;
      if (input)
        runs.push({
          dims: [...input.dims],
          first: Float32Array.from((input.data as Float32Array).subarray(0, 3 * 512 * 512)),
        });
      return inner.run(session, feeds, options);
    },
  };
}

/** A smooth, colourful frame (resampling keeps it), different in every channel and frame. */
function pattern(width: number, height: number, phase: number): RgbImage {
  const image = createRgbImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      image.data[i] = 128 + 100 * Math.sin(x / 11 + phase) * Math.cos(y / 13);
      image.data[i + 1] = 128 + 90 * Math.cos(x / 17 + 1 + phase);
      image.data[i + 2] = 128 + 80 * Math.sin(y / 9 + 2);
    }
  }
  return image;
}

function copy(image: RgbImage): RgbImage {
  return { ...image, data: Uint8Array.from(image.data) };
}

function inside(box: PixelBox, x: number, y: number): boolean {
  return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
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

/** Pixels of `a` and `b` that differ, outside `box`. */
function changedOutside(a: RgbImage, b: RgbImage, box: PixelBox): number {
  let changed = 0;
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = (y * a.width + x) * 3;
      if (
        !inside(box, x, y) &&
        (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2])
      )
        changed++;
    }
  }
  return changed;
}

/** Mean |restored - (255 - before)| inside `box`: 0 where the stand-in's inverted picture landed exactly. */
function inversionError(restored: Uint8Array, before: Uint8Array, width: number, box: PixelBox): number {
  let sum = 0;
  let count = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) sum += Math.abs(restored[i + c]! - (255 - before[i + c]!));
      count += 3;
    }
  }
  return sum / count;
}

/** A restore feed's slot as packed RGB bytes. */
function fedPicture(run: RestoreRun): Uint8Array {
  const plane = 512 * 512;
  const rgb = new Uint8Array(plane * 3);
  for (let p = 0; p < plane; p++)
    for (let c = 0; c < 3; c++) rgb[p * 3 + c] = Math.round((run.first[c * plane + p]! + 1) * 127.5);
  return rgb;
}

function perFace(restorer: MouthRestorer): string {
  const { faces, modelMs, jsMs } = restorer.stats;
  return `model ${(modelMs / faces).toFixed(1)} ms + JS ${(jsMs / faces).toFixed(1)} ms per face`;
}

const runs: RestoreRun[] = [];
beforeEach(() => {
  runs.length = 0;
});

describe('the mouth restorer on raw frames, through the engine set', () => {
  let dir: string;
  let store: ModelStore;
  let engines: Engines;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);
  const box: PixelBox = { x: 200, y: 60, width: 220, height: 220 };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dubdesk-restore-'));
    store = createModelStore({ modelsDir: path.join(dir, 'models'), runtime: recordingRuntime(runs) });
    engines = createEngines({}, store);
  });

  afterAll(async () => {
    await store?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    lines.length = 0;
  });

  /** The restore step as the lip-sync planner makes it now. */
  const planned = () => planStepBody(restoreFaceStep(engines));

  it('is absent, and says so once, while the plan skips it (no model installed when it was made)', async () => {
    expect(await openMouthRestorer(engines, planned(), log)).toBeUndefined();
    expect(lines).toEqual([NOT_PLANNED]);
  });

  it('changes only the mouth region of each frame, one face per run for a file with a batch of 1', async () => {
    await store.importFrom(GFPGAN_MODEL, writeStandin(dir, 'gfpgan-standin.onnx', faceRestoreStandin()));
    const restorer = (await openMouthRestorer(engines, planned(), log))!;
    expect(lines).toEqual([`face restoration: ${TITLE}, as planned`]);
    const before = Array.from({ length: 5 }, (_, i) => pattern(640, 360, i));
    const frames = before.map(copy);
    await restorer.restore(
      frames.map((picture) => ({ picture, box })),
      new MaskCache(),
      new AbortController().signal,
    );

    expect(runs.map((run) => run.dims)).toEqual(Array(5).fill([1, 3, 512, 512]));
    // The restorer saw the whole crop box (upper half included), resized to 512x512.
    expect(Buffer.from(fedPicture(runs[2]!)).equals(Buffer.from(cropForRestore(before[2]!, box, 512, 512).data))).toBe(
      true,
    );
    const region = mouthRegion(box);
    for (const [i, frame] of frames.entries()) {
      expect(changedOutside(frame, before[i]!, region), `frame ${i}`).toBe(0);
      // The stand-in inverts: inside the mouth the frame is its own negative, up to the 220 -> 512 -> 110 resampling.
      expect(inversionError(frame.data, before[i]!.data, 640, core(box)), `frame ${i}`).toBeLessThan(3);
    }
    expect(restorer.stats).toMatchObject({ model: TITLE, faces: 5, batches: [1, 1, 1, 1, 1] });
    console.log(`[restore plumbing, 220 px face, batch 1] ${perFace(restorer)}`);
  }, 120_000);

  it('runs a file with a dynamic batch 8 faces at a time', async () => {
    await store.importFrom(GFPGAN_MODEL, writeStandin(dir, 'gfpgan-dynamic.onnx', faceRestoreStandin({ batch: 'N' })));
    const restorer = (await openMouthRestorer(engines, planned(), log))!;
    const large: PixelBox = { x: 300, y: 100, width: 400, height: 400 };
    const before = Array.from({ length: 11 }, (_, i) => pattern(1280, 720, i));
    const frames = before.map(copy);
    await restorer.restore(
      frames.map((picture) => ({ picture, box: large })),
      new MaskCache(),
      new AbortController().signal,
    );
    expect(runs.map((run) => run.dims[0])).toEqual([8, 3]);
    expect(changedOutside(frames[10]!, before[10]!, mouthRegion(large))).toBe(0);
    expect(inversionError(frames[10]!.data, before[10]!.data, 1280, core(large))).toBeLessThan(3);
    console.log(`[restore plumbing, 400 px face, batch 8] ${perFace(restorer)}`);
  }, 120_000);
});

describe('precision_v1 with and without a face-restoration model', () => {
  let svc: TestService;
  let media: { dir: string; cleanup: () => Promise<void> };
  let speech: string;
  let reference: string;

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-precision-restore-');
    speech = (
      await makeSpokenAudio(media.dir, {
        cues: [{ startMs: 200, endMs: 1500, text: 'Hello there, good morning.' }],
        background: 'silence',
        name: 'speech',
        durationSec: 2,
      })
    ).audioPath;
    reference = await faceVideo(media.dir, { durationSec: 2, fps: 25, width: 640, height: 360, name: 'face.mp4' });
    svc = await startTestService({ service: { models: { runtime: recordingRuntime(runs) } } });
    await svc.service.core.models.importFrom(
      'wav2lip-gan-96',
      writeStandin(media.dir, 'wav2lip.onnx', wav2lipInvertingStandin()),
    );
  }, 120_000);

  afterAll(async () => {
    await svc?.stop();
    await media?.cleanup();
  });

  async function create(): Promise<string> {
    const created = await svc.api('/v1/video_generation', {
      body: {
        reference_file_url: pathToFileURL(reference).href,
        audio_url: pathToFileURL(speech).href,
        model: 'precision_v1',
        reference_file_type: 'video',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.task_id;
  }

  /** A second job, cancelled while it waits behind the first (one job runs at a time): its plan is stored, nothing ran. */
  async function cancelledBehind(): Promise<string> {
    const taskId = await create();
    expect((await svc.api(`/v1/tasks/${taskId}/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await svc.waitForTask(taskId, undefined, 60_000)).status).toBe('cancelled');
    return taskId;
  }

  async function retried(taskId: string): Promise<any> {
    const retry = await svc.api(`/v1/tasks/${taskId}/retry`, { method: 'POST' });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    return svc.waitForTask(retry.body.task_id, undefined, 240_000);
  }

  const restoreStepOf = async (taskId: string) =>
    (await svc.api(`/v1/tasks/${taskId}`)).body.plan.steps.find((step: any) => step.step === 'restore-face');

  async function lipsync(taskId?: string): Promise<{ taskId: string; video: Buffer; log: string[] }> {
    const task = await svc.waitForTask(taskId ?? (await create()), undefined, 240_000);
    expect(task.status, JSON.stringify(task)).toBe('done');
    const video = Buffer.from(await (await fetch(task.video_url)).arrayBuffer());
    const log = (await svc.api(`/v1/tasks/${task.task_id}/log`)).body.lines.map(
      (line: { message: string }) => line.message,
    );
    return { taskId: task.task_id, video, log };
  }

  async function frameOf(video: Buffer, name: string, index: number): Promise<Buffer> {
    const file = path.join(media.dir, name);
    await fs.writeFile(file, video);
    for await (const frame of readFrames(file, {
      pixelFormat: 'rgb24',
      fps: 25,
      startSec: index / 25,
      durationSec: 1 / 25,
    }))
      return frame.data;
    throw new Error(`${name} has no frame ${index}`);
  }

  it('restores exactly as the plan says: sharpens only the mouth when planned, never a plan that skipped it', async () => {
    const plainId = await create();
    const skippedId = await cancelledBehind();
    const plain = await lipsync(plainId);
    expect(plain.log).toContain(NOT_PLANNED);
    expect(plain.log.filter((line) => /face.restoration/.test(line))).toHaveLength(1);
    expect(runs).toHaveLength(0);

    await svc.service.core.models.importFrom(
      GFPGAN_MODEL,
      writeStandin(media.dir, 'gfpgan.onnx', faceRestoreStandin()),
    );
    // The retry keeps the plan made before the model was installed: it skips the restoration.
    const skipped = await retried(skippedId);
    expect(skipped.status, JSON.stringify(skipped)).toBe('done');
    expect((await restoreStepOf(skipped.task_id)).skipped).toMatch(/^no face restoration model installed/);
    expect(runs).toHaveLength(0);
    expect((await lipsync(skipped.task_id)).video.equals(plain.video)).toBe(true);

    const restoredId = await create();
    const plannedId = await cancelledBehind();
    const restored = await lipsync(restoredId);
    expect((await restoreStepOf(restoredId)).engine).toMatchObject({
      id: 'gfpgan',
      title: TITLE,
      models: [GFPGAN_MODEL],
    });
    expect(restored.log).toContain(`face restoration: ${TITLE}, as planned`);
    const rendered = restored.log.find((line) => line.startsWith('rendered'))!;
    expect(rendered).toMatch(
      /; face restoration 50 faces in 50 model runs, per face: model [\d.]+ ms, crop, tensors and paste in JS [\d.]+ ms$/,
    );
    console.log(`[precision with restoration] ${rendered}`);
    console.log(`[precision without restoration] ${plain.log.find((line) => line.startsWith('rendered'))}`);

    // Frame 30 of both results: the same outside the mouth region (codec noise only), inverted in its middle.
    const boxes = JSON.parse(
      await fs.readFile(
        path.join(jobWorkDir(svc.service.core.paths, restored.taskId), 'reusable', 'boxes.json'),
        'utf8',
      ),
    ) as PixelBox[];
    const [a, b] = await Promise.all([
      frameOf(plain.video, 'plain.mp4', 30),
      frameOf(restored.video, 'restored.mp4', 30),
    ]);
    const region = mouthRegion(boxes[30]!);
    const margin = 8;
    const awayFromMouth = (p: number) => {
      const x = p % 640;
      const y = Math.floor(p / 640);
      return (
        x < region.x - margin ||
        x >= region.x + region.width + margin ||
        y < region.y - margin ||
        y >= region.y + region.height + margin
      );
    };
    expect(psnr(a, b, awayFromMouth)).toBeGreaterThan(40);
    expect(boxBrightnessCorrelation(a, b, 640, core(boxes[30]!))).toBeLessThan(-0.6);

    // What the restorer was fed for frame 0: that frame's crop box with the generated mouth already pasted in.
    const first = await frameOf(plain.video, 'plain.mp4', 0);
    const fed = fedPicture(runs[0]!);
    const expected = cropForRestore({ data: first, width: 640, height: 360 }, boxes[0]!, 512, 512).data;
    expect(psnr(fed, expected, () => true)).toBeGreaterThan(30);

    await svc.service.core.models.remove(GFPGAN_MODEL);
    runs.length = 0;
    // A retry of a job planned with the restoration fails naming the removed model; it never renders without it.
    const failed = await retried(plannedId);
    expect(failed.status, JSON.stringify(failed)).toBe('failed');
    expect(failed.err_code).toBe('model_not_installed');
    expect(failed.err_message).toContain(`Restoring the face was planned with ${TITLE}`);
    expect(failed.err_message).toContain('dubdesk models install gfpgan-1.4');
    expect(runs).toHaveLength(0);

    const again = await lipsync();
    expect(again.log).toContain(NOT_PLANNED);
    expect(runs).toHaveLength(0);
    expect(again.video.equals(plain.video)).toBe(true);
  }, 600_000);
});
