// precision_v1 with no model installed, end to end over the HTTP API: on a video whose face speaks, the built-in
// exemplar engine pastes the person's own mouths, picked to match new audio; on a picture it runs the mouth warp
// with a finer encode. What is checked is what a viewer sees: mouths that open with the new speech and close in
// its pauses, taken from the reference itself, and the rest of the picture untouched.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaceDetector } from '../../src/main/engines/face/types.js';
import { decodeAudioPcm } from '../../src/main/media/audio.js';
import { rms } from '../../src/main/media/dsp/envelope.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { readFrames } from '../../src/main/media/frames.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { describeMouth } from '../../src/main/engines/lipsync/mouth-shape.js';
import { facePhoto } from '../fixtures/faces.js';
import { pearson, psnr } from '../fixtures/image-metrics.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';
import { talkingFaceVideo, type TalkingFace } from '../fixtures/talking-face.js';

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 25;

// New speech for the face to say, with pauses where its mouth must close.
const PHRASES = [
  { startMs: 300, endMs: 1300, text: 'Hello, my friends.' },
  { startMs: 2200, endMs: 3200, text: 'How are you today?' },
  { startMs: 4100, endMs: 5100, text: 'Let us begin.' },
];

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let detector: FaceDetector;
let speech: string;
let reference: TalkingFace;

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

/** The inner-lip gap over the mouth width of every frame, as the face detector reads the picture (null: no face). */
async function measuredOpenings(file: string): Promise<(number | null)[]> {
  const openings: (number | null)[] = [];
  for await (const frame of readFrames(file, { pixelFormat: 'rgb24' })) {
    const [face] = await detector.detect({ data: frame.data, width: WIDTH, height: HEIGHT, channels: 3 });
    if (!face) {
      openings.push(null);
      continue;
    }
    const mouth = describeMouth({ outer: face.mouthOuter, inner: face.mouthInner });
    openings.push(mouth.opening / mouth.width);
  }
  return openings;
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-exemplar-');
  svc = await startTestService();
  detector = await svc.service.core.engines.faceDetector();
  // The reference says other words than the driving audio, in a shorter clip (so it also plays back and forth).
  reference = await talkingFaceVideo(media.dir, detector, {
    durationSec: 4,
    cues: [
      { startMs: 200, endMs: 1500, text: 'Good morning, everyone, and welcome.' },
      { startMs: 1900, endMs: 3700, text: 'Today we open a wide window on the world.' },
    ],
  });
  speech = (
    await makeSpokenAudio(media.dir, { cues: PHRASES, background: 'silence', name: 'speech', durationSec: 5.6 })
  ).audioPath;
}, 180_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('precision_v1 on a video, no model installed: the exemplar engine', () => {
  let task: any;
  let output: string;

  beforeAll(async () => {
    task = await run({
      reference_file_url: pathToFileURL(reference.video).href,
      audio_url: pathToFileURL(speech).href,
      model: 'precision_v1',
      reference_file_type: 'video',
    });
    expect(task.status, JSON.stringify(task)).toBe('done');
    output = await download(task.video_url, 'exemplar.mp4');
  }, 300_000);

  it('says which engine drew the mouths, and collected them from every frame of the reference', async () => {
    const log = await taskLog(task.task_id);
    console.log(
      `[exemplar] ${log
        .split('\n')
        .filter((line) => /^(mouth bank|exemplars|rendered)/.test(line))
        .join(' | ')}`,
    );
    expect(log).toMatch(/precision_v1 without a lip-sync model installed: DubDesk exemplar mouths \(built in\)/);
    expect(log).toMatch(/face landmarks detected on 100 of 100 frames/);
    // The clip's audio runs a frame past its picture, so the plan counts 101 frames and the file delivers 100.
    expect(log).toMatch(/mouth bank: 100 of 10[01] reference frames/);
    // The reference speaks: its own sound labels its mouths, as it agrees with what the landmarks see.
    expect(log).toMatch(/shapes from the reference's own speech \(soundtrack and landmarks agree 0\.\d+\)/);
    const stages = Object.fromEntries(
      (await svc.api(`/v1/tasks/${task.task_id}`)).body.stages.map((stage: any) => [stage.name, stage]),
    );
    expect(stages['face-crops']).toMatchObject({ state: 'skipped', reason: 'used only by a lip-sync model' });
    expect(stages['mouth-bank']).toMatchObject({ state: 'done' });
    expect(stages['mouth-targets']).toMatchObject({ state: 'done' });
    expect(stages.render).toMatchObject({ state: 'done', engine: 'DubDesk exemplar mouths (built in)' });
  });

  it('makes a video as long as the new audio, at the reference size and frame rate', async () => {
    const [info, audio] = await Promise.all([probeMedia(output), probeMedia(speech)]);
    expect(info.video?.fps).toBeCloseTo(FPS, 3);
    expect([info.video?.displayWidth, info.video?.displayHeight]).toEqual([WIDTH, HEIGHT]);
    expect(Math.abs(info.durationSec - audio.durationSec)).toBeLessThan(0.1);
  });

  it('opens the mouth with the new speech and closes it in its pauses, as the face detector reads the result', async () => {
    const openings = await measuredOpenings(output);
    const samples = await decodeAudioPcm(speech, { sampleRate: 16_000 });
    const energy = openings.map((_, i) =>
      rms(samples, Math.round((i * 16_000) / FPS), Math.round(((i + 1) * 16_000) / FPS)),
    );
    const seen = openings.flatMap((opening, i) => (opening === null ? [] : [{ opening, energy: energy[i]! }]));
    expect(seen.length).toBeGreaterThan(openings.length * 0.95);
    const correlation = pearson(
      seen.map((s) => s.opening),
      seen.map((s) => s.energy),
    );
    const inPhrases = (i: number) =>
      PHRASES.some((phrase) => i / FPS >= phrase.startMs / 1000 + 0.1 && i / FPS <= phrase.endMs / 1000 - 0.1);
    const inPauses = (i: number) =>
      PHRASES.every((phrase) => i / FPS < phrase.startMs / 1000 - 0.25 || i / FPS > phrase.endMs / 1000 + 0.25);
    const mean = (keep: (i: number) => boolean) => {
      const values = openings.flatMap((opening, i) => (opening !== null && keep(i) ? [opening] : []));
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    };
    // The detector reads this smiling mouth as a little open even when closed: the reference's own range is the scale.
    const own = (await measuredOpenings(reference.video))
      .filter((opening): opening is number => opening !== null)
      .sort((a, b) => a - b);
    const ownRange = own[Math.floor(own.length * 0.9)]! - own[Math.floor(own.length * 0.1)]!;
    console.log(
      `[exemplar] mouth opening vs audio energy: r = ${correlation.toFixed(2)}; mean opening in speech ${mean(inPhrases).toFixed(3)}, in pauses ${mean(inPauses).toFixed(3)}; the reference's own range ${ownRange.toFixed(3)}`,
    );
    expect(correlation).toBeGreaterThan(0.5);
    expect(mean(inPhrases) - mean(inPauses)).toBeGreaterThan(0.3 * ownRange);
  }, 120_000);

  it('leaves the picture away from the mouth as the reference frame underneath shows it (PSNR above 38 dB)', async () => {
    const referenceFrames: Buffer[] = [];
    for await (const frame of readFrames(reference.video, { pixelFormat: 'rgb24' })) referenceFrames.push(frame.data);
    const [face] = await detector.detect({ data: referenceFrames[0]!, width: WIDTH, height: HEIGHT, channels: 3 });
    const mouthXs = face!.mouthOuter.map((p) => p.x);
    const mouthYs = face!.mouthOuter.map((p) => p.y);
    const span = Math.max(...mouthXs) - Math.min(...mouthXs);
    // Everything more than one mouth width from the mouth.
    const away = (pixel: number) => {
      const x = pixel % WIDTH;
      const y = Math.floor(pixel / WIDTH);
      return (
        x < Math.min(...mouthXs) - span ||
        x > Math.max(...mouthXs) + span ||
        y < Math.min(...mouthYs) - span ||
        y > Math.max(...mouthYs) + span
      );
    };
    const values: number[] = [];
    let index = 0;
    for await (const frame of readFrames(output, { pixelFormat: 'rgb24' })) {
      // The first forward pass: frame i shows reference frame i.
      if (index % 10 === 0 && index < referenceFrames.length) {
        const underneath = referenceFrames[index]!;
        values.push(psnr(frame.data, underneath, away));
      }
      index++;
    }
    console.log(`[exemplar] PSNR away from the mouth: min ${Math.min(...values).toFixed(1)} dB`);
    expect(Math.min(...values)).toBeGreaterThan(38);
  });

  it('saves a strip of frames (speech, pause, speech) to look at', async () => {
    await fs.mkdir('test-artifacts', { recursive: true });
    const { ffmpeg } = resolveMediaTools();
    // Frames at 0.5 s and 0.8 s (speaking), 1.75 s (pause), 2.4 s and 2.7 s (speaking), around the lower face, 3x.
    await runProcess(
      ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        output,
        '-vf',
        "select='eq(n\\,12)+eq(n\\,20)+eq(n\\,44)+eq(n\\,60)+eq(n\\,67)',crop=160:110:240:160,scale=480:330,tile=5x1",
        '-frames:v',
        '1',
        'test-artifacts/precision-exemplar-strip.png',
      ],
      { toolName: 'ffmpeg' },
    );
    expect((await fs.stat('test-artifacts/precision-exemplar-strip.png')).size).toBeGreaterThan(10_000);
  });
});

describe('a reusable model made from an exemplar task', () => {
  it('stores the mouth bank, needs no model, and gives the same video for the same audio without finding the face again', async () => {
    const original = await run({
      reference_file_url: pathToFileURL(reference.video).href,
      audio_url: pathToFileURL(speech).href,
      model: 'precision_v1',
      reference_file_type: 'video',
    });
    expect(original.status, JSON.stringify(original)).toBe('done');
    const originalVideo = await download(original.video_url, 'original.mp4');
    const made = await svc.api('/v1/reusable_lipsync_models', { body: { task_id: original.task_id } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    // The model keeps its own copy: the task and its work folder can go.
    expect((await svc.api(`/v1/tasks/${original.task_id}`, { method: 'DELETE' })).status).toBeLessThan(300);
    const created = await svc.api('/v1/reusable_lipsync_model_video_generation', {
      body: { model_id: made.body.model_id, audio_url: pathToFileURL(speech).href },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const reused = await svc.waitForTask(created.body.task_id, undefined, 240_000);
    expect(reused.status, JSON.stringify(reused)).toBe('done');
    // The same mouths drawn: the reused job reports the share of its own, as the task it was made from did.
    expect(reused.quality.bank_coverage).toBeCloseTo(original.quality.bank_coverage, 5);
    expect(reused.quality.bank_coverage).toBeGreaterThan(0);

    const decodeAll = async (file: string) => {
      const frames: Buffer[] = [];
      for await (const frame of readFrames(file, { pixelFormat: 'rgb24' })) frames.push(frame.data);
      return frames;
    };
    const [a, b] = await Promise.all([
      decodeAll(originalVideo),
      decodeAll(await download(reused.video_url, 'reused.mp4')),
    ]);
    expect(b.length).toBe(a.length);
    let maxDiff = 0;
    for (let i = 0; i < a.length; i++)
      for (let k = 0; k < a[i]!.length; k++) maxDiff = Math.max(maxDiff, Math.abs(a[i]![k]! - b[i]![k]!));
    // Same mouths, same picks, same encoder settings.
    expect(maxDiff).toBeLessThanOrEqual(2);
    const log = await taskLog(reused.task_id);
    expect(log).not.toMatch(/face landmarks detected/);
    expect(log).toMatch(/different mouths of 100/);

    // Its plan names the engine the model was made for, as the render ran it: the exemplar engine, no restoration.
    const { plan, stages } = (await svc.api(`/v1/tasks/${reused.task_id}`)).body;
    expect(plan.steps).toEqual([
      expect.objectContaining({ step: 'render', engine: expect.objectContaining({ id: 'exemplar' }) }),
    ]);
    expect(stages.find((stage: any) => stage.name === 'render').engine).toBe(plan.steps[0].engine.title);

    // A model whose data was damaged cannot be planned: the create call says so; it does not ask for a lip-sync model
    // that would not help.
    await fs.writeFile(path.join(svc.dataDir, 'reusable_models', made.body.model_id, 'manifest.json'), '{ not json');
    const broken = await svc.api('/v1/reusable_lipsync_model_video_generation', {
      body: { model_id: made.body.model_id, audio_url: pathToFileURL(speech).href },
    });
    expect(broken.status, JSON.stringify(broken.body)).toBe(404);
    expect(broken.body).toMatchObject({ code: 'not_found', message: expect.stringMatching(/missing or damaged/) });
  }, 600_000);
});

describe('precision_v1 on a picture, no model installed: the mouth warp with a finer encode', () => {
  it('lip-syncs the photo and says which engine ran', async () => {
    const task = await run({
      reference_file_url: pathToFileURL(await facePhoto()).href,
      audio_url: pathToFileURL(speech).href,
      model: 'precision_v1',
      reference_file_type: 'image',
    });
    expect(task.status, JSON.stringify(task)).toBe('done');
    const log = await taskLog(task.task_id);
    expect(log).toMatch(
      /precision_v1 without a lip-sync model installed: DubDesk mouth warp \(built in\) with a slower, finer encode/,
    );
    const stages = Object.fromEntries(
      (await svc.api(`/v1/tasks/${task.task_id}`)).body.stages.map((stage: any) => [stage.name, stage]),
    );
    expect(stages['mouth-bank']).toMatchObject({ state: 'skipped' });
    expect(stages['face-crops']).toMatchObject({ state: 'skipped' });
    expect(stages.render).toMatchObject({ state: 'done', engine: 'DubDesk mouth warp (built in)' });
  }, 300_000);
});
