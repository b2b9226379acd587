import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceDetector } from '../../src/main/engines/face/human-detector.js';
import type { FaceDetector, FaceLandmarks, Point } from '../../src/main/engines/face/types.js';
import { facePhotoInfo, noFaceImage, readImageFrame, type FacePhoto } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';

const centroid = (points: Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/** Even-odd ray test: is the point inside the closed polygon? */
function inside(point: Point, polygon: Point[]): boolean {
  let result = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const a = polygon[i];
    const b = polygon[j];
    if (a.y > point.y !== b.y > point.y && point.x < ((b.x - a.x) * (point.y - a.y)) / (b.y - a.y) + a.x)
      result = !result;
  }
  return result;
}

describe('built-in face detector on a real photo', () => {
  let detector: FaceDetector;
  let photo: FacePhoto;
  let faces: FaceLandmarks[];
  let media: { dir: string; cleanup: () => Promise<void> };

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-face-');
    photo = await facePhotoInfo();
    detector = await createFaceDetector();
    faces = await detector.detect(await readImageFrame(photo.path));
  });

  afterAll(async () => {
    await detector?.dispose();
    await media?.cleanup();
  });

  it('finds every face, largest first, and the largest is the photo subject', () => {
    expect(faces.length).toBeGreaterThanOrEqual(3);
    const areas = faces.map((f) => f.box.width * f.box.height);
    expect(areas).toEqual([...areas].sort((a, b) => b - a));
    const { box } = faces[0];
    expect(photo.subject.x).toBeGreaterThan(box.x);
    expect(photo.subject.x).toBeLessThan(box.x + box.width);
    expect(photo.subject.y).toBeGreaterThan(box.y);
    expect(photo.subject.y).toBeLessThan(box.y + box.height);
    expect(box.height).toBeGreaterThan(photo.faceHeight * 0.7);
    expect(box.height).toBeLessThan(photo.faceHeight * 1.4);
    expect(faces[0].score).toBeGreaterThan(0.5);
  });

  it('puts the mouth in the lower part of the face box, below the eyes and nose', () => {
    const face = faces[0];
    const mouth = centroid(face.mouthOuter);
    const { box } = face;
    expect(mouth.y).toBeGreaterThan(box.y + (2 / 3) * box.height);
    for (const p of [...face.mouthOuter, ...face.mouthInner]) {
      expect(p.y).toBeGreaterThan(box.y + 0.55 * box.height);
      expect(p.y).toBeLessThan(box.y + box.height);
      expect(p.x).toBeGreaterThan(box.x);
      expect(p.x).toBeLessThan(box.x + box.width);
    }
    const eyes = [centroid(face.leftEye), centroid(face.rightEye)];
    expect(eyes[0].x).toBeLessThan(eyes[1].x);
    expect(Math.max(eyes[0].y, eyes[1].y)).toBeLessThan(centroid(face.nose).y);
    expect(centroid(face.nose).y).toBeLessThan(mouth.y);
  });

  it('orders the lips around the mouth: corners at the ends, upper lip above lower, outer contour enclosing the inner', () => {
    const face = faces[0];
    const outer = face.mouthOuter;
    const xs = outer.map((p) => p.x);
    const width = Math.max(...xs) - Math.min(...xs);
    expect(outer[0].x - Math.min(...xs)).toBeLessThan(0.05 * width);
    expect(Math.max(...xs) - outer[10].x).toBeLessThan(0.05 * width);
    // Point k on the upper lip faces point 20 - k on the lower lip.
    for (let k = 1; k < 10; k++) expect(outer[k].y).toBeLessThan(outer[20 - k].y);
    for (let k = 1; k < 10; k++) expect(face.mouthInner[k].y).toBeLessThanOrEqual(face.mouthInner[20 - k].y);
    const innerCentre = centroid(face.mouthInner);
    expect(inside(innerCentre, outer)).toBe(true);
    for (const p of face.mouthInner.slice(1, 10).concat(face.mouthInner.slice(11))) {
      // Pull each inner point a hair toward the centre: a closed mouth puts it exactly on the lips' seam.
      expect(inside({ x: p.x + (innerCentre.x - p.x) * 0.05, y: p.y + (innerCentre.y - p.y) * 0.05 }, outer)).toBe(
        true,
      );
    }
  });

  it('gives the same landmarks for RGBA frames as for RGB', async () => {
    const rgba = await detector.detect(await readImageFrame(photo.path, { channels: 4 }));
    expect(rgba[0].mouthOuter).toEqual(faces[0].mouthOuter);
  });

  it('scales landmarks with the frame: a half-size copy gives half the coordinates within a few pixels', async () => {
    const half = await detector.detect(
      await readImageFrame(photo.path, { width: photo.width / 2, height: photo.height / 2 }),
    );
    const full = faces[0];
    const small = half[0];
    expect(small.box.width * 2).toBeCloseTo(full.box.width, -1);
    const pairs: Array<[Point, Point]> = [
      ...full.mouthOuter.map((p, i): [Point, Point] => [p, small.mouthOuter[i]]),
      ...full.mouthInner.map((p, i): [Point, Point] => [p, small.mouthInner[i]]),
      ...full.nose.map((p, i): [Point, Point] => [p, small.nose[i]]),
    ];
    for (const [big, little] of pairs) {
      expect(Math.abs(little.x - big.x / 2)).toBeLessThan(4);
      expect(Math.abs(little.y - big.y / 2)).toBeLessThan(4);
    }
  });

  it('finds no face in a test pattern', async () => {
    const image = await noFaceImage(media.dir, { width: 1280, height: 720 });
    expect(await detector.detect(await readImageFrame(image))).toEqual([]);
  });

  it('rejects a frame whose size does not match its bytes', async () => {
    await expect(detector.detect({ data: new Uint8Array(10), width: 4, height: 4, channels: 3 })).rejects.toThrow(
      /48 bytes/,
    );
  });
});
