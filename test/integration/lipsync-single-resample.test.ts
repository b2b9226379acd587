// A photo's swaying head with a reshaped mouth: the mouth is drawn into the swayed frame from the unmoved picture,
// so it is resampled once. Same place as warping then swaying, more of the lips' detail. On a real photo.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceDetector } from '../../src/main/engines/face/human-detector.js';
import type { FaceDetector, FaceLandmarks } from '../../src/main/engines/face/types.js';
import { decodeStillImage } from '../../src/main/media/still-image.js';
import {
  applyIdleMotion,
  planIdleMotion,
  swayPoint,
  swaySource,
  type IdlePose,
} from '../../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { applyMouthShape } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { laplacianVariance, psnr } from '../fixtures/image-metrics.js';
import { facePhoto } from '../fixtures/faces.js';

let detector: FaceDetector;

beforeAll(async () => {
  detector = await createFaceDetector();
}, 60_000);

afterAll(async () => {
  await detector?.dispose();
});

function grey(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length / 3);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.round(0.299 * data[i * 3]! + 0.587 * data[i * 3 + 1]! + 0.114 * data[i * 3 + 2]!);
  return out;
}

describe('the mouth under a swaying head', () => {
  it("lands where warping then swaying puts it, keeping more of the lips' detail", async () => {
    const image = await decodeStillImage(await facePhoto());
    const [face] = (await detector.detect({ ...image, channels: 3 })) as [FaceLandmarks];
    const xs = face.mouthOuter.map((p) => p.x);
    const ys = face.mouthOuter.map((p) => p.y);
    const w = Math.max(...xs) - Math.min(...xs);
    const box = {
      x: Math.round(Math.min(...xs) - 0.2 * w),
      y: Math.round(Math.min(...ys) - 0.2 * w),
      width: Math.round(1.4 * w),
      height: Math.round(Math.max(...ys) - Math.min(...ys) + 0.5 * w),
    };
    const inBox = (pixel: number) => {
      const x = pixel % image.width;
      const y = Math.floor(pixel / image.width);
      return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
    };
    const plan = planIdleMotion(250, 25);
    const original = laplacianVariance(grey(image.data), image.width, box);
    const kept = { twice: 0, once: 0 };
    for (const index of [60, 135, 210]) {
      const pose: IdlePose = { ...plan.poseAt(index), blink: 0 };
      for (const opening of [0, 0.7]) {
        const shape = { opening, width: 0, rounding: 0 };
        const twice = { data: Buffer.from(image.data), width: image.width, height: image.height };
        applyMouthShape(twice, { outer: face.mouthOuter, inner: face.mouthInner }, shape);
        applyIdleMotion(twice, face, pose);
        const once = { data: Buffer.from(image.data), width: image.width, height: image.height };
        applyIdleMotion(once, face, pose);
        const moved = {
          outer: face.mouthOuter.map((p) => swayPoint(p, face.box, pose)),
          inner: face.mouthInner.map((p) => swayPoint(p, face.box, pose)),
        };
        applyMouthShape(once, moved, shape, {
          source: { image, toSource: swaySource(face.box, image.width, image.height, pose) },
        });
        // The same mouth in the same place: only the resampling differs.
        expect(psnr(once.data, twice.data, inBox)).toBeGreaterThan(38);
        if (opening === 0) {
          kept.twice += laplacianVariance(grey(twice.data), image.width, box) / original / 3;
          kept.once += laplacianVariance(grey(once.data), image.width, box) / original / 3;
        }
      }
    }
    console.log(
      `[single resample] closed mouth box, Laplacian variance over the photo's: warped then swayed ${kept.twice.toFixed(3)}, drawn once ${kept.once.toFixed(3)}`,
    );
    expect(kept.once).toBeGreaterThan(kept.twice + 0.03);
  }, 60_000);
});
