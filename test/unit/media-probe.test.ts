import { describe, expect, it } from 'vitest';
import {
  frameRate,
  mediaInfoFromFfprobe,
  normalizeRotation,
  orientationOf,
  rotationOf,
  type FfprobeOutput,
} from '../../src/main/media/probe.js';

const h264 = {
  codec_type: 'video',
  codec_name: 'h264',
  width: 1920,
  height: 1080,
  avg_frame_rate: '30000/1001',
  r_frame_rate: '30000/1001',
};
const aac = { codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2 };

describe('mediaInfoFromFfprobe', () => {
  it('describes a landscape video with audio', () => {
    const info = mediaInfoFromFfprobe({
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.345000' },
      streams: [h264, aac],
    });
    expect(info).toEqual({
      durationSec: 12.345,
      formatName: 'mov,mp4,m4a,3gp,3g2,mj2',
      isStillImage: false,
      hasVideo: true,
      hasAudio: true,
      video: {
        codec: 'h264',
        width: 1920,
        height: 1080,
        fps: 30000 / 1001,
        rotation: 0,
        displayWidth: 1920,
        displayHeight: 1080,
      },
      audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
    });
    expect(orientationOf(info)).toBe('landscape');
  });

  it('turns a phone clip stored landscape with a -90 display matrix into a portrait display', () => {
    const phone = { ...h264, side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }] };
    const info = mediaInfoFromFfprobe({ format: { format_name: 'mov', duration: '3' }, streams: [phone, aac] });
    expect(info.video).toMatchObject({
      width: 1920,
      height: 1080,
      rotation: 90,
      displayWidth: 1080,
      displayHeight: 1920,
    });
    expect(orientationOf(info)).toBe('portrait');
  });

  it('reads the clockwise rotate tag of older ffprobe builds', () => {
    expect(rotationOf({ tags: { rotate: '270' } })).toBe(270);
    expect(rotationOf({ tags: { rotate: '90' }, side_data_list: [{ rotation: -90 }] })).toBe(90);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 180 }] })).toBe(180);
    expect(rotationOf({ side_data_list: [{ side_data_type: 'Display Matrix', rotation: 90 }] })).toBe(270);
    expect(rotationOf({})).toBe(0);
  });

  it('normalises any angle to the nearest quarter turn', () => {
    expect([0, 90, -90, 180, -180, 270, 360, 450, 89.6, -0].map(normalizeRotation)).toEqual([
      0, 90, 270, 180, 180, 270, 0, 90, 90, 0,
    ]);
    expect(normalizeRotation(Number.NaN)).toBe(0);
  });

  it('ignores cover art so an mp3 with a picture is audio only', () => {
    const cover = {
      codec_type: 'video',
      codec_name: 'mjpeg',
      width: 500,
      height: 500,
      disposition: { attached_pic: 1 },
    };
    const info = mediaInfoFromFfprobe({
      format: { format_name: 'mp3', duration: '200.1' },
      streams: [{ ...aac, codec_name: 'mp3' }, cover],
    });
    expect(info.hasVideo).toBe(false);
    expect(info.video).toBeUndefined();
    expect(info.hasAudio).toBe(true);
  });

  it('gives a still image no duration', () => {
    const json: FfprobeOutput = {
      format: { format_name: 'image2', duration: '0.040000' },
      streams: [{ codec_type: 'video', codec_name: 'mjpeg', width: 600, height: 600, avg_frame_rate: '25/1' }],
    };
    const info = mediaInfoFromFfprobe(json);
    expect(info).toMatchObject({ isStillImage: true, durationSec: 0, hasVideo: true });
    expect(orientationOf(info)).toBe('square');
  });

  it('falls back to stream durations and the r_frame_rate when the container lacks them', () => {
    const info = mediaInfoFromFfprobe({
      format: { format_name: 'avi' },
      streams: [
        { ...h264, avg_frame_rate: '0/0', r_frame_rate: '25/1', duration: '4.2' },
        { ...aac, duration: '4.25' },
      ],
    });
    expect(info.durationSec).toBe(4.25);
    expect(info.video?.fps).toBe(25);
  });

  it('parses frame-rate fractions', () => {
    expect(frameRate('24000/1001')).toBeCloseTo(23.976, 3);
    expect(frameRate('0/0')).toBe(0);
    expect(frameRate(undefined)).toBe(0);
    expect(frameRate('30')).toBe(30);
  });
});
