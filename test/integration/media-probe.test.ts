import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DubDeskError } from '../../src/shared/errors.js';
import { orientationOf, probeMedia } from '../../src/main/media/probe.js';
import { makeAudio, makeImage, makeMediaDir, makeTextFile, makeVideo, NASTY_MEDIA } from '../fixtures/media.js';

async function unreadable(file: string): Promise<DubDeskError> {
  try {
    await probeMedia(file);
  } catch (error) {
    expect(error).toBeInstanceOf(DubDeskError);
    return error as DubDeskError;
  }
  throw new Error(`expected ${file} to be unreadable`);
}

describe('probeMedia on generated media', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeAll(async () => ({ dir, cleanup } = await makeMediaDir()));
  afterAll(() => cleanup());

  it('reads duration, streams, frame rate and size of a video with sound', async () => {
    const info = await probeMedia(await makeVideo(dir, { durationSec: 2, fps: 30 }));
    expect(info.durationSec).toBeCloseTo(2, 1);
    expect(info).toMatchObject({ hasVideo: true, hasAudio: true, isStillImage: false });
    expect(info.video).toEqual({
      codec: 'h264',
      width: 320,
      height: 240,
      fps: 30,
      rotation: 0,
      displayWidth: 320,
      displayHeight: 240,
      durationSec: expect.closeTo(2, 1),
    });
    expect(info.audio).toEqual({ codec: 'aac', sampleRate: 44100, channels: 1 });
    expect(orientationOf(info)).toBe('landscape');
  });

  it('reports a video without an audio track', async () => {
    const info = await probeMedia(await NASTY_MEDIA.noAudio.make(dir));
    expect(info.hasVideo).toBe(true);
    expect(info.hasAudio).toBe(false);
    expect(info.audio).toBeUndefined();
  });

  it('sees a video stored taller than wide as portrait', async () => {
    const info = await probeMedia(await NASTY_MEDIA.portrait.make(dir));
    expect(info.video).toMatchObject({ width: 240, height: 320, rotation: 0 });
    expect(orientationOf(info)).toBe('portrait');
  });

  it('turns a landscape-stored phone clip with a 90° display matrix into a portrait display', async () => {
    const info = await probeMedia(await NASTY_MEDIA.rotated.make(dir));
    expect(info.video).toMatchObject({ width: 320, height: 240, rotation: 90, displayWidth: 240, displayHeight: 320 });
    expect(orientationOf(info)).toBe('portrait');
  });

  it('reads 180° and 270° display rotations', async () => {
    const upsideDown = await probeMedia(await makeVideo(dir, { rotate: 180, withAudio: false }));
    expect(upsideDown.video).toMatchObject({ rotation: 180, displayWidth: 320, displayHeight: 240 });
    const turnedLeft = await probeMedia(await makeVideo(dir, { rotate: 270, withAudio: false }));
    expect(turnedLeft.video).toMatchObject({ rotation: 270, displayWidth: 240, displayHeight: 320 });
  });

  it('describes audio files and still images', async () => {
    const mp3 = await probeMedia(await makeAudio(dir, { format: 'mp3', durationSec: 2 }));
    expect(mp3).toMatchObject({
      hasVideo: false,
      hasAudio: true,
      audio: { codec: 'mp3', sampleRate: 44100, channels: 1 },
    });
    expect(mp3.durationSec).toBeCloseTo(2, 0);
    const png = await probeMedia(await makeImage(dir, { format: 'png', width: 200, height: 200 }));
    expect(png).toMatchObject({
      isStillImage: true,
      durationSec: 0,
      hasAudio: false,
      video: { width: 200, height: 200 },
    });
    expect(orientationOf(png)).toBe('square');
  });

  it('reports a truncated mp4 as media_unreadable, naming only the file', async () => {
    const file = await NASTY_MEDIA.truncated.make(dir);
    const error = await unreadable(file);
    expect(error.code).toBe('media_unreadable');
    expect(error.message).toMatch(/^truncated\.mp4 could not be read as audio or video/);
    expect(error.message).not.toContain(dir);
  });

  it('reports garbage bytes, a missing file and a subtitle file as media_unreadable', async () => {
    expect((await unreadable(await NASTY_MEDIA.garbage.make(dir))).message).toMatch(/^garbage\.mp4 could not be read/);
    expect((await unreadable(`${dir}/gone.mp4`)).message).toMatch(/^gone\.mp4 could not be read .*No such file/);
    const srt = await makeTextFile(dir, 'subs.srt', '1\n00:00:01,000 --> 00:00:02,000\nHi\n');
    expect((await unreadable(srt)).message).toBe('subs.srt contains no audio or video stream.');
  });

  it('probes a renamed png by its content, not its name', async () => {
    const info = await probeMedia(await NASTY_MEDIA.renamed.make(dir));
    expect(info.isStillImage).toBe(true);
    expect(info.video?.codec).toBe('png');
  });
});
