// The quality report of lip-sync jobs, measured on the result through the real pipeline: a face hidden for 2 s is a
// no_face place over those 2 s, a result whose mouth does not follow its audio is weak_sync with a low sync score,
// and a good standard_v1 result is neither. Reusable-model jobs carry the same report.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { readFrames } from '../../src/main/media/frames.js';
import { lipsyncQualityStage } from '../../src/main/pipelines/lipsync/check-quality-stage.js';
import { lipsyncResultToCheck } from '../../src/main/pipelines/lipsync/result-to-check.js';
import type { LipsyncRequest } from '../../src/main/pipelines/lipsync/types.js';
import type { QualityStageOutput } from '../../src/main/pipelines/quality-check.js';
import type { StageOutput } from '../../src/main/pipelines/types.js';
import { facePhotoInfo, faceWindow } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';
import { openingLoudnessCorrelation } from '../fixtures/mouth-metrics.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let speech: string;
let clean: string;

// Speech with clear pauses, so the mouth must close and open again.
const PHRASES = [
  { startMs: 300, endMs: 1300, text: 'Hello, my friends.' },
  { startMs: 2200, endMs: 3200, text: 'How are you today?' },
  { startMs: 4100, endMs: 5100, text: 'Let us begin.' },
  { startMs: 6000, endMs: 7000, text: 'See you soon.' },
];
// Other words spoken in the pauses of PHRASES: a mouth drawn for PHRASES is shut while these are said.
const OFFBEAT = [
  { startMs: 1300, endMs: 2200, text: 'Good morning.' },
  { startMs: 3200, endMs: 4100, text: 'Thank you.' },
  { startMs: 5100, endMs: 6000, text: 'Very well.' },
  { startMs: 7000, endMs: 7900, text: 'Goodbye.' },
];
const SECONDS = 8;
const HIDDEN = { from: 3, to: 5 };

async function lipsync(reference: string, model: 'standard_v1' | 'precision_v1' = 'standard_v1'): Promise<any> {
  const created = await svc.api('/v1/video_generation', {
    body: {
      reference_file_url: pathToFileURL(reference).href,
      audio_url: pathToFileURL(speech).href,
      model,
      reference_file_type: 'video',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const task = await svc.waitForTask(created.body.task_id, undefined, 240_000);
  expect(task.status, JSON.stringify(task)).toBe('done');
  return task;
}

async function ffmpeg(args: string[]): Promise<void> {
  await runProcess(resolveMediaTools().ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
    toolName: 'ffmpeg',
  });
}

/** The stage outputs a finished task left in its work folder, by stage name. */
async function stageOutputs(workDir: string): Promise<Record<string, StageOutput>> {
  const outputs: Record<string, StageOutput> = {};
  for (const file of await fs.readdir(path.join(workDir, 'stages'))) {
    outputs[file.replace(/^\d+-/, '').replace(/\.json$/, '')] = JSON.parse(
      await fs.readFile(path.join(workDir, 'stages', file), 'utf8'),
    );
  }
  return outputs;
}

/** A still close-up of the photo's middle face (the face half the picture's height, no other face in view). */
async function closeUp(seconds: number, name: string): Promise<string> {
  const photo = await facePhotoInfo();
  const window = faceWindow(photo, 640, 360, 0.5);
  const video = path.join(media.dir, name);
  await ffmpeg([
    '-loop',
    '1',
    '-framerate',
    '25',
    '-t',
    String(seconds),
    '-i',
    photo.path,
    '-vf',
    `crop=${window.width}:${window.height}:${Math.round(window.x)}:${Math.round(window.y)},scale=640:360,setsar=1,format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    video,
  ]);
  return video;
}

/** The same clip with a filled box over the face from HIDDEN.from to HIDDEN.to seconds. */
async function hideFace(reference: string): Promise<string> {
  const detector = await svc.service.core.engines.faceDetector();
  let box: { x: number; y: number; width: number; height: number } | undefined;
  for await (const frame of readFrames(reference, {
    pixelFormat: 'rgb24',
    startSec: (HIDDEN.from + HIDDEN.to) / 2,
    durationSec: 0.04,
  })) {
    box = (await detector.detect({ data: frame.data, width: 640, height: 360, channels: 3 }))[0]?.box;
  }
  if (!box) throw new Error('the clip shows no face to hide');
  const x = Math.round(box.x - box.width * 0.4);
  const y = Math.round(box.y - box.height * 0.3);
  const hidden = path.join(media.dir, 'hidden.mp4');
  await ffmpeg([
    '-i',
    reference,
    '-vf',
    `drawbox=x=${x}:y=${y}:w=${Math.round(box.width * 1.8)}:h=${Math.round(box.height * 1.6)}:color=gray:t=fill:enable='between(t,${HIDDEN.from},${HIDDEN.to})'`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    hidden,
  ]);
  return hidden;
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-lipsync-quality-');
  speech = (
    await makeSpokenAudio(media.dir, { cues: PHRASES, background: 'silence', name: 'speech', durationSec: SECONDS })
  ).audioPath;
  clean = await closeUp(SECONDS, 'face.mp4');
  svc = await startTestService();
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('lip-sync quality report (standard_v1)', () => {
  let good: any;

  beforeAll(async () => {
    good = await lipsync(clean);
  }, 300_000);

  it('a good result: a face on every frame read, sync score at least 0.6, nothing to review, no bank coverage', async () => {
    console.log(`clean: ${JSON.stringify(good.quality)}`);
    expect(good.quality).toMatchObject({ review: [], bank_coverage: null });
    expect(good.quality.face_coverage).toBeGreaterThanOrEqual(0.95);
    expect(good.quality.sync_score).toBeGreaterThanOrEqual(0.6);
  });

  it('reads the same sync score on a sample of frames, around the face, as the detector reads on every whole frame', async () => {
    const video = path.join(media.dir, 'good.mp4');
    await fs.writeFile(video, Buffer.from(await (await fetch(good.video_url)).arrayBuffer()));
    const detector = await svc.service.core.engines.faceDetector();
    const everyFrame = await openingLoudnessCorrelation(detector, video, video, 25, 640, 360);
    console.log(
      `sync score sampled ${good.quality.sync_score}, every frame ${everyFrame.correlation.toFixed(3)} (${everyFrame.measured} of ${everyFrame.frames} frames)`,
    );
    expect(Math.abs(good.quality.sync_score - everyFrame.correlation)).toBeLessThan(0.15);
  }, 180_000);

  it('a face hidden for 2 s: one no_face place over those 2 s and a face coverage well below 1', async () => {
    const task = await lipsync(await hideFace(clean));
    console.log(`hidden: ${JSON.stringify(task.quality)}`);
    const noFace = task.quality.review.filter((item: any) => item.reasons.includes('no_face'));
    expect(noFace).toHaveLength(1);
    expect(Math.abs(noFace[0].start - HIDDEN.from)).toBeLessThan(0.25);
    expect(Math.abs(noFace[0].end - HIDDEN.to)).toBeLessThan(0.25);
    // 2 of 8 s hidden.
    expect(task.quality.face_coverage).toBeGreaterThan(0.65);
    expect(task.quality.face_coverage).toBeLessThan(0.85);
  }, 300_000);

  it('a result whose audio is other words spoken in its pauses: weak_sync places and a low sync score', async () => {
    // The good job's own work folder, its video given other audio: the check measures the result it finds there.
    const workDir = path.join(media.dir, 'mismatched-work');
    await fs.cp(path.join(svc.dataDir, 'jobs', good.task_id), workDir, { recursive: true });
    const outputs = await stageOutputs(workDir);
    delete outputs['check-quality'];
    const video = path.join(workDir, (outputs.render as { video: string }).video);
    const offbeat = (
      await makeSpokenAudio(media.dir, { cues: OFFBEAT, background: 'silence', name: 'offbeat', durationSec: SECONDS })
    ).audioPath;
    const remuxed = path.join(media.dir, 'mismatched.mp4');
    await ffmpeg([
      '-i',
      video,
      '-i',
      offbeat,
      '-map',
      '0:v:0',
      '-map',
      '1:a:0',
      '-c:v',
      'copy',
      '-c:a',
      'aac',
      '-shortest',
      remuxed,
    ]);
    await fs.copyFile(remuxed, video);

    const stage = lipsyncQualityStage<LipsyncRequest>(
      { media: svc.service.core.media, engines: svc.service.core.engines },
      ({ outputs: read }, dir) => lipsyncResultToCheck(read, dir),
    );
    const request = {
      reference_file_url: pathToFileURL(clean).href,
      audio_url: pathToFileURL(speech).href,
      model: 'standard_v1',
      reference_file_type: 'video',
    } as LipsyncRequest;
    const { quality } = (await stage.run(
      { request, outputs },
      {
        taskId: good.task_id,
        workDir,
        signal: new AbortController().signal,
        progress: () => {},
        log: () => {},
        warn: () => {},
      },
    )) as QualityStageOutput;
    console.log(`mismatched: ${JSON.stringify(quality)}`);
    expect(quality.sync_score).toBeLessThan(0.2);
    const weak = quality.review.filter((item) => item.reasons.includes('weak_sync'));
    expect(weak.length).toBeGreaterThan(0);
    // The words run through the whole result, so the weak places cover most of it.
    expect(weak.reduce((sum, item) => sum + item.end - item.start, 0)).toBeGreaterThan(SECONDS / 2);
    expect(quality.review.some((item) => item.reasons.includes('no_face'))).toBe(false);
    expect(quality.face_coverage).toBeGreaterThanOrEqual(0.95);
  }, 180_000);
});

describe('lip-sync quality report (precision_v1 and its reusable model)', () => {
  it('reports bank coverage as the exemplar render stage gives it, and the reusable job carries a report of its own', async () => {
    const reference = await closeUp(4, 'face-4s.mp4');
    const precision = await lipsync(reference, 'precision_v1');
    const render = (await stageOutputs(path.join(svc.dataDir, 'jobs', precision.task_id))).render as {
      bankCoverage?: unknown;
    };
    console.log(
      `precision_v1: ${JSON.stringify(precision.quality)}; render bankCoverage ${String(render.bankCoverage)}`,
    );
    expect(precision.quality.bank_coverage).toBe(typeof render.bankCoverage === 'number' ? render.bankCoverage : null);
    expect(precision.quality.face_coverage).toBeGreaterThanOrEqual(0.95);
    expect(precision.quality.sync_score).toEqual(expect.any(Number));

    const made = await svc.api('/v1/reusable_lipsync_models', { body: { task_id: precision.task_id } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const created = await svc.api('/v1/reusable_lipsync_model_video_generation', {
      body: { model_id: made.body.model_id, audio_url: pathToFileURL(speech).href },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reused = await svc.waitForTask(created.body.task_id, undefined, 240_000);
    expect(reused.status, JSON.stringify(reused)).toBe('done');
    console.log(`reusable: ${JSON.stringify(reused.quality)}`);
    expect(reused.quality.face_coverage).toBeGreaterThanOrEqual(0.95);
    expect(reused.quality.sync_score).toEqual(expect.any(Number));
    expect(reused.quality.review.some((item: any) => item.reasons.includes('no_face'))).toBe(false);
  }, 600_000);
});
