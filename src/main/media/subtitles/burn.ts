// Burning an ASS file into video with libass: the filter string (pure), the ASS file on disk, and a standalone
// burn command. The render stage usually puts subtitlesFilter() into its own filter chain instead.
import path from 'node:path';
import { ffmpegPreamble, h264EncodeArgs } from '../ffmpeg-args.js';
import { writeFileAtomic } from '../../files/atomic-write.js';

/** First level of ffmpeg's filtergraph escaping: one option value, where `\`, `'` and `:` are special. */
export function escapeFilterOptionValue(value: string): string {
  return value.replace(/[\\':]/g, (char) => `\\${char}`);
}

/** Second level: the filtergraph description, where `\`, `'`, `[`, `]`, `,` and `;` are special. */
export function escapeFiltergraph(text: string): string {
  return text.replace(/[\\'[\],;]/g, (char) => `\\${char}`);
}

export interface SubtitlesFilterOptions {
  /** The ASS document (buildAssDocument) drawn on frames of its PlayRes size. */
  assFile: string;
  /** Loaded by libass itself: the default font works even where fontconfig finds nothing. */
  fontsDir?: string;
}

/**
 * `ass=filename=...:fontsdir=...` for -vf or -filter_complex, any path escaped for both parsing levels (Windows
 * drive colons and backslashes included). The `ass` filter reads the file as written (the `subtitles` filter
 * would re-decode it through libavcodec). Its process needs prepareFontconfig's environment for glyph fallback.
 */
export function subtitlesFilter(options: SubtitlesFilterOptions): string {
  const args = [`filename=${escapeFilterOptionValue(options.assFile)}`];
  if (options.fontsDir) args.push(`fontsdir=${escapeFilterOptionValue(options.fontsDir)}`);
  return escapeFiltergraph(`ass=${args.join(':')}`);
}

/** Writes the document as `<dir>/<name>` atomically and returns its path. */
export async function writeAssFile(dir: string, document: string, name = 'subtitles.ass'): Promise<string> {
  const file = path.join(dir, name);
  await writeFileAtomic(file, document);
  return file;
}

export interface BurnSubtitlesArgsOptions extends SubtitlesFilterOptions {
  input: string;
  output: string;
  /** x264 speed/quality trade-off; veryfast keeps a 2-core machine near real time at 720p. */
  preset?: string;
  crf?: number;
}

/** A whole-file burn: video re-encoded with the subtitles drawn, audio copied as it is. */
export function burnSubtitlesArgs(options: BurnSubtitlesArgsOptions): string[] {
  return [
    ...ffmpegPreamble(),
    '-i',
    options.input,
    '-map',
    '0:v:0',
    '-map',
    '0:a?',
    '-vf',
    subtitlesFilter(options),
    ...h264EncodeArgs(options.preset, options.crf),
    '-c:a',
    'copy',
    '-movflags',
    '+faststart',
    options.output,
  ];
}
