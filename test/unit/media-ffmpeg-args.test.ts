import { describe, expect, it } from 'vitest';
import { decodePcmArgs, extractAudioArgs, ffmpegPreamble, probeArgs } from '../../src/main/media/ffmpeg-args.js';

describe('ffmpeg argument builders', () => {
  it('starts file-writing commands with the quiet, overwrite, progress-on-stdout preamble', () => {
    expect(ffmpegPreamble()).toEqual([
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-progress',
      'pipe:1',
      '-nostats',
    ]);
  });

  it('extracts the first audio track to mono 16-bit WAV at the asked rate', () => {
    const args = extractAudioArgs({ input: '/in/clip.mov', output: '/work/audio.wav', sampleRate: 16000 });
    expect(args.slice(0, ffmpegPreamble().length)).toEqual(ffmpegPreamble());
    expect(args.join(' ')).toContain(
      '-i /in/clip.mov -map 0:a:0 -vn -sn -dn -ac 1 -ar 16000 -c:a pcm_s16le -f wav /work/audio.wav',
    );
    expect(args.at(-1)).toBe('/work/audio.wav');
    expect(extractAudioArgs({ input: 'a', output: 'b', sampleRate: 48000, channels: 2 }).join(' ')).toContain(
      '-ac 2 -ar 48000',
    );
  });

  it('decodes PCM to stdout without a progress stream competing for it', () => {
    const args = decodePcmArgs({ input: '/in/a.mp3', sampleRate: 22050 });
    expect(args).not.toContain('-progress');
    expect(args.join(' ')).toContain('-ac 1 -ar 22050 -c:a pcm_f32le -f f32le pipe:1');
  });

  it('asks ffprobe for JSON of the format and every stream', () => {
    expect(probeArgs('/x/y.mp4')).toEqual([
      '-hide_banner',
      '-loglevel',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      '/x/y.mp4',
    ]);
  });
});
