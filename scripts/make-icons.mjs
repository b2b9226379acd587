// Draws the application icon (a rounded violet tile with a white sound wave) with ffmpeg's geq filter, so the
// icon is reproducible from this file alone: `node scripts/make-icons.mjs`. electron-builder reads build/icon.png
// (macOS and Windows convert it; both need at least 512x512 and 256x256) and the Linux set in build/icons/.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** Heights of the wave's bars as fractions of the tile, left to right. */
const BARS = [0.22, 0.46, 0.64, 0.4, 0.26];
const BAR_SPACING = 0.13;
const BAR_HALF_WIDTH = 0.04;
const CORNER_RADIUS = 0.2;

/** Pure: a geq expression (u, v in 0..1) giving 0..1 coverage of a rounded square, anti-aliased over one pixel. */
function tileCoverage() {
  const r = CORNER_RADIUS;
  const dx = `max(max(${r}-X/W,X/W-${1 - r}),0)`;
  const dy = `max(max(${r}-Y/H,Y/H-${1 - r}),0)`;
  return `clip((${r}-hypot(${dx},${dy}))*W+0.5,0,1)`;
}

/** Pure: 0..1 coverage of the wave bars, each a vertical capsule centred on the tile. */
function waveCoverage() {
  const bars = BARS.map((height, index) => {
    const centre = 0.5 + (index - (BARS.length - 1) / 2) * BAR_SPACING;
    const halfLength = Math.max(height / 2 - BAR_HALF_WIDTH, 0);
    const distance = `hypot(X/W-${centre.toFixed(4)},max(abs(Y/H-0.5)-${halfLength.toFixed(4)},0))`;
    return `clip((${BAR_HALF_WIDTH}-${distance})*W+0.5,0,1)`;
  });
  return bars.reduce((all, bar) => `max(${all},${bar})`);
}

/** Pure: the geq filter for one channel: a vertical gradient from `top` to `bottom` under white bars. */
function channel(top, bottom) {
  const background = `(${top}+(${bottom - top})*Y/H)`;
  return `${background}+(255-${background})*${waveCoverage()}`;
}

/** Pure: ffmpeg arguments that write one size of the icon. */
export function iconArgs(size, file) {
  const geq = [
    `r='${channel(0x6d, 0x35)}'`,
    `g='${channel(0x4a, 0x1f)}'`,
    `b='${channel(0xf0, 0x9c)}'`,
    `a='255*${tileCoverage()}'`,
  ].join(':');
  return [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=black:s=${size}x${size}:d=1`,
    '-vf',
    `format=rgba,geq=${geq}`,
    '-frames:v',
    '1',
    file,
  ];
}

function ffmpegPath() {
  if (process.env.DUBDESK_FFMPEG) return process.env.DUBDESK_FFMPEG;
  return require('@ffmpeg-installer/ffmpeg').path;
}

function main() {
  const buildDir = path.join(root, 'build');
  const outputs = [
    [512, path.join(buildDir, 'icon.png')],
    [256, path.join(buildDir, 'icons', '256x256.png')],
    [512, path.join(buildDir, 'icons', '512x512.png')],
  ];
  mkdirSync(path.join(buildDir, 'icons'), { recursive: true });
  const ffmpeg = ffmpegPath();
  for (const [size, file] of outputs) {
    const result = spawnSync(ffmpeg, iconArgs(size, file), { encoding: 'utf8', timeout: 120_000 });
    if (result.status !== 0) {
      console.error(`ffmpeg could not draw ${path.relative(root, file)}: ${result.stderr || result.error?.message}`);
      process.exit(1);
    }
    console.log(`wrote ${path.relative(root, file)} (${size}x${size})`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
