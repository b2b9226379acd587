// precision_v1 with no model installed on a reference where the person does not speak (a few seconds of them
// listening: blinks and a slow head sway, the mouth closed). The exemplar engine's bank then holds only closed
// mouths; the shapes the audio asks for beyond them come from the mouth warp, fitted to the mouth in place. What is
// checked is what a viewer sees, read by the face detector on the result: a mouth that opens with the speech, at least
// as well as standard_v1 makes it on the same inputs; and the render stage's share of frames drawn with the person's
// own mouths (bankCoverage), below 1 here and 1 on a reference that speaks.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobWorkDir } from '../../src/main/config.js';
import type { FaceDetector } from '../../src/main/engines/face/types.js';
import { makeMediaDir } from '../fixtures/media.js';
import { openingLoudnessCorrelation } from '../fixtures/mouth-metrics.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { silentFaceVideo } from '../fixtures/silent-face.js';
import { makeSpokenAudio } from '../fixtures/speech.js';
import { talkingFaceVideo } from '../fixtures/talking-face.js';

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
let silent: string;

interface Rendered {
  task: any;
  video: string;
  log: string;
  /** The render stage's saved output, as the lip-sync quality stage reads it. */
  render: { engine?: string; bankCoverage?: number };
}

async function lipsync(reference: string, model: 'standard_v1' | 'precision_v1', name: string): Promise<Rendered> {
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
  const video = path.join(media.dir, `${name}.mp4`);
  await fs.writeFile(video, Buffer.from(await (await fetch(task.video_url)).arrayBuffer()));
  const log = (await svc.api(`/v1/tasks/${task.task_id}/log`)).body.lines
    .map((line: { message: string }) => line.message)
    .join('\n');
  const stages = path.join(jobWorkDir(svc.service.core.paths, task.task_id), 'stages');
  const renderFile = (await fs.readdir(stages)).find((file) => file.endsWith('-render.json'))!;
  return { task, video, log, render: JSON.parse(await fs.readFile(path.join(stages, renderFile), 'utf8')) };
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-silent-reference-');
  svc = await startTestService();
  detector = await svc.service.core.engines.faceDetector();
  // Shorter than the speech, so it also plays back and forth.
  silent = await silentFaceVideo(media.dir, detector, { durationSec: 4 });
  speech = (
    await makeSpokenAudio(media.dir, { cues: PHRASES, background: 'silence', name: 'speech', durationSec: 5.6 })
  ).audioPath;
}, 180_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('precision_v1 on a silent reference video, no model installed', () => {
  let precision: Rendered;
  let standard: Rendered;

  beforeAll(async () => {
    precision = await lipsync(silent, 'precision_v1', 'precision-silent');
    standard = await lipsync(silent, 'standard_v1', 'standard-silent');
  }, 600_000);

  it('moves the mouth with the speech (opening vs loudness r >= 0.6, read by the face detector), never below standard_v1', async () => {
    const [ours, warp] = await Promise.all([
      openingLoudnessCorrelation(detector, precision.video, speech, FPS, WIDTH, HEIGHT),
      openingLoudnessCorrelation(detector, standard.video, speech, FPS, WIDTH, HEIGHT),
    ]);
    console.log(
      `[silent reference] opening vs loudness: precision_v1 r = ${ours.correlation.toFixed(3)} (${ours.measured}/${ours.frames} frames with a face), standard_v1 r = ${warp.correlation.toFixed(3)}`,
    );
    expect(ours.measured).toBeGreaterThan(ours.frames * 0.95);
    expect(ours.correlation).toBeGreaterThanOrEqual(0.6);
    // Both are deterministic for these inputs: no noise margin.
    expect(ours.correlation).toBeGreaterThanOrEqual(warp.correlation);
  }, 180_000);

  it('draws the missing shapes with the warp and says how much came from each source', () => {
    expect(precision.render.engine).toBe('DubDesk exemplar mouths (built in)');
    expect(typeof precision.render.bankCoverage).toBe('number');
    expect(precision.render.bankCoverage).toBeGreaterThanOrEqual(0);
    expect(precision.render.bankCoverage).toBeLessThan(1);
    const share = precision.log.match(/mouths: (\d+) % from the reference's own, (\d+) % synthesised/);
    expect(share, precision.log).not.toBeNull();
    expect(Number(share![1]) + Number(share![2])).toBe(100);
    expect(Number(share![1])).toBe(Math.round(precision.render.bankCoverage! * 100));
    // The reference's room tone does not agree with its still lips: the mouths are labelled by their landmarks.
    expect(precision.log).toMatch(/mouth bank: \d+ of \d+ reference frames.*shapes from the landmarks/);
  });
});

describe('precision_v1 on a reference that speaks', () => {
  it("draws every frame with the person's own mouths (bankCoverage 1)", async () => {
    const talking = await talkingFaceVideo(media.dir, detector, {
      durationSec: 4,
      cues: [
        { startMs: 200, endMs: 1500, text: 'Good morning, everyone, and welcome.' },
        { startMs: 1900, endMs: 3700, text: 'Today we open a wide window on the world.' },
      ],
    });
    const rendered = await lipsync(talking.video, 'precision_v1', 'precision-talking');
    console.log(`[talking reference] bankCoverage ${rendered.render.bankCoverage}`);
    expect(rendered.render.bankCoverage).toBeGreaterThanOrEqual(0.98);
    expect(rendered.log).toMatch(/mouths: (99|100) % from the reference's own, [01] % synthesised/);
  }, 400_000);
});
