// Visual check of the idle motion for image references (blinks, head sway): writes PNGs into test-artifacts/ to
// look at, and prints the cost of blink + sway per 720p frame.
// Run: npx tsx test/visual/lipsync-idle.visual.ts
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { leaseFaceDetector } from '../../src/main/engines/face/detector-lease.js';
import type { FaceLandmarks } from '../../src/main/engines/face/types.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import {
  clampBox,
  createRgbImage,
  cropRgb,
  type PixelBox,
  type RgbImage,
} from '../../src/main/media/image/rgb-image.js';
import { runProcess } from '../../src/main/media/run-process.js';
import {
  applyBlink,
  applyIdleMotion,
  applySway,
  planIdleMotion,
  swayBox,
} from '../../src/main/engines/lipsync/mouth-warp/idle-motion.js';
import { facePhotoInfo, readImageFrame } from '../fixtures/faces.js';

const ARTIFACTS = path.resolve('test-artifacts');

async function writePng(image: RgbImage, file: string, scale = 1): Promise<void> {
  const raw = path.join(os.tmpdir(), `dubdesk-idle-visual-${process.pid}.rgb`);
  await fs.writeFile(raw, image.data);
  try {
    const filter = scale === 1 ? [] : ['-vf', `scale=iw*${scale}:ih*${scale}:flags=neighbor`];
    await runProcess(
      resolveMediaTools().ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${image.width}x${image.height}`,
        '-i',
        raw,
        ...filter,
        '-frames:v',
        '1',
        file,
      ],
      { toolName: 'ffmpeg' },
    );
  } finally {
    await fs.rm(raw, { force: true });
  }
  console.log(`wrote ${file}`);
}

const copyOf = (image: RgbImage): RgbImage => ({ ...image, data: Uint8Array.from(image.data) });

/** Tiles in a grid of `columns`, separated by a 2 px dark gutter. */
function grid(tiles: RgbImage[], columns: number): RgbImage {
  const gutter = 2;
  const w = tiles[0].width;
  const h = tiles[0].height;
  const rows = Math.ceil(tiles.length / columns);
  const sheet = createRgbImage(columns * (w + gutter) - gutter, rows * (h + gutter) - gutter);
  tiles.forEach((tile, k) => {
    const x = (k % columns) * (w + gutter);
    const y = Math.floor(k / columns) * (h + gutter);
    for (let row = 0; row < h; row++)
      sheet.data.set(tile.data.subarray(row * w * 3, (row + 1) * w * 3), ((y + row) * sheet.width + x) * 3);
  });
  return sheet;
}

/** |a - b| x gain, per channel: where a warp moved pixels. */
function difference(a: RgbImage, b: RgbImage, gain = 4): RgbImage {
  const out = createRgbImage(a.width, a.height);
  for (let i = 0; i < a.data.length; i++) out.data[i] = Math.min(255, Math.abs(a.data[i] - b.data[i]) * gain);
  return out;
}

function outlineBox(image: RgbImage, box: PixelBox, colour: [number, number, number]): void {
  for (let x = box.x; x < box.x + box.width; x++) {
    for (const y of [box.y, box.y + box.height - 1]) image.data.set(colour, (y * image.width + x) * 3);
  }
  for (let y = box.y; y < box.y + box.height; y++) {
    for (const x of [box.x, box.x + box.width - 1]) image.data.set(colour, (y * image.width + x) * 3);
  }
}

function eyesView(face: FaceLandmarks, width: number, height: number): PixelBox {
  const points = [...face.leftEye, ...face.rightEye];
  const x0 = Math.min(...points.map((p) => p.x));
  const x1 = Math.max(...points.map((p) => p.x));
  const y0 = Math.min(...points.map((p) => p.y));
  const y1 = Math.max(...points.map((p) => p.y));
  const pad = (x1 - x0) * 0.15;
  return clampBox(
    { x: x0 - pad, y: y0 - pad * 1.6, width: x1 - x0 + 2 * pad, height: y1 - y0 + pad * 2.6 },
    width,
    height,
  );
}

/** Blink amount and sway over time, drawn as three traces on a dark strip (one column per frame). */
function scheduleChart(frameCount: number, fps: number): RgbImage {
  const plan = planIdleMotion(frameCount, fps);
  const height = 180;
  const chart = createRgbImage(frameCount, height);
  chart.data.fill(24);
  const put = (x: number, y: number, colour: [number, number, number]) => {
    const py = Math.max(0, Math.min(height - 1, Math.round(y)));
    chart.data.set(colour, (py * frameCount + x) * 3);
  };
  for (let i = 0; i < frameCount; i++) {
    const pose = plan.poseAt(i);
    if (i % fps === 0) for (let y = 0; y < height; y += 3) put(i, y, [70, 70, 70]);
    put(i, 55 - pose.blink * 50, [255, 255, 255]);
    put(i, 120 - (pose.swayX / 0.015) * 25, [255, 120, 80]);
    put(i, 120 - (pose.swayY / 0.01) * 25, [80, 200, 255]);
    put(i, 160 - pose.tiltDeg * 15, [140, 255, 120]);
  }
  return chart;
}

/** Blink and sway sheets of the largest face of one photo. */
const faces = leaseFaceDetector();

async function photoSheets(name: string, file: string): Promise<void> {
  const picture = await readImageFrame(file);
  const image: RgbImage = { data: picture.data, width: picture.width, height: picture.height };
  const [face] = await (await faces.detector()).detect(picture);
  if (!face) throw new Error(`No face found in ${file}.`);
  console.log(`${name}: face box ${JSON.stringify(face.box)}`);

  const eyes = eyesView(face, image.width, image.height);
  const blinkTiles: RgbImage[] = [];
  for (const amount of [0, 0.25, 0.5, 0.75, 0.9, 1]) {
    const frame = copyOf(image);
    applyBlink(frame, face.leftEye, amount);
    applyBlink(frame, face.rightEye, amount);
    blinkTiles.push(cropRgb(frame, eyes));
  }
  await writePng(grid(blinkTiles, 3), path.join(ARTIFACTS, `lipsync-idle-${name}-blink.png`), 2);

  const head = swayBox(face.box, image.width, image.height);
  const view = clampBox(
    { x: head.x - 40, y: head.y - 40, width: head.width + 80, height: head.height + 80 },
    image.width,
    image.height,
  );
  const poses = [
    { swayX: 0, swayY: 0, tiltDeg: 0 },
    { swayX: 0.015, swayY: 0.01, tiltDeg: 1 },
    { swayX: -0.015, swayY: -0.01, tiltDeg: -1 },
  ];
  const swayTiles: RgbImage[] = [];
  const diffTiles: RgbImage[] = [];
  for (const pose of poses) {
    const frame = copyOf(image);
    applySway(frame, face.box, pose);
    const tile = cropRgb(frame, view);
    diffTiles.push(difference(tile, cropRgb(image, view)));
    outlineBox(tile, { x: head.x - view.x, y: head.y - view.y, width: head.width, height: head.height }, [0, 255, 0]);
    swayTiles.push(tile);
  }
  await writePng(grid([...swayTiles, ...diffTiles], 3), path.join(ARTIFACTS, `lipsync-idle-${name}-sway.png`));

  // One blink frame by frame at 25 fps, as the video shows it.
  const plan = planIdleMotion(150, 25);
  const blink = plan.blinks[0];
  const frames: RgbImage[] = [];
  const steps: string[] = [];
  for (let i = Math.floor(blink.startSec * 25) - 1; i <= Math.ceil(blink.endSec * 25) + 1; i++) {
    const frame = copyOf(image);
    applyIdleMotion(frame, face, plan.poseAt(i));
    frames.push(cropRgb(frame, eyes));
    steps.push(`${i}: ${plan.poseAt(i).blink.toFixed(2)}`);
  }
  await writePng(grid(frames, 4), path.join(ARTIFACTS, `lipsync-idle-${name}-blink-frames.png`));
  console.log(`${name}: blink frames (frame: amount) ${steps.join(', ')}`);
}

async function main(): Promise<void> {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  const photo = await facePhotoInfo();
  const detector = await faces.detector();
  // sample1 is the e2e test's photo (eyes cast down); sample3's largest face looks into the camera.
  await photoSheets('sample1', photo.path);
  await photoSheets('sample3', path.join(path.dirname(photo.path), 'sample3.jpg'));
  await writePng(scheduleChart(750, 25), path.join(ARTIFACTS, 'lipsync-idle-schedule.png'), 2);
  const image: RgbImage = await readImageFrame(photo.path);

  // Cost per 720p frame: the photo framed on the face (a head-and-shoulders shot), blink + sway on every frame.
  const crop = clampBox(
    { x: photo.subject.x - 640, y: photo.subject.y - 300, width: 1280, height: 720 },
    image.width,
    image.height,
  );
  const frame720 = cropRgb(image, crop);
  const [face720] = await detector.detect({ ...frame720, channels: 3 });
  if (!face720) throw new Error('No face in the 720p crop.');
  const box720 = swayBox(face720.box, 1280, 720);
  console.log(
    `720p: face ${Math.round(face720.box.width)}x${Math.round(face720.box.height)}, sway box ${box720.width}x${box720.height}`,
  );
  for (const [label, faceHere, frameHere] of [['720p crop of the photo', face720, frame720]] as const) {
    const work = copyOf(frameHere);
    const timing = { blink: 0, sway: 0 };
    const N = 300;
    for (let i = 0; i < N; i++) {
      work.data.set(frameHere.data);
      const pose = {
        blink: 0.5 + 0.5 * Math.sin(i),
        swayX: 0.015 * Math.sin(i * 0.1),
        swayY: 0.01 * Math.cos(i * 0.1),
        tiltDeg: Math.sin(i * 0.07),
      };
      const t0 = performance.now();
      applyBlink(work, faceHere.leftEye, pose.blink);
      applyBlink(work, faceHere.rightEye, pose.blink);
      const t1 = performance.now();
      applySway(work, faceHere.box, pose);
      timing.blink += t1 - t0;
      timing.sway += performance.now() - t1;
    }
    console.log(
      `${label}: blink ${(timing.blink / N).toFixed(2)} ms + sway ${(timing.sway / N).toFixed(2)} ms = ${((timing.blink + timing.sway) / N).toFixed(2)} ms per frame`,
    );
  }
  // A head filling most of a 720p frame (face box 360 px wide, 430 high): the costliest case for the sway.
  const big = { x: 460, y: 140, width: 360, height: 430 };
  const work = copyOf(frame720);
  let total = 0;
  for (let i = 0; i < 200; i++) {
    work.data.set(frame720.data);
    const t0 = performance.now();
    applySway(work, big, { swayX: 0.015 * Math.sin(i * 0.1), swayY: 0.01, tiltDeg: Math.sin(i * 0.07) });
    total += performance.now() - t0;
  }
  console.log(
    `720p close-up (face 360x430, sway box ${JSON.stringify(swayBox(big, 1280, 720))}): sway ${(total / 200).toFixed(2)} ms per frame`,
  );
  await faces.release();
}

await main();
