import { describe, expect, it } from 'vitest';
import { cropRgb } from '../../src/main/media/image/rgb-image.js';
import { applyMouthShape } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { makeSyntheticFace } from '../fixtures/synthetic-mouth.js';

// Target: 1000 mouth boxes (about 150x135 at 720p) in under 4 s, i.e. far below 40 ms a frame at 25 fps.
// The bound asserted here is twice that, since this machine's 2 cores are shared while tests run.
const BOXES = 1000;

describe('mouth warp speed', () => {
  it(`processes ${BOXES} mouth boxes of a 720p frame within the real-time budget`, () => {
    const face = makeSyntheticFace({ width: 1280, height: 720, mouthWidth: 88, mouthY: 430, opening: 6 });
    const frame = { ...face.image, data: Uint8Array.from(face.image.data) };
    const first = applyMouthShape(frame, face.mouth, { opening: 0.5, width: 0, rounding: 0 });
    const box = first.box;
    expect(box.width).toBeGreaterThanOrEqual(148);
    expect(box.height).toBeGreaterThanOrEqual(120);
    const original = cropRgb(face.image, box);

    const started = performance.now();
    for (let k = 0; k < BOXES; k++) {
      // Restore only the box: the next frame of a video would arrive fresh.
      for (let row = 0; row < box.height; row++) {
        frame.data.set(
          original.data.subarray(row * box.width * 3, (row + 1) * box.width * 3),
          ((box.y + row) * frame.width + box.x) * 3,
        );
      }
      applyMouthShape(frame, face.mouth, {
        opening: 0.5 + 0.5 * Math.sin(k * 0.37),
        width: 0.15 * Math.sin(k * 0.11),
        rounding: 0.5 + 0.5 * Math.cos(k * 0.23),
      });
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `mouth warp: ${BOXES} boxes of ${box.width}x${box.height} in ${seconds.toFixed(2)} s (${((seconds / BOXES) * 1000).toFixed(2)} ms each)`,
    );
    expect(seconds).toBeLessThan(8);
  });
});
