import { describe, expect, it } from 'vitest';
import {
  BOTTOM_PAD_FRACTION,
  cropBoxesForTrack,
  faceCropBox,
} from '../../src/main/engines/lipsync/wav2lip/crop-box.js';

const face = (x: number, y: number, width: number, height: number) => ({ box: { x, y, width, height } });

describe('precision crop box', () => {
  it('is a square from the face top down past the chin by 10/96 of the face, centred on the face', () => {
    const box = faceCropBox({ x: 800, y: 400, width: 200, height: 220 }, 1920, 1080);
    expect(box.width).toBe(box.height);
    const expectedSide = 220 * (1 + BOTTOM_PAD_FRACTION);
    expect(Math.abs(box.width - expectedSide)).toBeLessThanOrEqual(2);
    expect(box.y).toBe(400);
    expect(box.y + box.height).toBeGreaterThan(400 + 220 + 15);
    expect(Math.abs(box.x + box.width / 2 - 900)).toBeLessThanOrEqual(1);
  });

  it('takes the face width when the face is wider than tall, and has an even side', () => {
    const box = faceCropBox({ x: 100, y: 100, width: 301, height: 200 }, 1280, 720);
    expect(box.width).toBe(box.height);
    expect(box.width % 2).toBe(0);
    expect(Math.abs(box.width - 301)).toBeLessThanOrEqual(1);
  });

  it('moves a box at the frame edge inside instead of cutting it, and never exceeds the frame', () => {
    const atEdge = faceCropBox({ x: 1200, y: 600, width: 150, height: 150 }, 1280, 720);
    expect(atEdge.x + atEdge.width).toBeLessThanOrEqual(1280);
    expect(atEdge.y + atEdge.height).toBeLessThanOrEqual(720);
    expect(atEdge.width).toBe(atEdge.height);
    const huge = faceCropBox({ x: 0, y: 0, width: 700, height: 700 }, 640, 360);
    expect(huge).toEqual({ x: expect.any(Number), y: 0, width: 360, height: 360 });
    expect(huge.x).toBeGreaterThanOrEqual(0);
    expect(huge.x + huge.width).toBeLessThanOrEqual(640);
  });

  it('smooths a jittering track over five frames and keeps frames without a face empty', () => {
    const jitter = [0, 6, -6, 6, -6, 6, -6, 0];
    const track = [...jitter.map((dx) => face(500 + dx, 300, 200, 200)), null, face(900, 300, 200, 200)];
    const boxes = cropBoxesForTrack(track, 1920, 1080);
    expect(boxes[8]).toBeNull();
    const centres = boxes.slice(1, 7).map((b) => b!.x + b!.width / 2);
    // Raw centres swing by 12 px; the five-frame mean by about 2.4.
    expect(Math.max(...centres) - Math.min(...centres)).toBeLessThanOrEqual(4);
    // The face after the gap is not pulled towards the faces before it.
    expect(boxes[9]!.x + boxes[9]!.width / 2).toBe(1000);
  });
});
