import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackFaces, type TrackedClip } from '../../src/main/engines/face/face-tracker.js';
import { createFaceDetector } from '../../src/main/engines/face/human-detector.js';
import { boxIoU } from '../../src/main/media/image/rgb-image.js';
import type { FaceDetector, FaceLandmarks, RgbFrame } from '../../src/main/engines/face/types.js';
import { readFrames } from '../../src/main/media/frames.js';
import { faceVideo } from '../fixtures/faces.js';
import { makeMediaDir } from '../fixtures/media.js';

const WIDTH = 640;
const HEIGHT = 360;
const PAN_PX = 60;

async function* rgbFrames(file: string, keep?: Map<number, RgbFrame>): AsyncGenerator<RgbFrame> {
  for await (const frame of readFrames(file, { pixelFormat: 'rgb24' })) {
    const rgb: RgbFrame = { data: frame.data, width: WIDTH, height: HEIGHT, channels: 3 };
    keep?.set(frame.index, rgb);
    yield rgb;
  }
}

const mouthCentre = (face: FaceLandmarks): { x: number; y: number } => ({
  x: face.mouthOuter.reduce((sum, p) => sum + p.x, 0) / face.mouthOuter.length,
  y: face.mouthOuter.reduce((sum, p) => sum + p.y, 0) / face.mouthOuter.length,
});

describe('tracking the largest face through a panning video of a real photo', () => {
  let media: { dir: string; cleanup: () => Promise<void> };
  let detector: FaceDetector;
  let clip: TrackedClip;
  const frames = new Map<number, RgbFrame>();

  beforeAll(async () => {
    media = await makeMediaDir('dubdesk-face-track-');
    const video = await faceVideo(media.dir, { durationSec: 2, fps: 25, width: WIDTH, height: HEIGHT, panPx: PAN_PX });
    detector = await createFaceDetector();
    clip = await trackFaces(rgbFrames(video, frames), detector, { interval: 8 });
  });

  afterAll(async () => {
    await detector?.dispose();
    await media?.cleanup();
  });

  it('has the face on every frame while detecting only on a fraction of them', () => {
    expect(clip.faces).toHaveLength(50);
    expect(clip.framesWithoutFace).toEqual([]);
    expect(clip.detectedFrames.length).toBeLessThan(20);
    expect(clip.detectedFrames).toEqual(expect.arrayContaining([0, 8, 16, 49]));
  });

  it('stays on the same face and follows the pan', () => {
    const faces = clip.faces as FaceLandmarks[];
    for (let i = 1; i < faces.length; i++) expect(boxIoU(faces[i - 1].box, faces[i].box)).toBeGreaterThan(0.8);
    // The camera pans right, so the face drifts left by about the pan's length.
    const drift = mouthCentre(faces[0]).x - mouthCentre(faces[49]).x;
    expect(drift).toBeGreaterThan(PAN_PX * 0.6);
    expect(drift).toBeLessThan(PAN_PX * 1.4);
    // The subject is framed near the centre, so the followed face must be there rather than a neighbour's.
    expect(Math.abs(mouthCentre(faces[25]).x - WIDTH / 2)).toBeLessThan(WIDTH * 0.15);
  });

  // A 120 px face: 4 px is the mesh's own frame-to-frame jitter on a still photo.
  it('places the mouth between key frames within a few pixels of a fresh detection', async () => {
    const between = [4, 5, 12, 13, 20, 21, 36, 37].filter((index) => !clip.detectedFrames.includes(index));
    expect(between.length).toBeGreaterThanOrEqual(3);
    for (const index of between.slice(0, 4)) {
      const [fresh] = await detector.detect(frames.get(index)!);
      const tracked = mouthCentre(clip.faces[index]!);
      const detected = mouthCentre(fresh);
      expect(Math.abs(tracked.x - detected.x)).toBeLessThan(4);
      expect(Math.abs(tracked.y - detected.y)).toBeLessThan(4);
    }
  });
});
