// The mouth warp's two per-frame kernels on a 720p frame, each against the bare cost of copying that frame, timed in
// the same run: idle motion (blink + sway, what a photo gets every frame) and the mouth-shape warp. These were timed
// unit tests; a bound on a shared machine's clock fails with its load, so they are measured here instead.
// Run: npm run bench:lipsync-kernels [-- --frames N]   (N: frames per kernel, default 200)
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { applyIdleMotion, swayBox } from '../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { applyMouthShape } from '../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { cropRgb } from '../src/main/media/image/rgb-image.js';
import { makeSyntheticFace } from '../test/fixtures/synthetic-mouth.js';

const FRAME_BUDGET_MS = 1000 / 25;

interface Kernel {
  label: string;
  run(index: number): void;
}

function timePerFrame(frames: number, run: (index: number) => void): number {
  const started = performance.now();
  for (let index = 0; index < frames; index++) run(index);
  return (performance.now() - started) / frames;
}

/** Blink and sway of a head-and-shoulders face, the frame restored before each (a video's next frame is fresh). */
function idleMotionKernel(): Kernel {
  const synthetic = makeSyntheticFace({ width: 1280, height: 720, mouthWidth: 80, mouthY: 470 });
  const eye = (cx: number) =>
    Array.from({ length: 16 }, (_, k) => {
      const angle = (Math.PI * k) / 8;
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
  const frame = { ...synthetic.image, data: Uint8Array.from(synthetic.image.data) };
  const restore = () => frame.data.set(synthetic.image.data);
  return {
    label: `idle motion (sway box ${head.width}x${head.height})`,
    run: (index) => {
      restore();
      applyIdleMotion(frame, face, {
        blink: 0.5 + 0.5 * Math.sin(index),
        swayX: 0.015 * Math.sin(index * 0.1),
        swayY: 0.01 * Math.cos(index * 0.1),
        tiltDeg: Math.sin(index * 0.07),
      });
    },
  };
}

/** The mouth-shape warp, its box restored before each. */
function mouthWarpKernel(): Kernel {
  const face = makeSyntheticFace({ width: 1280, height: 720, mouthWidth: 88, mouthY: 430, opening: 6 });
  const frame = { ...face.image, data: Uint8Array.from(face.image.data) };
  const { box } = applyMouthShape(frame, face.mouth, { opening: 0.5, width: 0, rounding: 0 });
  const original = cropRgb(face.image, box);
  const restore = () => {
    for (let row = 0; row < box.height; row++)
      frame.data.set(
        original.data.subarray(row * box.width * 3, (row + 1) * box.width * 3),
        ((box.y + row) * frame.width + box.x) * 3,
      );
  };
  return {
    label: `mouth warp (box ${box.width}x${box.height})`,
    run: (index) => {
      restore();
      applyMouthShape(frame, face.mouth, {
        opening: 0.5 + 0.5 * Math.sin(index * 0.37),
        width: 0.15 * Math.sin(index * 0.11),
        rounding: 0.5 + 0.5 * Math.cos(index * 0.23),
      });
    },
  };
}

function main(): void {
  const { values } = parseArgs({ args: process.argv.slice(2), options: { frames: { type: 'string' } } });
  const frames = Number(values.frames ?? 200);
  const copy = new Uint8Array(1280 * 720 * 3);
  const source = new Uint8Array(copy.length).fill(90);
  for (const kernel of [idleMotionKernel(), mouthWarpKernel()]) {
    kernel.run(0); // warm up: the first call compiles
    const bareMs = timePerFrame(frames, () => copy.set(source));
    const kernelMs = timePerFrame(frames, kernel.run);
    console.log(`${kernel.label.padEnd(40)} ${kernelMs.toFixed(2)} ms per 720p frame`);
    console.log(`  bare 720p frame copy, same run          ${bareMs.toFixed(2)} ms`);
    console.log(`  ratio kernel / frame copy                ${(kernelMs / bareMs).toFixed(1)}x`);
    console.log(
      `  share of a 25 fps frame's ${FRAME_BUDGET_MS} ms      ${((kernelMs / FRAME_BUDGET_MS) * 100).toFixed(0)} %`,
    );
  }
}

main();
