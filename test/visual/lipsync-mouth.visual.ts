// Visual check of the standard_v1 mouth warp: writes PNG contact sheets into test-artifacts/ to look at.
// Run: npx tsx test/visual/lipsync-mouth.visual.ts [face-photo.png]
// Without a photo argument it looks for scikit-image's astronaut.png (Debian python3-skimage) and, with its
// lips placed by hand, shows the same shapes on a real face.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import {
  createRgbImage,
  cropRgb,
  clampBox,
  type PixelBox,
  type RgbImage,
} from '../../src/main/media/image/rgb-image.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { runProcess } from '../../src/main/media/run-process.js';
import type { MouthContours, MouthShape } from '../../src/main/engines/lipsync/mouth-shape.js';
import { applyMouthShape } from '../../src/main/engines/lipsync/mouth-warp/mouth-warp.js';
import { makeSyntheticFace } from '../fixtures/synthetic-mouth.js';

const ARTIFACTS = path.resolve('test-artifacts');
const PHOTO_CANDIDATES = ['/usr/lib/python3/dist-packages/skimage/data/astronaut.png'];

/** Lips of astronaut.png (512x512), placed by hand from a zoomed crop. */
const ASTRONAUT_MOUTH: MouthContours = {
  outer: [
    { x: 203, y: 140 },
    { x: 208, y: 138.5 },
    { x: 214, y: 137.5 },
    { x: 219, y: 137.5 },
    { x: 224, y: 138 },
    { x: 229, y: 137.5 },
    { x: 234, y: 137.5 },
    { x: 240, y: 138.5 },
    { x: 244, y: 141 },
    { x: 240, y: 146 },
    { x: 234, y: 150.5 },
    { x: 229, y: 153 },
    { x: 224, y: 153.5 },
    { x: 219, y: 153 },
    { x: 213, y: 150.5 },
    { x: 207, y: 145.5 },
  ],
  inner: [
    { x: 205, y: 140.5 },
    { x: 210, y: 141 },
    { x: 216, y: 141.5 },
    { x: 224, y: 142 },
    { x: 232, y: 141.5 },
    { x: 238, y: 141 },
    { x: 242, y: 141.5 },
    { x: 237, y: 145.5 },
    { x: 231, y: 148 },
    { x: 224, y: 148.5 },
    { x: 217, y: 147.5 },
    { x: 210, y: 145 },
  ],
};

const SHAPES: Array<{ label: string; shape: MouthShape }> = [
  { label: 'closed', shape: { opening: 0, width: 0, rounding: 0 } },
  { label: 'open 0.3', shape: { opening: 0.3, width: 0, rounding: 0 } },
  { label: 'open 0.6', shape: { opening: 0.6, width: 0, rounding: 0 } },
  { label: 'open 0.9', shape: { opening: 0.9, width: 0, rounding: 0 } },
  { label: 'ee (wide 0.2, open 0.25)', shape: { opening: 0.25, width: 0.2, rounding: 0 } },
  { label: 'oo (round 1, open 0.35)', shape: { opening: 0.35, width: -0.1, rounding: 1 } },
];

async function ffmpeg(args: string[]): Promise<void> {
  await runProcess(resolveMediaTools().ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args], {
    toolName: 'ffmpeg',
  });
}

async function writePng(image: RgbImage, file: string, scale = 1): Promise<void> {
  const raw = path.join(os.tmpdir(), `dubdesk-visual-${process.pid}.rgb`);
  await fs.writeFile(raw, image.data);
  try {
    const filter =
      scale === 1 ? ['-frames:v', '1'] : ['-vf', `scale=iw*${scale}:ih*${scale}:flags=neighbor`, '-frames:v', '1'];
    await ffmpeg([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-s',
      `${image.width}x${image.height}`,
      '-i',
      raw,
      ...filter,
      file,
    ]);
  } finally {
    await fs.rm(raw, { force: true });
  }
}

async function readPicture(file: string): Promise<RgbImage> {
  const info = await probeMedia(file);
  if (!info.video) throw new Error(`${file} has no picture.`);
  const { width, height } = info.video;
  const result = await runProcess(
    resolveMediaTools().ffmpeg,
    ['-hide_banner', '-loglevel', 'error', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'],
    {
      captureStdout: true,
    },
  );
  return { data: new Uint8Array(result.stdout!), width, height };
}

/** Side by side tiles of equal size, separated by a 2 px dark gutter. */
function tileRow(tiles: RgbImage[]): RgbImage {
  const gutter = 2;
  const w = tiles[0].width;
  const h = tiles[0].height;
  const sheet = createRgbImage(tiles.length * (w + gutter) - gutter, h);
  tiles.forEach((tile, k) => {
    for (let row = 0; row < h; row++) {
      sheet.data.set(tile.data.subarray(row * w * 3, (row + 1) * w * 3), (row * sheet.width + k * (w + gutter)) * 3);
    }
  });
  return sheet;
}

function markContours(image: RgbImage, mouth: MouthContours): RgbImage {
  const marked = { ...image, data: Uint8Array.from(image.data) };
  const dot = (x: number, y: number, colour: [number, number, number]): void => {
    const px = Math.round(x);
    const py = Math.round(y);
    if (px < 0 || py < 0 || px >= image.width || py >= image.height) return;
    marked.data.set(colour, (py * image.width + px) * 3);
  };
  for (const p of mouth.outer) dot(p.x, p.y, [0, 255, 0]);
  for (const p of mouth.inner) dot(p.x, p.y, [0, 160, 255]);
  return marked;
}

async function contactSheet(
  name: string,
  frame: RgbImage,
  mouth: MouthContours,
  view: PixelBox,
  scale: number,
): Promise<void> {
  const tiles = [cropRgb(markContours(frame, mouth), view)];
  let lastBox: PixelBox | undefined;
  for (const { label, shape } of SHAPES) {
    const copy = { ...frame, data: Uint8Array.from(frame.data) };
    const started = performance.now();
    const { box } = applyMouthShape(copy, mouth, shape);
    const ms = performance.now() - started;
    lastBox = box;
    tiles.push(cropRgb(copy, view));
    console.log(`${name}: ${label}: box ${box.width}x${box.height} at ${box.x},${box.y}, ${ms.toFixed(2)} ms`);
  }
  const file = path.join(ARTIFACTS, `${name}.png`);
  await writePng(tileRow(tiles), file, scale);
  console.log(
    `wrote ${file} (tiles: contours marked, ${SHAPES.map((s) => s.label).join(', ')}; last box ${JSON.stringify(lastBox)})`,
  );
}

async function main(): Promise<void> {
  await fs.mkdir(ARTIFACTS, { recursive: true });

  const face = makeSyntheticFace({ width: 320, height: 240, mouthWidth: 88 });
  await contactSheet(
    'lipsync-mouth-synthetic',
    face.image,
    face.mouth,
    clampBox({ x: 90, y: 90, width: 140, height: 130 }, 320, 240),
    2,
  );
  const openFace = makeSyntheticFace({ width: 320, height: 240, mouthWidth: 88, opening: 22 });
  await contactSheet(
    'lipsync-mouth-synthetic-open-source',
    openFace.image,
    openFace.mouth,
    clampBox({ x: 90, y: 90, width: 140, height: 130 }, 320, 240),
    2,
  );

  const candidates = process.argv[2] ? [process.argv[2]] : PHOTO_CANDIDATES;
  let photo: string | undefined;
  for (const candidate of candidates) {
    if (
      await fs.stat(candidate).then(
        () => true,
        () => false,
      )
    ) {
      photo = candidate;
      break;
    }
  }
  if (!photo) {
    console.log('No face photo found (install python3-skimage or pass a path); real-photo sheets skipped.');
    return;
  }
  const picture = await readPicture(photo);
  if (picture.width !== 512 || picture.height !== 512)
    console.log('The hand-placed lips fit astronaut.png only; expect a misplaced mouth.');
  await contactSheet(
    'lipsync-mouth-photo',
    picture,
    ASTRONAUT_MOUTH,
    clampBox({ x: 184, y: 110, width: 80, height: 75 }, 512, 512),
    5,
  );
  const whole = { ...picture, data: Uint8Array.from(picture.data) };
  applyMouthShape(whole, ASTRONAUT_MOUTH, { opening: 0.7, width: 0, rounding: 0 });
  await writePng(
    cropRgb(whole, clampBox({ x: 130, y: 10, width: 200, height: 220 }, 512, 512)),
    path.join(ARTIFACTS, 'lipsync-mouth-photo-face.png'),
    2,
  );
  console.log(`wrote ${path.join(ARTIFACTS, 'lipsync-mouth-photo-face.png')} (face at opening 0.7)`);
}

await main();
