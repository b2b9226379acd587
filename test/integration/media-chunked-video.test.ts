// Burned-in subtitles encoded chunk by chunk with real ffmpeg and libass: the joined chunks hold every frame of a
// whole encode in place (seams included), and a changed line re-encodes only the chunk it is shown in.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assDrawnBetween, concatInput, encodeVideoChunked } from '../../src/main/media/chunked-video.js';
import { ffmpegBaseArgs, h264EncodeArgs } from '../../src/main/media/ffmpeg-args.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { runProcess } from '../../src/main/media/run-process.js';
import { prepareSubtitleBurn } from '../../src/main/media/subtitles/prepare-burn.js';
import { BUILTIN_SUBTITLE_STYLES } from '../../src/shared/schemas/subtitle-styles.js';
import { makeMediaDir } from '../fixtures/media.js';

const { ffmpeg } = resolveMediaTools();
let media: { dir: string; cleanup: () => Promise<void> };
let source: string;

const cues = (second: string) => [
  { index: 1, startMs: 2000, endMs: 5000, text: 'The first line' },
  { index: 2, startMs: 19_000, endMs: 22_000, text: second },
  { index: 3, startMs: 41_000, endMs: 44_000, text: 'The last line' },
];

async function burn(second: string, name: string) {
  return prepareSubtitleBurn({
    cues: cues(second),
    style: BUILTIN_SUBTITLE_STYLES[0]!,
    frame: { width: 640, height: 360 },
    language: 'en',
    workDir: path.join(media.dir, name),
    fontconfigDir: path.join(media.dir, 'fontconfig'),
  });
}

/** The lowest per-frame PSNR of `a` against `b`, and how many frames were compared. */
async function worstPsnr(a: string, b: string): Promise<{ frames: number; min: number }> {
  const stats = path.join(media.dir, `psnr-${Date.now()}.txt`);
  await runProcess(
    ffmpeg,
    [...ffmpegBaseArgs(), '-i', a, '-i', b, '-lavfi', `[0:v][1:v]psnr=stats_file=${stats}`, '-f', 'null', '-'],
    { toolName: 'ffmpeg' },
  );
  const values = (await fs.readFile(stats, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => {
      const value = /psnr_avg:(\S+)/u.exec(line)![1]!;
      return value === 'inf' ? 99 : Number(value);
    });
  return { frames: values.length, min: Math.min(...values) };
}

async function joined(files: readonly string[], name: string): Promise<string> {
  const output = path.join(media.dir, name);
  await runProcess(ffmpeg, [...ffmpegBaseArgs(), '-y', '-i', concatInput(files), '-c', 'copy', output], {
    toolName: 'ffmpeg',
  });
  return output;
}

async function wholeEncode(filter: string, env: NodeJS.ProcessEnv, name: string): Promise<string> {
  const output = path.join(media.dir, name);
  await runProcess(ffmpeg, [...ffmpegBaseArgs(), '-y', '-i', source, '-vf', filter, ...h264EncodeArgs(), output], {
    toolName: 'ffmpeg',
    env: { ...process.env, ...env },
  });
  return output;
}

beforeAll(async () => {
  media = await makeMediaDir('dubdesk-chunked-video-');
  source = path.join(media.dir, 'source.mp4');
  await runProcess(
    ffmpeg,
    [
      ...ffmpegBaseArgs(),
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=640x360:rate=25:duration=45',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-g',
      '50',
      '-pix_fmt',
      'yuv420p',
      source,
    ],
    { toolName: 'ffmpeg' },
  );
}, 60_000);

afterAll(async () => {
  await media?.cleanup();
});

describe('chunked video encoding of burned-in subtitles', () => {
  it('joins into every frame of a whole encode, and encodes again only the chunk whose subtitle changed', async () => {
    const cacheDir = path.join(media.dir, 'cache');
    const first = await burn('A line across the seam', 'first');
    const run = async (subtitles: Awaited<ReturnType<typeof burn>>) =>
      encodeVideoChunked({
        ffmpeg,
        input: source,
        durationSec: 45,
        fps: 25,
        filter: subtitles.filter,
        env: subtitles.env,
        drawnBetween: assDrawnBetween(await fs.readFile(subtitles.assFile, 'utf8')),
        cacheDir,
      });
    const once = await run(first);
    expect(once.files).toHaveLength(3);
    expect(once.encoded).toBe(3);
    const firstJoined = await joined(once.files, 'first.mp4');
    const info = await probeMedia(firstJoined);
    expect(info.durationSec).toBeCloseTo(45, 1);
    // Frame for frame what one whole encode makes: the same frames in the same places, seams (20 s, 40 s) and the
    // line shown across the first seam included.
    const whole = await worstPsnr(firstJoined, await wholeEncode(first.filter, first.env, 'first-whole.mp4'));
    expect(whole.frames).toBe(1125);
    expect(whole.min).toBeGreaterThan(35);

    const second = await burn('Another line across the seam', 'second');
    const again = await run(second);
    // The line at 19..22 s is drawn in the first two chunks; the last one is reused.
    expect(again.encoded).toBe(2);
    expect(again.files[2]).toBe(once.files[2]);
    const secondJoined = await joined(again.files, 'second.mp4');
    const compared = await worstPsnr(secondJoined, await wholeEncode(second.filter, second.env, 'second-whole.mp4'));
    expect(compared.frames).toBe(1125);
    expect(compared.min).toBeGreaterThan(35);
    // And not what the first subtitles drew: the change is in the picture.
    expect((await worstPsnr(secondJoined, firstJoined)).min).toBeLessThan(35);
  }, 180_000);
});
