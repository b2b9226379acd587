// The built-in face engine's finder-free path on a real photo: the landmark model alone, on the square the face finder
// framed the face in, reads the face as the whole detector does; moved a little (a photo's head sway) it still reads
// the mouth about as steadily as the detector; on a covered face its own confidence says there is none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceDetector } from '../../src/main/engines/face/human-detector.js';
import type { Box, FaceDetector, FaceLandmarks, Point, RgbFrame } from '../../src/main/engines/face/types.js';
import { clampBox, cropRgb, type PixelBox } from '../../src/main/media/image/rgb-image.js';
import { mouthOpening } from '../../src/main/quality/lipsync/mouth-samples.js';
import { facePhotoInfo, faceWindow, readImageFrame } from '../fixtures/faces.js';

let detector: FaceDetector;
let picture: RgbFrame;
let detected: FaceLandmarks;
let square: Box;
let photoFrame: RgbFrame;
let window: PixelBox;

const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
/** Standard deviation. */
const spread = (values: readonly number[]) => Math.sqrt(mean(values.map((value) => (value - mean(values)) ** 2)));

/** The largest distance between two point lists' matching points, px. */
function farthest(a: readonly Point[], b: readonly Point[]): number {
  return Math.max(...a.map((point, i) => Math.hypot(point.x - b[i]!.x, point.y - b[i]!.y)));
}

beforeAll(async () => {
  detector = await createFaceDetector();
  // A close-up of the photo's middle face (half the picture's height), as the lip-sync quality tests show it.
  const photo = await facePhotoInfo();
  photoFrame = await readImageFrame(photo.path);
  window = clampBox(faceWindow(photo, 640, 360, 0.5), photoFrame.width, photoFrame.height);
  picture = { ...cropRgb(photoFrame, window), channels: 3 };
  [detected] = await detector.detect(picture);
  [square] = await detector.findFaces!(picture);
}, 60_000);

afterAll(async () => {
  await detector?.dispose();
});

describe('landmarks read without the face finder', () => {
  it('the finder gives a square around the face, and the landmark model alone on it reads what the whole detector reads', async () => {
    const centre = { x: detected.box.x + detected.box.width / 2, y: detected.box.y + detected.box.height / 2 };
    expect(centre.x).toBeGreaterThan(square.x);
    expect(centre.x).toBeLessThan(square.x + square.width);
    expect(centre.y).toBeGreaterThan(square.y);
    expect(centre.y).toBeLessThan(square.y + square.height);
    const fitted = await detector.fitLandmarks!(picture, square);
    expect(fitted).not.toBeNull();
    // Human rounds its points down to whole pixels; the fit keeps the fraction.
    expect(farthest(fitted!.mouthInner, detected.mouthInner)).toBeLessThan(1.5);
    expect(farthest(fitted!.mouthOuter, detected.mouthOuter)).toBeLessThan(1.5);
  });

  it('reads a face moved by 1 % of the square (a photo head sways) about as steadily as the whole detector does', async () => {
    const step = Math.round(square.width * 0.01);
    const fitted: number[] = [];
    const found: number[] = [];
    for (const dx of [-step, 0, step]) {
      for (const dy of [-step, 0, step]) {
        // The square moved over the still picture, and the picture moved under the finder: the same shifts.
        const face = await detector.fitLandmarks!(picture, { ...square, x: square.x + dx, y: square.y + dy });
        expect(face).not.toBeNull();
        fitted.push(mouthOpening(face!));
        const [again] = await detector.detect({
          ...cropRgb(photoFrame, { ...window, x: window.x + dx, y: window.y + dy }),
          channels: 3,
        });
        found.push(mouthOpening(again!));
      }
    }
    console.log(
      `openings, square moved by up to ${step} px: ${fitted.map((v) => v.toFixed(3)).join(' ')}; the whole detector, picture moved: ${found.map((v) => v.toFixed(3)).join(' ')}`,
    );
    // Both read this smile's inner lips within about 0.02 of their mean.
    expect(spread(fitted)).toBeLessThan(spread(found) * 1.25);
    expect(Math.abs(mean(fitted) - mean(found))).toBeLessThan(0.05);
  });

  it('says there is no face where the face is covered', async () => {
    const covered = { ...picture, data: Uint8Array.from(picture.data) };
    const hidden = clampBox(
      {
        x: detected.box.x - detected.box.width * 0.4,
        y: detected.box.y - detected.box.height * 0.3,
        width: detected.box.width * 1.8,
        height: detected.box.height * 1.6,
      },
      covered.width,
      covered.height,
    );
    for (let y = hidden.y; y < hidden.y + hidden.height; y++)
      covered.data.fill(128, (y * covered.width + hidden.x) * 3, (y * covered.width + hidden.x + hidden.width) * 3);
    expect(await detector.fitLandmarks!(covered, square)).toBeNull();
  });
});
