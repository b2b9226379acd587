import { createProgressParser, progressFraction, type FfmpegProgress } from './ffmpeg-progress.js';
import { resolveMediaTools } from './ffmpeg-paths.js';
import { runProcess, type ProcessResult } from './run-process.js';

export interface FfmpegProgressEvent extends FfmpegProgress {
  /** 0..1 when the output's duration is known, else null. */
  fraction: number | null;
}

export interface RunFfmpegOptions {
  signal?: AbortSignal;
  /** Expected output duration, turning out_time into a fraction. */
  durationSec?: number;
  onProgress?: (event: FfmpegProgressEvent) => void;
  /** ffmpeg binary; defaults to the resolved one. */
  ffmpeg?: string;
  onSpawn?: (pid: number) => void;
  /** Extra environment (e.g. FONTCONFIG_FILE for libass), merged over this process's. */
  env?: NodeJS.ProcessEnv;
}

/** Runs ffmpeg with arguments from ffmpeg-args.ts; progress needs their `-progress pipe:1` preamble. */
export function runFfmpeg(args: readonly string[], options: RunFfmpegOptions = {}): Promise<ProcessResult> {
  const parse = createProgressParser();
  const { onProgress, durationSec } = options;
  return runProcess(options.ffmpeg ?? resolveMediaTools().ffmpeg, args, {
    toolName: 'ffmpeg',
    signal: options.signal,
    onSpawn: options.onSpawn,
    ...(options.env ? { env: { ...process.env, ...options.env } } : {}),
    onStdoutLine: onProgress
      ? (line) => {
          const event = parse(line);
          if (event) onProgress({ ...event, fraction: progressFraction(event, durationSec) });
        }
      : undefined,
  });
}
