import { describe, expect, it } from 'vitest';
import {
  audioExportArgs,
  audioFormatFor,
  videoContainerFor,
  videoExportArgs,
} from '../../src/main/dubbing/export-args.js';
import { outputBaseName } from '../../src/main/pipelines/translate/output-names.js';
import { wantedOutputs } from '../../src/main/pipelines/translate/wanted-outputs.js';

describe('what export_type produces', () => {
  it('matches the input type for auto, and gives both for all', () => {
    expect(wantedOutputs('auto', true)).toEqual({ video: true, audio: false });
    expect(wantedOutputs('auto', false)).toEqual({ video: false, audio: true });
    expect(wantedOutputs('all', true)).toEqual({ video: true, audio: true });
    expect(wantedOutputs('audio', true)).toEqual({ video: false, audio: true });
    expect(wantedOutputs('video', true)).toEqual({ video: true, audio: false });
  });

  it('names outputs after the input and the target language', () => {
    expect(outputBaseName('My talk.mp4', 'pt-BR')).toBe('My talk.pt');
    expect(outputBaseName('../x/y:z.mov', 'de')).toBe('y_z.de');
  });
});

describe('export arguments', () => {
  it('copies the video stream when nothing touches its pixels', () => {
    const args = videoExportArgs({
      mediaPath: 'in.mp4',
      audioPath: 'mix.wav',
      outputPath: 'out.mp4',
      videoFilters: [],
      durationSec: 12.5,
    });
    expect(args.join(' ')).toContain('-map 0:v:0 -c:v copy');
    expect(args.join(' ')).toContain('-map 1:a:0 -c:a aac');
    expect(args).not.toContain('libx264');
    expect(args.slice(-3)).toEqual(['-movflags', '+faststart', 'out.mp4']);
  });

  it('re-encodes through one filter chain when subtitles or retiming apply', () => {
    const args = videoExportArgs({
      mediaPath: 'in.mp4',
      audioPath: 'mix.wav',
      outputPath: 'out.mp4',
      videoFilters: ['setpts=PTS', "subtitles='a.ass'"],
      durationSec: 3,
    });
    expect(args).toContain("[0:v:0]setpts=PTS,subtitles='a.ass'[video]");
    expect(args).toContain('libx264');
  });

  it('keeps codecs an MP4 cannot hold in Matroska instead of re-encoding them', () => {
    expect(videoContainerFor('h264', false)).toBe('mp4');
    expect(videoContainerFor('vp8', false)).toBe('mkv');
    expect(videoContainerFor('vp8', true)).toBe('mp4');
  });

  it('keeps every audio format by its content id and makes M4A from a video or a video container of sound', () => {
    for (const format of ['wav', 'mp3', 'm4a', 'aac', 'flac', 'ogg', 'opus', 'weba'])
      expect(audioFormatFor(format, false)).toBe(format);
    expect(audioFormatFor('mp4', true)).toBe('m4a');
    expect(audioFormatFor('webm', true)).toBe('m4a');
    // Matroska or AVI holding only sound: no audio form of their own to keep.
    expect(audioFormatFor('mkv', false)).toBe('m4a');
    expect(audioFormatFor('avi', false)).toBe('m4a');
    expect(audioExportArgs('mix.wav', 'out.mp3', 'mp3')).toContain('libmp3lame');
    expect(audioExportArgs('mix.wav', 'out.flac', 'flac')).toEqual(expect.arrayContaining(['-c:a', 'flac', '-f']));
  });

  it('copies audio already encoded as ADTS, its priming packet moved before 0 for the muxer to trim', () => {
    const video = videoExportArgs({
      mediaPath: 'in.mp4',
      audioPath: 'mixed.adts',
      encodedAudioRate: 48_000,
      outputPath: 'out.mp4',
      videoFilters: [],
      durationSec: 10,
    });
    expect(video.join(' ')).toContain('-itsoffset -0.021333 -i mixed.adts');
    expect(video.join(' ')).toContain('-c:a copy');
    expect(video).not.toContain('aac');
    const audio = audioExportArgs('mixed.adts', 'out.m4a', 'm4a', 48_000);
    expect(audio.join(' ')).toContain('-itsoffset -0.021333 -i mixed.adts -map 0:a:0 -c:a copy -f ipod');
  });
});
