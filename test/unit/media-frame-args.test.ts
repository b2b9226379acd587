import { describe, expect, it } from 'vitest';
import { h264EncodeArgs } from '../../src/main/media/ffmpeg-args.js';
import {
  formatFrameRate,
  framePtsSec,
  frameSize,
  readFramesArgs,
  targetFrameSize,
  writeFramesArgs,
} from '../../src/main/media/frame-args.js';

/** The value that follows a flag, or undefined when the flag is absent. */
function flagValue(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  return at === -1 ? undefined : args[at + 1];
}

describe('frameSize', () => {
  it('counts packed bytes per pixel: rgb24 3, rgba 4, gray 1', () => {
    expect(frameSize('rgb24', 320, 240)).toBe(230_400);
    expect(frameSize('rgba', 1280, 720)).toBe(3_686_400);
    expect(frameSize('gray', 7, 5)).toBe(35);
  });

  it('refuses sizes that no frame can have', () => {
    expect(() => frameSize('rgb24', 0, 240)).toThrow(RangeError);
    expect(() => frameSize('rgb24', 320.5, 240)).toThrow(/positive whole size/);
  });
});

describe('targetFrameSize', () => {
  const display = { width: 1280, height: 720 };

  it('defaults to the display size', () => {
    expect(targetFrameSize(display)).toEqual({ width: 1280, height: 720 });
  });

  it('keeps the display aspect when only one side is given', () => {
    expect(targetFrameSize(display, { width: 640 })).toEqual({ width: 640, height: 360 });
    expect(targetFrameSize({ width: 240, height: 320 }, { height: 160 })).toEqual({ width: 120, height: 160 });
  });

  it('uses both sides as given, even against the aspect', () => {
    expect(targetFrameSize(display, { width: 96, height: 96 })).toEqual({ width: 96, height: 96 });
  });
});

describe('framePtsSec', () => {
  it('places frame n at startSec + n / fps', () => {
    expect(framePtsSec(0, 25)).toBe(0);
    expect(framePtsSec(10, 25)).toBeCloseTo(0.4, 12);
    expect(framePtsSec(3, 30000 / 1001, 1.5)).toBeCloseTo(1.5 + 3003 / 30000, 12);
  });
});

describe('formatFrameRate', () => {
  it('keeps full precision so ffmpeg recovers NTSC rates', () => {
    expect(formatFrameRate(25)).toBe('25');
    expect(Number(formatFrameRate(30000 / 1001))).toBe(30000 / 1001);
  });

  it('refuses a rate of zero or less', () => {
    expect(() => formatFrameRate(0)).toThrow(RangeError);
    expect(() => formatFrameRate(Number.NaN)).toThrow(RangeError);
  });
});

describe('readFramesArgs', () => {
  const base = { input: '/media/in.mp4', width: 640, height: 360, pixelFormat: 'rgb24' as const, fps: 25 };

  it('decodes the first video track to constant-rate raw frames on stdout', () => {
    const args = readFramesArgs(base);
    expect(args.slice(-5)).toEqual(['-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1']);
    expect(flagValue(args, '-map')).toBe('0:v:0');
    expect(flagValue(args, '-vf')).toBe('fps=fps=25,scale=640:360');
    expect(args).toEqual(expect.arrayContaining(['-an', '-sn', '-dn', '-nostdin']));
    expect(args).not.toContain('-ss');
    expect(args).not.toContain('-t');
  });

  it('seeks half a frame before the first wanted frame, and counts frames rather than time', () => {
    const args = readFramesArgs({ ...base, fps: 25, startSec: 12.5, durationSec: 3 });
    expect(flagValue(args, '-ss')).toBe('12.4800');
    expect(flagValue(args, '-frames:v')).toBe('75');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(args.indexOf('-frames:v')).toBeGreaterThan(args.indexOf('-i'));
  });

  it('asks ffmpeg for the requested pixel format', () => {
    expect(flagValue(readFramesArgs({ ...base, pixelFormat: 'gray' }), '-pix_fmt')).toBe('gray');
    expect(flagValue(readFramesArgs({ ...base, pixelFormat: 'rgba' }), '-pix_fmt')).toBe('rgba');
  });
});

describe('writeFramesArgs', () => {
  const base = { output: '/work/out.mp4', width: 320, height: 240, pixelFormat: 'rgb24' as const, fps: 25 };

  it('reads raw frames of the given shape and rate from stdin and encodes with the shared H.264 setting', () => {
    const args = writeFramesArgs(base);
    const input = args.indexOf('pipe:0');
    expect(args.slice(input - 9, input + 1)).toEqual([
      '-f',
      'rawvideo',
      '-pixel_format',
      'rgb24',
      '-video_size',
      '320x240',
      '-framerate',
      '25',
      '-i',
      'pipe:0',
    ]);
    expect(args.join(' ')).toContain(h264EncodeArgs().join(' '));
    expect(args.at(-1)).toBe('/work/out.mp4');
    expect(args).toEqual(expect.arrayContaining(['-y', '-progress', 'pipe:1']));
    expect(args).not.toContain('-shortest');
  });

  it('muxes the audio from its start point, padded with silence and cut at the last frame', () => {
    const args = writeFramesArgs({ ...base, audio: { file: '/media/in.mp4', startSec: 4 } });
    const audioInput = args.lastIndexOf('-i');
    expect(args[audioInput + 1]).toBe('/media/in.mp4');
    expect(args.slice(audioInput - 2, audioInput)).toEqual(['-ss', '4.000']);
    expect(args.join(' ')).toContain('-map 0:v:0');
    expect(args.join(' ')).toContain('-map 1:a:0 -c:a aac -b:a 192k -af apad -shortest');
  });

  it('passes custom encoder arguments and a forced container through', () => {
    const args = writeFramesArgs({ ...base, encode: ['-c:v', 'mpeg4', '-q:v', '3'], format: 'matroska' });
    expect(args).not.toContain('libx264');
    expect(args.slice(-7)).toEqual(['-c:v', 'mpeg4', '-q:v', '3', '-f', 'matroska', '/work/out.mp4']);
  });
});
