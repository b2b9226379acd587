// The person's own mouth: a reference that shows its teeth keeps them for the open shapes (upper teeth with the
// upper lip, lower with the jaw, dark between), and one that shows none keeps the painted synthesis. On real photos.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceDetector } from '../../src/main/engines/face/human-detector.js';
import type { FaceDetector, FaceLandmarks } from '../../src/main/engines/face/types.js';
import { decodeStillImage } from '../../src/main/media/still-image.js';
import { chainAt, describeMouth, mouthBox, toImage } from '../../src/main/engines/lipsync/mouth-shape.js';
import { measureMouthColours, reshapeMouth } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { showsOwnInterior } from '../../src/main/engines/lipsync/mouth-warp/own-interior.js';
import { demoPhoto, facePhoto } from '../fixtures/faces.js';

let detector: FaceDetector;

beforeAll(async () => {
  detector = await createFaceDetector({ maxFaces: 10 });
}, 60_000);

afterAll(async () => {
  await detector?.dispose();
});

/** The face whose mouth centre is nearest (x, y). */
async function faceNear(file: string, x: number, y: number) {
  const image = await decodeStillImage(file);
  const faces = await detector.detect({ ...image, channels: 3 });
  const distance = (face: FaceLandmarks) => {
    const { centre } = describeMouth({ outer: face.mouthOuter, inner: face.mouthInner }).frame;
    return Math.hypot(centre.x - x, centre.y - y);
  };
  const face = faces.sort((a, b) => distance(a) - distance(b))[0]!;
  return {
    image: { data: image.data, width: image.width, height: image.height },
    mouth: { outer: face.mouthOuter, inner: face.mouthInner },
  };
}

function luma(data: Uint8Array, i: number): number {
  return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
}

describe("the person's own mouth", () => {
  it('reuses a toothy smile: the teeth stay under the upper lip and on the jaw, the mouth opens dark between them', async () => {
    const { image, mouth } = await faceNear(await demoPhoto('sample6.jpg'), 765, 553);
    const source = describeMouth(mouth);
    const box = mouthBox(source, image.width, image.height);
    expect(showsOwnInterior(measureMouthColours(image, box, mouth), source)).toBe(true);
    const { patch, target } = reshapeMouth(image, mouth, { opening: 1, width: 0, rounding: 0 });
    const at = (v: number) => {
      const p = toImage(target.frame, (target.innerMinU + target.innerMaxU) / 2, v);
      return ((Math.round(p.y) - box.y) * box.width + Math.round(p.x) - box.x) * 3;
    };
    const centreU = (target.innerMinU + target.innerMaxU) / 2;
    const up = chainAt(target.innerUpper, centreU);
    const lo = chainAt(target.innerLower, centreU);
    const sourceUp = chainAt(source.innerUpper, (source.innerMinU + source.innerMaxU) / 2);
    const sourceTooth = toImage(source.frame, (source.innerMinU + source.innerMaxU) / 2, sourceUp + 2);
    const toothLuma = luma(image.data, (Math.round(sourceTooth.y) * image.width + Math.round(sourceTooth.x)) * 3);
    // Just under the upper lip: the same bright tooth as in the photo; in the middle of the opening: dark.
    expect(toothLuma).toBeGreaterThan(170);
    expect(Math.abs(luma(patch.data, at(up + 2)) - toothLuma)).toBeLessThan(30);
    expect(luma(patch.data, at((up + lo) / 2))).toBeLessThan(70);
    expect(lo - up).toBeGreaterThan(2.5 * source.opening);
  }, 60_000);

  it('keeps the painted mouth for closed lips, even dark ones with a shadowed line between them', async () => {
    const info = { file: await facePhoto(), x: 950, y: 601 };
    const { image, mouth } = await faceNear(info.file, info.x, info.y);
    const source = describeMouth(mouth);
    expect(
      showsOwnInterior(measureMouthColours(image, mouthBox(source, image.width, image.height), mouth), source),
    ).toBe(false);
  }, 60_000);
});
