// What the editor plays after "regenerate this line": the line alone, fitted as the export will fit it, and the
// same line over the original's audio of its time (ducked), so the user hears whether it sits right.
import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { writeHandleAtomic, writeThroughTemp } from '../files/atomic-write.js';
import { pcm16, wavHeader } from '../media/audio.js';
import { timeStretch } from '../media/dsp/time-stretch.js';
import { ffmpegBaseArgs } from '../media/ffmpeg-args.js';
import { runFfmpeg } from '../media/run-ffmpeg.js';
import { firstErrorLine, ProcessError } from '../media/run-process.js';

/** The original under the line: loud enough to judge the timing against, quiet enough to hear every word. */
export const ORIGINAL_DUCK_DB = -14;
/** The preview runs a little past the line, so its end is heard against what follows. */
export const PREVIEW_TAIL_MS = 300;
export const PREVIEW_SAMPLE_RATE = 48000;

export interface LinePreviewOptions {
  /** ffmpeg binary. */
  ffmpeg: string;
  /** The line as synthesized (at fit.rate), mono. */
  clip: { samples: Float32Array; sampleRate: number };
  fit: { rate: number; stretch: number };
  /** The project's input media and the line's span in it; absent when the project keeps no media. */
  original?: { path: string; startMs: number; endMs: number };
  aloneFile: string;
  withOriginalFile: string;
  signal?: AbortSignal;
}

export interface LinePreview {
  /** The fitted line's length. */
  durationMs: number;
  /** False when the media has no audio (or none was given): withOriginalFile is then the line alone. */
  mixed: boolean;
}

/** Writes the fitted line (16-bit WAV) and the line over the ducked original (48 kHz stereo 16-bit WAV). */
export async function writeLinePreview(options: LinePreviewOptions): Promise<LinePreview> {
  const { clip, fit, original } = options;
  const fitted = fit.stretch === 1 ? clip.samples : timeStretch(clip.samples, clip.sampleRate, fit.stretch);
  await writeWavInBlocks(options.aloneFile, fitted, clip.sampleRate);
  const durationMs = (fitted.length / clip.sampleRate) * 1000;
  const alone = async (): Promise<LinePreview> => {
    await writeThroughTemp(options.withOriginalFile, (tempPath) => copyFile(options.aloneFile, tempPath));
    return { durationMs, mixed: false };
  };
  if (!original) return alone();

  const spanMs = Math.max(original.endMs - original.startMs, durationMs) + PREVIEW_TAIL_MS;
  try {
    await writeThroughTemp(options.withOriginalFile, (tempPath) =>
      runFfmpeg(
        mixArgs({
          original: original.path,
          startMs: original.startMs,
          spanMs,
          line: options.aloneFile,
          output: tempPath,
        }),
        {
          ffmpeg: options.ffmpeg,
          signal: options.signal,
        },
      ),
    );
  } catch (error) {
    if (!(error instanceof ProcessError) || (error.exitCode === null && error.exitSignal === null)) throw error;
    // A video with no sound: the line alone is all there is to hear.
    if (/matches no streams/.test(error.stderrTail)) return alone();
    const name = path.basename(original.path);
    const reason = firstErrorLine(error.stderrTail.split(original.path).join(name));
    throw new DubDeskError(
      'media_unreadable',
      `The audio of ${name} could not be mixed under the line${reason ? ` (${reason})` : ''}.`,
      { cause: error },
    );
  }
  return { durationMs, mixed: true };
}

/** Samples converted to 16-bit PCM per write, so a two-minute line never has a second copy of itself in memory. */
const WRITE_BLOCK = 1 << 16;

/** A 16-bit mono WAV written block by block through a temp file (the service answers other requests between blocks). */
async function writeWavInBlocks(file: string, samples: Float32Array, sampleRate: number): Promise<void> {
  await writeHandleAtomic(file, async (handle) => {
    await handle.write(wavHeader(samples.length, sampleRate));
    for (let from = 0; from < samples.length; from += WRITE_BLOCK)
      await handle.write(pcm16(samples.subarray(from, from + WRITE_BLOCK)));
  });
}

/** One ffmpeg run: the original's audio of the span, ducked, plus the line from the span's start; both padded to the span. */
export function mixArgs(options: {
  original: string;
  startMs: number;
  spanMs: number;
  line: string;
  output: string;
}): string[] {
  const samples = Math.round((options.spanMs / 1000) * PREVIEW_SAMPLE_RATE);
  const shape = `aresample=${PREVIEW_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`;
  // Padding both to exactly the span lets amerge + pan sum them at full level (amix in ffmpeg 4.1 divides by the input count).
  const fill = `apad=whole_len=${samples},atrim=end_sample=${samples}`;
  return [
    ...ffmpegBaseArgs(),
    '-y',
    '-ss',
    (options.startMs / 1000).toFixed(3),
    '-t',
    (options.spanMs / 1000).toFixed(3),
    '-i',
    options.original,
    '-i',
    options.line,
    '-filter_complex',
    `[0:a:0]${shape},volume=${ORIGINAL_DUCK_DB}dB,${fill}[original];` +
      `[1:a:0]${shape},${fill}[line];` +
      '[original][line]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[mix]',
    '-map',
    '[mix]',
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    options.output,
  ];
}
