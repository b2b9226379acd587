// Raw video frames in and out of ffmpeg, for stages that change pictures frame by frame in JS/ONNX.
// runProcess cannot serve here: it ignores stdin and drains stdout in flowing mode (no backpressure), so this
// module has its own small spawn that keeps stdout paused while the consumer is busy and feeds stdin.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { boundToParent } from './child-lifetime.js';
import { resolveMediaTools } from './ffmpeg-paths.js';
import { createProgressParser, progressFraction } from './ffmpeg-progress.js';
import {
  frameSize,
  framePtsSec,
  readFramesArgs,
  targetFrameSize,
  writeFramesArgs,
  type FrameAudioSource,
  type PixelFormat,
} from './frame-args.js';
import { probeMedia } from './probe.js';
import type { FfmpegProgressEvent } from './run-ffmpeg.js';
import { abortError, createLineSplitter, firstErrorLine, ProcessError, STDERR_TAIL_CHARS } from './run-process.js';

export { frameSize, type PixelFormat } from './frame-args.js';

export interface Frame {
  /** 0-based position in this stream. */
  index: number;
  /** Seconds in the source file (startSec + index / fps). */
  ptsSec: number;
  /** Packed pixels, rows top to bottom, exactly width * height * channels bytes; the consumer owns it. */
  data: Buffer;
}

export interface FrameStreamOptions {
  /** Scale to this size; with one side only the other keeps the display aspect. Default: the display size. */
  width?: number;
  height?: number;
  pixelFormat: PixelFormat;
  /** Resample to this constant rate; default the source's average rate. */
  fps?: number;
  startSec?: number;
  durationSec?: number;
  signal?: AbortSignal;
  /** ffmpeg / ffprobe binaries; default the resolved ones. */
  ffmpeg?: string;
  ffprobe?: string;
  /** Called once ffmpeg is running, e.g. to log it or to check later that it is gone. */
  onSpawn?: (pid: number) => void;
}

/** What readFrames will yield, known before the first frame (e.g. to open a FrameWriter of the same shape). */
export interface FrameStreamInfo {
  width: number;
  height: number;
  fps: number;
  pixelFormat: PixelFormat;
  frameBytes: number;
  /** Seconds of source the stream covers (the requested duration, capped by the file's end). */
  durationSec: number;
}

/** Probes the file and settles the frame size and rate that readFrames will use. */
export async function describeFrameStream(file: string, options: FrameStreamOptions): Promise<FrameStreamInfo> {
  const info = await probeMedia(file, { signal: options.signal, ffprobe: options.ffprobe });
  const video = info.video;
  if (!video || info.isStillImage) {
    throw new DubDeskError('media_unreadable', `${path.basename(file)} has no video track to read frames from.`);
  }
  const fps = options.fps ?? video.fps;
  if (!(fps > 0)) {
    throw new DubDeskError('media_unreadable', `${path.basename(file)} does not say its frame rate; pass one to read its frames.`);
  }
  // ffmpeg autorotates, so frames come out in the display orientation.
  const { width, height } = targetFrameSize({ width: video.displayWidth, height: video.displayHeight }, options);
  const startSec = options.startSec ?? 0;
  const remaining = Math.max(0, info.durationSec - startSec);
  return {
    width,
    height,
    fps,
    pixelFormat: options.pixelFormat,
    frameBytes: frameSize(options.pixelFormat, width, height),
    durationSec: options.durationSec !== undefined ? Math.min(options.durationSec, remaining) : remaining,
  };
}

/**
 * Decodes a video's first track into constant-rate raw frames with one ffmpeg process. Memory stays at about one
 * frame plus the pipe: ffmpeg blocks while the consumer works. Breaking out of the loop or aborting kills ffmpeg
 * and waits for it, so no process outlives the iteration.
 */
export async function* readFrames(file: string, options: FrameStreamOptions): AsyncGenerator<Frame, void, undefined> {
  const { signal } = options;
  if (signal?.aborted) throw abortError('ffmpeg', signal.reason);
  const stream = await describeFrameStream(file, options);
  if (signal?.aborted) throw abortError('ffmpeg', signal.reason);
  const startSec = options.startSec ?? 0;
  const args = readFramesArgs({ input: file, ...stream, startSec, durationSec: options.durationSec });
  const ffmpeg = startFfmpeg(options.ffmpeg ?? resolveMediaTools().ffmpeg, args, { stdin: false, onSpawn: options.onSpawn });
  const stdout = ffmpeg.child.stdout!;

  let aborted = false;
  const onAbort = (): void => {
    aborted = true;
    stdout.destroy(abortError('ffmpeg', signal?.reason));
    ffmpeg.kill();
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let frame = Buffer.allocUnsafeSlow(stream.frameBytes);
    let filled = 0;
    let index = 0;
    // The stream's async iterator reads only when pulled, so a suspended yield leaves the pipe full and ffmpeg waiting.
    for await (const chunk of stdout as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length) {
        const taken = Math.min(stream.frameBytes - filled, chunk.length - at);
        chunk.copy(frame, filled, at, at + taken);
        filled += taken;
        at += taken;
        if (filled === stream.frameBytes) {
          yield { index, ptsSec: framePtsSec(index, stream.fps, startSec), data: frame };
          index += 1;
          frame = Buffer.allocUnsafeSlow(stream.frameBytes);
          filled = 0;
        }
      }
    }
    const exit = await ffmpeg.exited;
    if (aborted) throw abortError('ffmpeg', signal?.reason);
    const failure = exitFailure(exit);
    if (failure) throw readFailure(file, failure);
    if (filled !== 0) {
      throw new DubDeskError('media_unreadable', `The frames of ${path.basename(file)} ended in the middle of a frame.`);
    }
  } catch (error) {
    if (aborted) throw abortError('ffmpeg', signal?.reason);
    throw error;
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (ffmpeg.running()) {
      stdout.destroy();
      ffmpeg.kill();
    }
    await ffmpeg.exited;
  }
}

export interface FrameWriterOptions {
  /** Final path, in an existing folder; the container follows its extension, or `format` (ffmpeg's -f) when it has none. */
  output: string;
  width: number;
  height: number;
  fps: number;
  pixelFormat: PixelFormat;
  /** Mux this file's first audio track, from startSec, padded or cut to the frames' length. */
  audio?: FrameAudioSource;
  /** Video encoder arguments; default h264EncodeArgs(). */
  encode?: string[];
  audioEncode?: string[];
  format?: string;
  signal?: AbortSignal;
  ffmpeg?: string;
  onSpawn?: (pid: number) => void;
  /** Expected length of the output, so progress events carry a fraction. */
  durationSec?: number;
  onProgress?: (event: FfmpegProgressEvent) => void;
}

export interface FrameWriter {
  /** Sends one frame; resolves once ffmpeg has taken its bytes, so the buffer may then be reused. */
  write(frame: Buffer): Promise<void>;
  /** Closes the stream, waits for ffmpeg and moves the finished file to `output`. */
  end(): Promise<void>;
  /** Stops ffmpeg and removes the partial file; nothing is left at `output`. A no-op after end() succeeded. */
  abort(): Promise<void>;
  readonly framesWritten: number;
}

/**
 * Encodes raw frames from JS into a video file through ffmpeg's stdin. ffmpeg writes a temp file beside the
 * output and end() renames it into place, so a failed or cancelled write leaves nothing at `output`.
 */
export function createFrameWriter(options: FrameWriterOptions): FrameWriter {
  const { signal } = options;
  if (signal?.aborted) throw abortError('ffmpeg', signal.reason);
  const bytesPerFrame = frameSize(options.pixelFormat, options.width, options.height);
  const temp = partialPath(options.output);
  const args = writeFramesArgs({ ...options, output: temp });
  const ffmpeg = startFfmpeg(options.ffmpeg ?? resolveMediaTools().ffmpeg, args, {
    stdin: true,
    onStdoutLine: progressListener(options),
    onSpawn: options.onSpawn,
  });
  const stdin = ffmpeg.child.stdin!;
  // EPIPE after ffmpeg dies arrives here; the exit status explains it better, so writes report that instead.
  stdin.on('error', () => {});

  let state: 'open' | 'ending' | 'done' | 'aborted' = 'open';
  let framesWritten = 0;
  // Whatever ends ffmpeg other than a successful end() leaves no partial file behind.
  const settled = ffmpeg.exited
    .then(async (exit) => {
      if (state !== 'ending' || exitFailure(exit)) await rm(temp, { force: true });
    })
    // rm with force fails only on a permission problem; the error that ended ffmpeg is the one worth reporting.
    .catch(() => {});

  const failureAfterExit = async (): Promise<Error> => {
    const exit = await ffmpeg.exited;
    await settled;
    if (state === 'aborted') return abortError('ffmpeg', signal?.reason);
    return exitFailure(exit) ?? new ProcessError('ffmpeg stopped reading frames before they were all written.', {
      tool: 'ffmpeg', exitCode: exit.code, exitSignal: exit.signal, stderrTail: exit.stderrTail,
    });
  };

  const abort = async (): Promise<void> => {
    if (state === 'done') return;
    state = 'aborted';
    signal?.removeEventListener('abort', onAbort);
    stdin.destroy();
    ffmpeg.kill();
    await ffmpeg.exited;
    await settled;
  };
  const onAbort = (): void => void abort();
  signal?.addEventListener('abort', onAbort, { once: true });

  return {
    get framesWritten() {
      return framesWritten;
    },
    async write(frame) {
      if (state === 'aborted') throw abortError('ffmpeg', signal?.reason);
      if (state !== 'open') throw new Error('The frame writer is already closed.');
      if (frame.length !== bytesPerFrame) {
        throw new RangeError(`A ${options.width}x${options.height} ${options.pixelFormat} frame has ${bytesPerFrame} bytes, not ${frame.length}.`);
      }
      // The callback fires once the bytes are in the pipe; a frame is far above the stream's high-water mark,
      // so waiting for it is the same as waiting for drain, and the caller may reuse the buffer afterwards.
      const written = await new Promise<boolean>((resolve) => stdin.write(frame, (error) => resolve(!error)));
      if (!written) throw await failureAfterExit();
      framesWritten += 1;
    },
    async end() {
      if (state === 'done') return;
      if (state === 'aborted') throw abortError('ffmpeg', signal?.reason);
      if (state === 'ending') throw new Error('end() was already called.');
      state = 'ending';
      stdin.end();
      const exit = await ffmpeg.exited;
      await settled;
      signal?.removeEventListener('abort', onAbort);
      if ((state as string) === 'aborted') throw abortError('ffmpeg', signal?.reason);
      const failure = exitFailure(exit);
      if (failure) {
        state = 'aborted';
        throw failure;
      }
      try {
        await rename(temp, options.output);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
      state = 'done';
    },
    abort,
  };
}

function progressListener(options: FrameWriterOptions): ((line: string) => void) | undefined {
  const { onProgress, durationSec } = options;
  if (!onProgress) return undefined;
  const parse = createProgressParser();
  return (line) => {
    const event = parse(line);
    if (event) onProgress({ ...event, fraction: progressFraction(event, durationSec) });
  };
}

/** A hidden sibling with the output's extension, so ffmpeg still picks the container from the name. */
function partialPath(output: string): string {
  const ext = path.extname(output);
  const base = path.basename(output, ext);
  return path.join(path.dirname(output), `.${base}.${randomBytes(4).toString('hex')}.partial${ext}`);
}

interface FfmpegExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  spawnError?: Error;
  stderrTail: string;
  command: string;
}

interface RunningFfmpeg {
  child: ChildProcess;
  /** Resolves (never rejects) once the process has exited and its pipes have closed. */
  exited: Promise<FfmpegExit>;
  running(): boolean;
  kill(): void;
}

function startFfmpeg(
  command: string,
  args: readonly string[],
  options: { stdin: boolean; onStdoutLine?: (line: string) => void; onSpawn?: (pid: number) => void },
): RunningFfmpeg {
  // Bound to this process: a service killed even by SIGKILL takes its frame pipelines with it.
  const bound = boundToParent(command, args);
  const child = spawn(bound.command, bound.args, {
    shell: false,
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    windowsHide: true,
  });
  let stderrTail = '';
  let spawnError: Error | undefined;
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-STDERR_TAIL_CHARS);
  });
  if (options.onStdoutLine) {
    const lines = createLineSplitter(options.onStdoutLine);
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => lines.push(chunk));
    child.stdout!.on('end', () => lines.flush());
  } else if (options.stdin) {
    // A writer's progress goes unread; drain it so ffmpeg never blocks on a full stdout pipe.
    child.stdout!.resume();
  }
  child.once('spawn', () => {
    if (child.pid !== undefined) options.onSpawn?.(child.pid);
  });
  child.on('error', (error) => {
    if (child.pid === undefined) spawnError = error;
  });
  const exited = new Promise<FfmpegExit>((resolve) => {
    child.once('close', (code, signal) => resolve({ code, signal, spawnError, stderrTail: stderrTail.trim(), command }));
  });
  return {
    child,
    exited,
    running: () => child.exitCode === null && child.signalCode === null && child.pid !== undefined,
    // Straight to SIGKILL: both sides only ever write a pipe or a temp file that is thrown away, so nothing needs finishing.
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** The same failures and messages as runProcess gives, or null for a clean exit. */
function exitFailure(exit: FfmpegExit): ProcessError | null {
  const details = { tool: 'ffmpeg', exitCode: exit.code, exitSignal: exit.signal, stderrTail: exit.stderrTail };
  if (exit.spawnError) {
    return new ProcessError(`Could not start ffmpeg (${exit.command}): ${exit.spawnError.message}`, { ...details, exitCode: null, exitSignal: null }, {
      cause: exit.spawnError,
    });
  }
  if (exit.code === 0) return null;
  const how = exit.code === null ? `was killed by signal ${exit.signal}` : `exited with code ${exit.code}`;
  return new ProcessError(`ffmpeg ${how}${exit.stderrTail ? `: ${exit.stderrTail}` : '.'}`, details);
}

/** A decode failure is a property of the user's file; a binary that could not start stays a setup error. */
function readFailure(file: string, failure: ProcessError): Error {
  if (failure.exitCode === null && failure.exitSignal === null) return failure;
  const name = path.basename(file);
  const reason = firstErrorLine(failure.stderrTail.split(file).join(name));
  return new DubDeskError('media_unreadable', `The video of ${name} could not be decoded${reason ? ` (${reason})` : ''}.`, { cause: failure });
}
