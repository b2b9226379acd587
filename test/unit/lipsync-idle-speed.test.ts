import { describe, expect, it } from 'vitest';
import { applyBlink, applyIdleMotion, swayBox } from '../../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { makeSyntheticFace } from '../fixtures/synthetic-mouth.js';

// Target: blink + sway under 10 ms per 720p frame with a head-and-shoulders face (about 8 ms measured here: the sway
// samples with Lanczos-3 in two passes to keep the face's detail; bilinear took 2.6 ms and lost about 40 % of it).
// The bound asserted is four times the target, since this machine's 2 cores are shared while tests run.
const FRAMES = 200;

describe('idle motion speed', () => {
  it(`blinks and sways ${FRAMES} 720p frames within the real-time budget`, () => {
    const synthetic = makeSyntheticFace({ width: 1280, height: 720, mouthWidth: 80, mouthY: 470 });
    const eye = (cx: number) =>
      Array.from({ length: 16 }, (_, k) => {
        const angle = (Math.PI * k) / 8;
        // Upper lid for k = 0..8 (sin >= 0), lower lid back for k = 9..15 (sin < 0).
        return { x: cx - 22 * Math.cos(angle), y: 320 - (k <= 8 ? 7 : 5) * Math.sin(angle) };
      });
    const face = {
      box: { x: 525, y: 250, width: 230, height: 250 },
      score: 1,
      mouthOuter: synthetic.mouth.outer,
      mouthInner: synthetic.mouth.inner,
      leftEye: eye(595),
      rightEye: eye(685),
      nose: [],
    };
    const head = swayBox(face.box, 1280, 720);
    expect(head.width * head.height).toBeGreaterThan(300 * 340);
    const frame = { ...synthetic.image, data: Uint8Array.from(synthetic.image.data) };
    expect(applyBlink(frame, face.leftEye, 0.5)).not.toBeNull();
    const started = performance.now();
    for (let i = 0; i < FRAMES; i++) {
      frame.data.set(synthetic.image.data);
      applyIdleMotion(frame, face, {
        blink: 0.5 + 0.5 * Math.sin(i),
        swayX: 0.015 * Math.sin(i * 0.1),
        swayY: 0.01 * Math.cos(i * 0.1),
        tiltDeg: Math.sin(i * 0.07),
      });
    }
    const ms = (performance.now() - started) / FRAMES;
    console.log(`idle motion: ${ms.toFixed(2)} ms per 720p frame (sway box ${head.width}x${head.height})`);
    expect(ms).toBeLessThan(40);
  });
});
