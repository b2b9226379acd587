// Lip-sync on a reference with several real people, the followed one hidden for 2 s behind a patch (a real job over
// HTTP on loopback): the followed person is lip-synced before and after; while hidden, nobody else is animated (the
// frames pass through), the quality report says no_face over those 2 s, and the other people are never touched.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFrames, type Frame } from '../../src/main/media/frames.js';
import {
  openingLoudnessCorrelation,
  readMouthSamples,
  type MouthSample,
} from '../../src/main/quality/lipsync/mouth-samples.js';
import { CROWD_SIZE, crowdVideo, type CrowdClip } from '../fixtures/crowd-faces.js';
import { psnr } from '../fixtures/image-metrics.js';
import { makeMediaDir } from '../fixtures/media.js';
import { startTestService, type TestService } from '../fixtures/service.js';
import { makeSpokenAudio } from '../fixtures/speech.js';

const SECONDS = 8;
const HIDDEN = { from: 3, to: 5 };
// Speech with pauses on both sides of the hidden span, so the mouth must open and close before and after it.
const PHRASES = [
  { startMs: 300, endMs: 1300, text: 'Hello, my friends.' },
  { startMs: 1900, endMs: 2800, text: 'How are you today?' },
  { startMs: 3500, endMs: 4500, text: 'Let us begin.' },
  { startMs: 5400, endMs: 6400, text: 'See you soon.' },
  { startMs: 6900, endMs: 7800, text: 'Goodbye now.' },
];
const { width: WIDTH, height: HEIGHT } = CROWD_SIZE;

let svc: TestService;
let media: { dir: string; cleanup: () => Promise<void> };
let clip: CrowdClip;
let task: any;
let result: string;

/** Both videos' frames side by side, in order, until the shorter one ends. */
async function* framePairs(a: string, b: string): AsyncGenerator<[Frame, Frame]> {
  const left = readFrames(a, { pixelFormat: 'rgb24' });
  const right = readFrames(b, { pixelFormat: 'rgb24' });
  try {
    for (;;) {
      const [x, y] = await Promise.all([left.next(), right.next()]);
      if (x.done || y.done) return;
      yield [x.value, y.value];
    }
  } finally {
    await Promise.all([left.return(undefined), right.return(undefined)]);
  }
}

/** Pixel test for a box grown by `margin` of its size on every side. */
function inside(box: { x: number; y: number; width: number; height: number }, margin = 0): (pixel: number) => boolean {
  const x0 = box.x - box.width * margin;
  const x1 = box.x + box.width * (1 + margin);
  const y0 = box.y - box.height * margin;
  const y1 = box.y + box.height * (1 + margin);
  return (pixel) => {
    const x = pixel % WIDTH;
    const y = Math.floor(pixel / WIDTH);
    return x >= x0 && x < x1 && y >= y0 && y < y1;
  };
}

/** Whether the input frame shows the grey patch (its centre pixel is the drawbox's grey). */
function showsPatch(frame: Frame): boolean {
  const centre = ((clip.patch.y + (clip.patch.height >> 1)) * WIDTH + clip.patch.x + (clip.patch.width >> 1)) * 3;
  return [0, 1, 2].every((channel) => Math.abs(frame.data[centre + channel]! - 128) <= 4);
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-lipsync-crowd-');
  svc = await startTestService();
  clip = await crowdVideo(media.dir, await svc.service.core.engines.faceDetector(), {
    durationSec: SECONDS,
    hidden: HIDDEN,
  });
  const speech = (
    await makeSpokenAudio(media.dir, { cues: PHRASES, background: 'silence', name: 'speech', durationSec: SECONDS })
  ).audioPath;
  const created = await svc.api('/v1/video_generation', {
    body: {
      reference_file_url: pathToFileURL(clip.video).href,
      audio_url: pathToFileURL(speech).href,
      model: 'standard_v1',
      reference_file_type: 'video',
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  task = await svc.waitForTask(created.body.task_id, undefined, 300_000);
  expect(task.status, JSON.stringify(task)).toBe('done');
  result = path.join(media.dir, 'result.mp4');
  await fs.writeFile(result, Buffer.from(await (await fetch(task.video_url)).arrayBuffer()));
}, 420_000);

afterAll(async () => {
  await svc?.stop();
  await media?.cleanup();
});

describe('lip-sync of one person in a crowd, hidden for 2 s', () => {
  it('never touches the other people, and passes the frames through while the followed person is hidden', async () => {
    expect(clip.others.length).toBeGreaterThanOrEqual(2);
    let frames = 0;
    let hiddenFrames = 0;
    // Per other face: its lowest and highest PSNR over the frames.
    const others = clip.others.map(() => ({ worst: Infinity, best: 0 }));
    let hiddenWorst = Infinity;
    for await (const [input, output] of framePairs(clip.video, result)) {
      frames++;
      clip.others.forEach((other, index) => {
        const value = psnr(input.data, output.data, inside(other.box, 0.1));
        others[index]!.worst = Math.min(others[index]!.worst, value);
        others[index]!.best = Math.max(others[index]!.best, value);
      });
      if (showsPatch(input)) {
        hiddenFrames++;
        hiddenWorst = Math.min(hiddenWorst, psnr(input.data, output.data));
      }
    }
    console.log(
      `${frames} frames; other faces: PSNR ${others.map(({ worst, best }) => `${worst.toFixed(1)}-${best.toFixed(1)}`).join(', ')} dB; ${hiddenFrames} hidden frames: worst whole-frame PSNR ${hiddenWorst.toFixed(1)} dB`,
    );
    expect(frames).toBe(SECONDS * 25);
    expect(hiddenFrames).toBeGreaterThanOrEqual(49);
    for (const { worst, best } of others) {
      expect(worst).toBeGreaterThanOrEqual(40);
      // The encode's loss is the same on every frame of a still picture; a mouth drawn on one of them would dip below it.
      expect(best - worst).toBeLessThan(1);
    }
    expect(hiddenWorst).toBeGreaterThanOrEqual(40);
  }, 180_000);

  it('lip-syncs the followed person before the patch and again after it', async () => {
    const box = clip.followed.box;
    const region = { x: box.x - box.width, y: box.y - box.height, width: box.width * 3, height: box.height * 3 };
    const { samples } = await readMouthSamples(await svc.service.core.engines.faceDetector(), result, result, {
      regionAt: () => region,
    });
    const span = (keep: (sample: MouthSample) => boolean) => samples.filter(keep);
    const before = span((sample) => sample.timeSec < HIDDEN.from);
    const after = span((sample) => sample.timeSec > HIDDEN.to + 0.1);
    const found = (list: MouthSample[]) => list.filter((sample) => sample.opening !== null).length;
    const [early, late] = [openingLoudnessCorrelation(before), openingLoudnessCorrelation(after)];
    console.log(
      `followed face: before ${found(before)}/${before.length} frames with a face, correlation ${early.toFixed(3)}; after ${found(after)}/${after.length}, correlation ${late.toFixed(3)}`,
    );
    expect(found(before)).toBe(before.length);
    expect(found(after)).toBe(after.length);
    expect(early).toBeGreaterThanOrEqual(0.5);
    expect(late).toBeGreaterThanOrEqual(0.5);
  }, 180_000);

  it('reports one no_face place over the 2 s the person is hidden, and a face coverage to match', () => {
    console.log(`quality: ${JSON.stringify(task.quality)}`);
    const noFace = task.quality.review.filter((item: any) => item.reasons.includes('no_face'));
    expect(noFace).toHaveLength(1);
    expect(Math.abs(noFace[0].start - HIDDEN.from)).toBeLessThan(0.25);
    expect(Math.abs(noFace[0].end - HIDDEN.to)).toBeLessThan(0.25);
    expect(task.quality.face_coverage).toBeGreaterThan(0.65);
    expect(task.quality.face_coverage).toBeLessThan(0.85);
    expect(task.quality.sync_score).toBeGreaterThanOrEqual(0.5);
  });
});
