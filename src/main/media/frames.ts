// Raw video frames in and out of ffmpeg, for stages that change pictures frame by frame in JS/ONNX.
// Streams through startProcess (run-process.ts): stdout stays paused while the consumer is busy, stdin is fed.
import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { atomicTarget } from '../files/atomic-write.js';
import { resolveMediaTools } from './ffmpeg-paths.js';
import { createProgressParser, progressFraction } from './ffmpeg-progress.js';
import {
  frameSize,
  framePtsSec,
  readFramesArgs,
  targetFrameSize,
  writeFramesArgs,
  type FrameAudioSource,
  type FrameGraph,
  type PixelFormat,
} from './frame-args.js';
import { probeMedia } from './probe.js';
import type { FfmpegProgressEvent } from './run-ffmpeg.js';
import { abortError, firstErrorLine, ProcessError, startProcess, type StartedProcess } from './run-process.js';

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
  /** readFrames only: filters after the rate and size ones; the frames yielded are the size they put out. */
  graph?: FrameGraph;
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
  /** The video track's own length when the file says it (a decode that stops well short of it met damaged data). */
  videoDurationSec?: number;
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
    throw new DubDeskError(
      'media_unreadable',
      `${path.basename(file)} does not say its frame rate; pass one to read its frames.`,
    );
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
    ...(video.durationSec ? { videoDurationSec: video.durationSec } : {}),
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
  const args = readFramesArgs({
    input: file,
    ...stream,
    startSec,
    durationSec: options.durationSec,
    graph: options.graph,
  });
  const frameBytes = options.graph
    ? frameSize(options.pixelFormat, options.graph.width, options.graph.height)
    : stream.frameBytes;
  const ffmpeg = startFrameFfmpeg(options.ffmpeg ?? resolveMediaTools().ffmpeg, args, {
    readStdout: true,
    signal,
    onSpawn: options.onSpawn,
  });
  const stdout = ffmpeg.stdout;

  let aborted = false;
  // startProcess kills ffmpeg on abort; failing the pipe too ends a consumer's loop at once, not after buffered frames.
  const onAbort = (): void => {
    aborted = true;
    stdout.destroy(abortError('ffmpeg', signal?.reason));
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let frame = Buffer.allocUnsafeSlow(frameBytes);
    let filled = 0;
    let index = 0;
    // The stream's async iterator reads only when pulled, so a suspended yield leaves the pipe full and ffmpeg waiting.
    for await (const chunk of stdout as AsyncIterable<Buffer>) {
      let at = 0;
      while (at < chunk.length) {
        const taken = Math.min(frameBytes - filled, chunk.length - at);
        chunk.copy(frame, filled, at, at + taken);
        filled += taken;
        at += taken;
        if (filled === frameBytes) {
          yield { index, ptsSec: framePtsSec(index, stream.fps, startSec), data: frame };
          index += 1;
          frame = Buffer.allocUnsafeSlow(frameBytes);
          filled = 0;
        }
      }
    }
    const exit = await ffmpeg.exited;
    if (aborted) throw abortError('ffmpeg', signal?.reason);
    const failure = ffmpeg.failure(exit);
    if (failure) throw readFailure(file, failure);
    if (filled !== 0) {
      throw new DubDeskError(
        'media_unreadable',
        `The frames of ${path.basename(file)} ended in the middle of a frame.`,
      );
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
  /** Merged into ffmpeg's environment (e.g. FONTCONFIG_FILE for an `ass=` filter in `encode`). */
  env?: Record<string, string>;
  /** Inputs after the frames on stdin, for `filterComplex` (frame-args.ts writeFramesArgs). */
  videoInputs?: readonly string[];
  /** A graph over the inputs whose output `[v]` is encoded instead of the stdin frames. */
  filterComplex?: string;
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
  const target = atomicTarget(options.output);
  const args = writeFramesArgs({ ...options, output: target.tempPath });
  const ffmpeg = startFrameFfmpeg(options.ffmpeg ?? resolveMediaTools().ffmpeg, args, {
    stdin: true,
    signal,
    onStdoutLine: progressListener(options),
    onSpawn: options.onSpawn,
    env: options.env ? { ...process.env, ...options.env } : undefined,
  });
  const stdin = ffmpeg.stdin!;
  // EPIPE after ffmpeg dies arrives here; the exit status explains it better, so writes report that instead.
  stdin.on('error', () => {});

  let state: 'open' | 'ending' | 'done' | 'aborted' = 'open';
  let framesWritten = 0;
  // Whatever ends ffmpeg other than a successful end() leaves no partial file behind.
  const settled = ffmpeg.exited.then(async (exit) => {
    if (state !== 'ending' || ffmpeg.failure(exit)) await target.abort();
  });

  const failureAfterExit = async (): Promise<Error> => {
    const exit = await ffmpeg.exited;
    await settled;
    if (state === 'aborted') return abortError('ffmpeg', signal?.reason);
    return (
      ffmpeg.failure(exit) ??
      new ProcessError('ffmpeg stopped reading frames before they were all written.', {
        tool: 'ffmpeg',
        exitCode: exit.code,
        exitSignal: exit.signal,
        stderrTail: exit.stderrTail,
      })
    );
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
        throw new RangeError(
          `A ${options.width}x${options.height} ${options.pixelFormat} frame has ${bytesPerFrame} bytes, not ${frame.length}.`,
        );
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
      const failure = ffmpeg.failure(exit);
      if (failure) {
        state = 'aborted';
        throw failure;
      }
      await target.commit();
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

/** Both sides only ever write a pipe or a temp file that is thrown away, so a kill goes straight to SIGKILL. */
function startFrameFfmpeg(
  command: string,
  args: readonly string[],
  options: {
    stdin?: boolean;
    readStdout?: boolean;
    signal?: AbortSignal;
    onStdoutLine?: (line: string) => void;
    onSpawn?: (pid: number) => void;
    env?: NodeJS.ProcessEnv;
  },
): StartedProcess {
  return startProcess(command, args, { ...options, toolName: 'ffmpeg', killGraceMs: 0 });
}

/** A decode failure is a property of the user's file; a binary that could not start stays a setup error. */
function readFailure(file: string, failure: ProcessError): Error {
  if (failure.exitCode === null && failure.exitSignal === null) return failure;
  const name = path.basename(file);
  const reason = firstErrorLine(failure.stderrTail.split(file).join(name));
  return new DubDeskError(
    'media_unreadable',
    `The video of ${name} could not be decoded${reason ? ` (${reason})` : ''}.`,
    { cause: failure },
  );
}
