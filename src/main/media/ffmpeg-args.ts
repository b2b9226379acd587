// Pure builders of ffmpeg argument lists; every flag here exists in ffmpeg 4.1 (the bundled build).

/** Quiet stderr (errors only, so its tail explains a failure), never read stdin. */
export function ffmpegBaseArgs(): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error'];
}

/** For commands that write a file: overwrite it and report progress as key=value blocks on stdout. */
export function ffmpegPreamble(): string[] {
  return [...ffmpegBaseArgs(), '-y', '-progress', 'pipe:1', '-nostats'];
}

export interface ExtractAudioOptions {
  input: string;
  output: string;
  sampleRate: number;
  /** 1 (the default) is what speech engines expect. */
  channels?: number;
}

/** First audio track of any audio or video file -> 16-bit PCM WAV at the given rate. */
export function extractAudioArgs(options: ExtractAudioOptions): string[] {
  return [
    ...ffmpegPreamble(),
    '-i',
    options.input,
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    String(options.channels ?? 1),
    '-ar',
    String(options.sampleRate),
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    options.output,
  ];
}

export interface DecodePcmOptions {
  input: string;
  sampleRate: number;
  /** Decode only the first this many seconds. */
  durationSec?: number;
}

/** First audio track -> mono 32-bit float little-endian samples on stdout (so no progress on stdout). */
export function decodePcmArgs(options: DecodePcmOptions): string[] {
  return [
    ...ffmpegBaseArgs(),
    '-i',
    options.input,
    ...(options.durationSec !== undefined ? ['-t', options.durationSec.toFixed(3)] : []),
    '-map',
    '0:a:0',
    '-vn',
    '-sn',
    '-dn',
    '-ac',
    '1',
    '-ar',
    String(options.sampleRate),
    '-c:a',
    'pcm_f32le',
    '-f',
    'f32le',
    'pipe:1',
  ];
}

/** ffprobe's JSON description of the container and every stream. */
export function probeArgs(input: string): string[] {
  return ['-hide_banner', '-loglevel', 'error', '-print_format', 'json', '-show_format', '-show_streams', input];
}

/**
 * The one H.264 setting for every re-encode (dubbed video, retiming, subtitle burns), so outputs match and the
 * benches compare like with like. veryfast keeps a 2-core machine near real time at 720p; CRF 20 is visually clean.
 */
export function h264EncodeArgs(preset = 'veryfast', crf = 20): string[] {
  return ['-c:v', 'libx264', '-preset', preset, '-crf', String(crf), '-pix_fmt', 'yuv420p'];
}
