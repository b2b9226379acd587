// Reusable lip-sync models: made from a finished precision_v1 task, they lip-sync new audio onto the same reference
// without finding the face again. Same audio -> same video as the original task; the time saved is printed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrames } from '../../src/main/media/frames.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { faceVideo } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';
import { wav2lipInvertingStandin, writeStandin } from '../fixtures/onnx-standins.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let speech: string;
let longerSpeech: string;
let reference: string;

async function create(route: string, body: Record<string, unknown>): Promise<{ task: any; seconds: number }> {
  const started = Date.now();
  const created = await svc.api(route, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const task = await svc.waitForTask(created.body.task_id, undefined, 240_000);
  return { task, seconds: (Date.now() - started) / 1000 };
}

async function download(url: string, name: string): Promise<string> {
  const file = path.join(media.dir, name);
  await fs.writeFile(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  return file;
}

async function decodeAll(file: string): Promise<Buffer[]> {
  const frames: Buffer[] = [];
  for await (const frame of readFrames(file, { pixelFormat: 'rgb24' })) frames.push(frame.data);
  return frames;
}

async function taskLog(taskId: string): Promise<string> {
  return (await svc.api(`/v1/tasks/${taskId}/log`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-reusable-');
  const cues = [
    { startMs: 200, endMs: 1200, text: 'Hello there.' },
    { startMs: 1700, endMs: 2700, text: 'Good morning to you.' },
  ];
  speech = (await makeSpokenAudio(media.dir, { cues, background: 'silence', name: 'speech', durationSec: 3 }))
    .audioPath;
  longerSpeech = (
    await makeSpokenAudio(media.dir, {
      cues: [...cues, { startMs: 3200, endMs: 4200, text: 'See you soon.' }],
      background: 'silence',
      name: 'longer',
      durationSec: 4.4,
    })
  ).audioPath;
  reference = await faceVideo(media.dir, { durationSec: 4, fps: 25, width: 640, height: 360, name: 'face-4s.mp4' });
  svc = await startTestService();
  await svc.service.core.models.importFrom(
    'wav2lip-gan-96',
    writeStandin(media.dir, 'standin.onnx', wav2lipInvertingStandin()),
  );
}, 120_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('reusable lip-sync model', () => {
  it('gives the same video as the precision_v1 task for the same audio, without face detection, even after the task is deleted', async () => {
    const original = await create('/v1/video_generation', {
      reference_file_url: pathToFileURL(reference).href,
      audio_url: pathToFileURL(speech).href,
      model: 'precision_v1',
      reference_file_type: 'video',
    });
    expect(original.task.status, JSON.stringify(original.task)).toBe('done');
    const originalVideo = await download(original.task.video_url, 'original.mp4');

    const made = await svc.api('/v1/reusable_lipsync_models', { body: { task_id: original.task.task_id } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const modelId = made.body.model_id as string;
    expect((await svc.api(`/v1/reusable_lipsync_models/${modelId}`)).body).toMatchObject({
      model_id: modelId,
      task_id: original.task.task_id,
    });
    // The model keeps its own copy of everything: the task and its work folder can go.
    expect((await svc.api(`/v1/tasks/${original.task.task_id}`, { method: 'DELETE' })).status).toBeLessThan(300);

    const reused = await create('/v1/reusable_lipsync_model_video_generation', {
      model_id: modelId,
      audio_url: pathToFileURL(speech).href,
    });
    expect(reused.task.status, JSON.stringify(reused.task)).toBe('done');
    expect(reused.task.video_url).toEqual(expect.any(String));
    // Its quality report is measured on its own result: the face is there; a generator draws no bank mouths.
    expect(reused.task.quality).toMatchObject({ face_coverage: expect.any(Number), bank_coverage: null });
    expect(reused.task.quality.face_coverage).toBeGreaterThan(0.9);
    const reusedVideo = await download(reused.task.video_url, 'reused.mp4');

    const [a, b] = await Promise.all([decodeAll(originalVideo), decodeAll(reusedVideo)]);
    expect(b.length).toBe(a.length);
    expect(a.length).toBe(75);
    let maxDiff = 0;
    for (let i = 0; i < a.length; i++) {
      for (let k = 0; k < a[i]!.length; k++) maxDiff = Math.max(maxDiff, Math.abs(a[i]![k]! - b[i]![k]!));
    }
    // Same crops, same mel, same model, same encoder settings: identical, or at most codec noise.
    expect(maxDiff).toBeLessThanOrEqual(2);

    // Its plan, stored at create, names the lip-sync model the crops were made for, as the render ran it; with no
    // face restoration model installed the restoration is skipped, and the log says the render followed that.
    const { plan, stages } = (await svc.api(`/v1/tasks/${reused.task.task_id}`)).body;
    const stored = JSON.parse(
      await fs.readFile(path.join(svc.dataDir, 'jobs', reused.task.task_id, 'inputs', 'plan.json'), 'utf8'),
    );
    expect(stored).toEqual(plan);
    const [render, restore] = plan.steps;
    expect(render).toMatchObject({
      step: 'render',
      engine: { id: 'wav2lip', title: 'Wav2Lip GAN 96 (ONNX)', models: ['wav2lip-gan-96'] },
    });
    expect(restore).toMatchObject({
      step: 'restore-face',
      skipped: expect.stringMatching(/no face restoration model/),
    });
    expect(stages.find((stage: any) => stage.name === 'render').engine).toBe(render.engine.title);
    const log = await taskLog(reused.task.task_id);
    expect(log).toContain('face restoration not planned (no face restoration model installed');
    expect(log).not.toMatch(/face landmarks detected/);
    expect(log).toMatch(/face stored on \d+ of 100 frames/);
    console.log(
      `[reusable] precision_v1 task ${original.seconds.toFixed(1)} s, reusable-model task ${reused.seconds.toFixed(1)} s: ${(original.seconds - reused.seconds).toFixed(1)} s saved (${Math.round((1 - reused.seconds / original.seconds) * 100)}%)`,
    );
    console.log(`[reusable] ${log.split('\n').find((line) => line.startsWith('rendered'))}`);

    // New, longer audio: the output follows its length at the reference's rate.
    const longer = await create('/v1/reusable_lipsync_model_video_generation', {
      model_id: modelId,
      audio_url: pathToFileURL(longerSpeech).href,
    });
    expect(longer.task.status, JSON.stringify(longer.task)).toBe('done');
    const info = await probeMedia(await download(longer.task.video_url, 'longer.mp4'));
    expect(info.video?.fps).toBeCloseTo(25, 2);
    expect([info.video?.displayWidth, info.video?.displayHeight]).toEqual([640, 360]);
    expect(Math.abs(info.durationSec - 4.4)).toBeLessThan(0.1);
  }, 600_000);
});
