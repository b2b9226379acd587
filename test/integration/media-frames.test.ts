import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { resolveMediaTools } from '../../src/main/media/ffmpeg-paths.js';
import {
  createFrameWriter,
  describeFrameStream,
  readFrames,
  type Frame,
  type FrameStreamOptions,
} from '../../src/main/media/frames.js';
import { probeMedia } from '../../src/main/media/probe.js';
import { ProcessError, runProcess } from '../../src/main/media/run-process.js';
import { makeAudio, makeMediaDir, makeVideo, NASTY_MEDIA } from '../fixtures/media.js';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function readAll(file: string, options: FrameStreamOptions): Promise<Frame[]> {
  const frames: Frame[] = [];
  for await (const frame of readFrames(file, options)) frames.push(frame);
  return frames;
}

/** Mean absolute difference per byte between two equally laid out pixel ranges. */
function meanAbsDiff(a: Buffer, b: Buffer, start = 0, end = a.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum += Math.abs(a[i] - b[i]);
  return sum / (end - start);
}

/** Frames ffprobe counts by decoding the whole first video track (not the container's claim). */
async function countVideoFrames(file: string): Promise<number> {
  const { stdout } = await runProcess(
    resolveMediaTools().ffprobe,
    [
      '-v',
      'error',
      '-count_frames',
      '-select_streams',
      'v:0',
      '-show_entries',
      'stream=nb_read_frames',
      '-of',
      'csv=p=0',
      file,
    ],
    { captureStdout: true },
  );
  return Number(stdout?.toString().trim());
}

async function leftovers(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).filter((name) => name.includes('.partial'));
}

describe('readFrames', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let video: string;
  let longVideo: string;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-frames-'));
    video = await makeVideo(dir, { durationSec: 2, width: 320, height: 240, fps: 25 });
    longVideo = await makeVideo(dir, { durationSec: 20, width: 640, height: 360, fps: 25 });
  });
  afterAll(() => cleanup());

  it('yields every frame of a 2 s 25 fps video at its display size, 0.04 s apart', async () => {
    const frames = await readAll(video, { pixelFormat: 'rgb24' });
    expect(frames).toHaveLength(50);
    frames.forEach((frame, i) => {
      expect(frame.index).toBe(i);
      expect(frame.data.length).toBe(320 * 240 * 3);
      expect(frame.ptsSec).toBeCloseTo(i * 0.04, 9);
    });
    // Frames are distinct buffers (the consumer may keep them), and the picture moves.
    expect(frames[0].data.buffer).not.toBe(frames[1].data.buffer);
    expect(meanAbsDiff(frames[0].data, frames[49].data)).toBeGreaterThan(1);
  });

  it('returns exactly the bytes ffmpeg decodes, cut at frame boundaries', async () => {
    const frames = await readAll(video, { pixelFormat: 'rgb24' });
    const { stdout } = await runProcess(
      resolveMediaTools().ffmpeg,
      ['-v', 'error', '-nostdin', '-i', video, '-map', '0:v:0', '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1'],
      { captureStdout: true },
    );
    expect(Buffer.concat(frames.map((frame) => frame.data)).equals(stdout!)).toBe(true);
  });

  it('scales (keeping the aspect when one side is given), resamples the rate and converts the pixel format', async () => {
    const half = await readAll(video, { pixelFormat: 'gray', width: 160 });
    expect(half).toHaveLength(50);
    expect(half.every((frame) => frame.data.length === 160 * 120)).toBe(true);

    const tenFps = await readAll(video, { pixelFormat: 'rgba', width: 96, height: 96, fps: 10 });
    expect(tenFps).toHaveLength(20);
    expect(tenFps.every((frame) => frame.data.length === 96 * 96 * 4)).toBe(true);
    expect(tenFps[5].ptsSec).toBeCloseTo(0.5, 9);
    // rgba from an opaque video: every alpha byte is 255.
    expect(tenFps[0].data.filter((_, i) => i % 4 === 3).every((alpha) => alpha === 255)).toBe(true);
  });

  it('reads a section from startSec for durationSec, with source times as pts', async () => {
    const frames = await readAll(video, { pixelFormat: 'rgb24', startSec: 0.5, durationSec: 1 });
    expect(frames).toHaveLength(25);
    expect(frames[0].ptsSec).toBeCloseTo(0.5, 9);
    expect(frames[24].ptsSec).toBeCloseTo(1.46, 9);
    const whole = await readAll(video, { pixelFormat: 'rgb24' });
    // Exact seeking: the section's first frame is the whole video's frame 12 (at 0.48 s) or 13 (0.52 s), never a keyframe 0.5 s away.
    const nearest = Math.min(meanAbsDiff(frames[0].data, whole[12].data), meanAbsDiff(frames[0].data, whole[13].data));
    expect(nearest).toBeLessThan(1);
  });

  it('yields portrait frames for a landscape track that the container turns 90° (phone clip)', async () => {
    const rotated = await NASTY_MEDIA.rotated.make(dir);
    const info = await describeFrameStream(rotated, { pixelFormat: 'rgb24' });
    expect(info).toMatchObject({ width: 240, height: 320, fps: 25 });
    const frames = await readAll(rotated, { pixelFormat: 'rgb24' });
    expect(frames.length).toBe(25);
    expect(frames.every((frame) => frame.data.length === 240 * 320 * 3)).toBe(true);
    // Turned clockwise, as a player shows it: the same as transposing the stored pixels by hand.
    const { stdout } = await runProcess(
      resolveMediaTools().ffmpeg,
      [
        '-v',
        'error',
        '-nostdin',
        '-noautorotate',
        '-i',
        rotated,
        '-frames:v',
        '1',
        '-vf',
        'transpose=clock',
        '-pix_fmt',
        'rgb24',
        '-f',
        'rawvideo',
        'pipe:1',
      ],
      { captureStdout: true },
    );
    expect(meanAbsDiff(frames[0].data, stdout!)).toBeLessThan(1);
  });

  it('kills ffmpeg at once when the consumer breaks out after 5 frames', async () => {
    let pid = 0;
    let count = 0;
    for await (const frame of readFrames(longVideo, { pixelFormat: 'rgb24', onSpawn: (id) => (pid = id) })) {
      expect(frame.index).toBe(count);
      count += 1;
      if (count === 5) break;
    }
    expect(count).toBe(5);
    expect(pid).toBeGreaterThan(0);
    // The loop only ends after ffmpeg has exited, so nothing is left running.
    expect(isRunning(pid)).toBe(false);
  });

  it('rejects with an AbortError and leaves no ffmpeg when the signal aborts mid-stream', async () => {
    const controller = new AbortController();
    let pid = 0;
    let count = 0;
    const reading = (async () => {
      for await (const _frame of readFrames(longVideo, {
        pixelFormat: 'rgb24',
        signal: controller.signal,
        onSpawn: (id) => (pid = id),
      })) {
        count += 1;
        if (count === 3) controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(count).toBe(3);
    expect(isRunning(pid)).toBe(false);
  });

  it('rejects with an AbortError before starting anything when the signal is already aborted', async () => {
    let spawned = false;
    const iterator = readFrames(video, {
      pixelFormat: 'rgb24',
      signal: AbortSignal.abort(),
      onSpawn: () => (spawned = true),
    });
    await expect(iterator.next()).rejects.toMatchObject({ name: 'AbortError' });
    expect(spawned).toBe(false);
  });

  it('keeps memory bounded when the consumer is slower than decoding', async () => {
    // 500 frames of 640x360 rgb24 are 345 MB; with backpressure only a few frames exist at a time (plus garbage).
    const before = process.memoryUsage().rss;
    let peak = before;
    let count = 0;
    for await (const _frame of readFrames(longVideo, { pixelFormat: 'rgb24' })) {
      count += 1;
      await sleep(2);
      peak = Math.max(peak, process.memoryUsage().rss);
    }
    expect(count).toBe(500);
    expect(peak - before).toBeLessThan(150 * 1024 * 1024);
  });

  it('fails with media_unreadable for a file that is not a video', async () => {
    const garbage = await NASTY_MEDIA.garbage.make(dir);
    await expect(readAll(garbage, { pixelFormat: 'rgb24' })).rejects.toMatchObject({
      name: 'DubDeskError',
      code: 'media_unreadable',
    });
    const tone = await makeAudio(dir, { format: 'mp3' });
    const error = await readAll(tone, { pixelFormat: 'rgb24' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DubDeskError);
    expect(error).toMatchObject({ code: 'media_unreadable', message: expect.stringMatching(/has no video track/) });
  });
});

describe('createFrameWriter', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let video: string;
  beforeAll(async () => {
    ({ dir, cleanup } = await makeMediaDir('dubdesk-frame-writer-'));
    video = await makeVideo(dir, { durationSec: 2, width: 320, height: 240, fps: 25 });
  });
  afterAll(() => cleanup());

  it('round-trips a video: lower half inverted, original audio muxed, same frames, rate and size', async () => {
    const output = path.join(dir, 'inverted.mp4');
    const input = await readAll(video, { pixelFormat: 'rgb24' });
    const lowerHalfStart = 120 * 320 * 3;
    const progress: Array<number | null> = [];
    const writer = createFrameWriter({
      output,
      width: 320,
      height: 240,
      fps: 25,
      pixelFormat: 'rgb24',
      audio: { file: video },
      durationSec: 2,
      onProgress: (event) => progress.push(event.fraction),
    });
    for (const frame of input) {
      const edited = Buffer.from(frame.data);
      for (let i = lowerHalfStart; i < edited.length; i++) edited[i] = 255 - edited[i];
      await writer.write(edited);
    }
    expect(await fs.stat(output).catch(() => null)).toBeNull();
    await writer.end();
    expect(writer.framesWritten).toBe(50);
    expect(progress.at(-1)).toBe(1);

    const info = await probeMedia(output);
    expect(info).toMatchObject({ hasAudio: true, video: { codec: 'h264', width: 320, height: 240, fps: 25 } });
    expect(info.durationSec).toBeCloseTo(2, 1);
    expect(await countVideoFrames(output)).toBe(50);

    const written = await readAll(output, { pixelFormat: 'rgb24' });
    expect(written).toHaveLength(50);
    for (const i of [0, 25, 49]) {
      const original = input[i].data;
      const inverted = Buffer.from(original);
      for (let j = lowerHalfStart; j < inverted.length; j++) inverted[j] = 255 - inverted[j];
      // Upper half: the original up to codec noise; lower half: the inversion up to codec noise, far from the original.
      expect(meanAbsDiff(written[i].data, original, 0, lowerHalfStart)).toBeLessThan(8);
      expect(meanAbsDiff(written[i].data, inverted, lowerHalfStart)).toBeLessThan(8);
      expect(meanAbsDiff(written[i].data, original, lowerHalfStart)).toBeGreaterThan(40);
    }
    expect(await leftovers(dir)).toEqual([]);
  });

  it('pads the muxed audio when the frames outlast it, and cuts it when they are shorter', async () => {
    const frame = Buffer.alloc(64 * 48 * 3, 128);
    const short = await makeAudio(dir, { durationSec: 1, name: 'one-second.wav' });
    const padded = path.join(dir, 'padded.mp4');
    const writer = createFrameWriter({
      output: padded,
      width: 64,
      height: 48,
      fps: 25,
      pixelFormat: 'rgb24',
      audio: { file: short },
    });
    for (let i = 0; i < 50; i++) await writer.write(frame);
    await writer.end();
    expect((await probeMedia(padded)).durationSec).toBeCloseTo(2, 1);

    const cut = path.join(dir, 'cut.mp4');
    const cutter = createFrameWriter({
      output: cut,
      width: 64,
      height: 48,
      fps: 25,
      pixelFormat: 'rgb24',
      audio: { file: video, startSec: 0.5 },
    });
    for (let i = 0; i < 10; i++) await cutter.write(frame);
    await cutter.end();
    const info = await probeMedia(cut);
    expect(info.hasAudio).toBe(true);
    // 1.5 s of audio were available after startSec; the output stops near the 10th frame (0.4 s).
    expect(info.durationSec).toBeLessThan(0.6);
  });

  it('leaves nothing behind and rejects with an AbortError when cancelled mid-write', async () => {
    const output = path.join(dir, 'cancelled.mp4');
    const controller = new AbortController();
    let pid = 0;
    const writer = createFrameWriter({
      output,
      width: 320,
      height: 240,
      fps: 25,
      pixelFormat: 'rgb24',
      signal: controller.signal,
      onSpawn: (id) => (pid = id),
    });
    const frame = Buffer.alloc(320 * 240 * 3, 200);
    for (let i = 0; i < 10; i++) await writer.write(frame);
    controller.abort();
    await expect(writer.write(frame)).rejects.toMatchObject({ name: 'AbortError' });
    await expect(writer.end()).rejects.toMatchObject({ name: 'AbortError' });
    await writer.abort();
    expect(isRunning(pid)).toBe(false);
    expect(await fs.stat(output).catch(() => null)).toBeNull();
    expect(await leftovers(dir)).toEqual([]);
  });

  it('abort() stops the encode and removes the partial file', async () => {
    const output = path.join(dir, 'abandoned.mp4');
    const writer = createFrameWriter({ output, width: 320, height: 240, fps: 25, pixelFormat: 'rgb24' });
    const frame = Buffer.alloc(320 * 240 * 3, 50);
    for (let i = 0; i < 30; i++) await writer.write(frame);
    await writer.abort();
    await expect(writer.write(frame)).rejects.toMatchObject({ name: 'AbortError' });
    expect(await fs.stat(output).catch(() => null)).toBeNull();
    expect(await leftovers(dir)).toEqual([]);
  });

  it('reports a failing encoder with ffmpeg complaint and leaves no output', async () => {
    const output = path.join(dir, 'bad-encoder.mp4');
    const writer = createFrameWriter({
      output,
      width: 320,
      height: 240,
      fps: 25,
      pixelFormat: 'rgb24',
      encode: ['-c:v', 'no_such_encoder'],
    });
    const frame = Buffer.alloc(320 * 240 * 3);
    const error = await (async () => {
      for (let i = 0; i < 5; i++) await writer.write(frame);
      await writer.end();
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProcessError);
    expect((error as Error).message).toMatch(/^ffmpeg exited with code 1: .*no_such_encoder/);
    expect(await fs.stat(output).catch(() => null)).toBeNull();
    expect(await leftovers(dir)).toEqual([]);
  });

  it('refuses a frame of the wrong size without sending it', async () => {
    const output = path.join(dir, 'wrong-size.mp4');
    const writer = createFrameWriter({ output, width: 64, height: 48, fps: 25, pixelFormat: 'rgba' });
    await expect(writer.write(Buffer.alloc(64 * 48 * 3))).rejects.toThrow(/64x48 rgba frame has 12288 bytes, not 9216/);
    await writer.write(Buffer.alloc(64 * 48 * 4));
    await writer.end();
    expect(await countVideoFrames(output)).toBe(1);
  });
});
