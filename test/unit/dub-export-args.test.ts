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

  it('keeps an audio input format and makes M4A from a video', () => {
    expect(audioFormatFor('.mp3', false)).toBe('mp3');
    expect(audioFormatFor('.WAV', false)).toBe('wav');
    expect(audioFormatFor('.mp4', true)).toBe('m4a');
    expect(audioExportArgs('mix.wav', 'out.mp3', 'mp3')).toContain('libmp3lame');
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
