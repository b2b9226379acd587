// Stereo float audio in and out through ffmpeg, a block at a time, so a two-hour input never sits in memory:
// any file's first audio track is decoded to f32 on a pipe, and each stem is encoded to a WAV from a pipe.
import { once } from 'node:events';
import { ffmpegBaseArgs } from '../../media/ffmpeg-args.js';
import { startProcess, type StartedProcess } from '../../media/run-process.js';

export interface StereoReader {
  /** Fills left/right from `offset` with up to `count` frames; returns how many it read (fewer only at the end). */
  readInto(left: Float32Array, right: Float32Array, offset: number, count: number): Promise<number>;
  /** Waits for ffmpeg to exit; throws its failure (an unreadable file) unless the reader was stopped. */
  close(): Promise<void>;
  stop(): Promise<void>;
}

export interface StereoWriter {
  write(left: Float32Array, right: Float32Array, from: number, count: number): Promise<void>;
  /** Ends the stream and waits for the WAV to be complete. */
  close(): Promise<void>;
  stop(): Promise<void>;
}

const FRAME_BYTES = 8;

async function finish(started: StartedProcess): Promise<void> {
  const exit = await started.exited;
  if (exit.aborted) return;
  const failure = started.failure(exit);
  if (failure) throw failure;
}

async function stop(started: StartedProcess): Promise<void> {
  started.kill(0);
  await started.exited;
}

/** Decodes the first audio track of `file` to stereo float at `sampleRate`. */
export function openStereoReader(ffmpeg: string, file: string, sampleRate: number, signal?: AbortSignal): StereoReader {
  const started = startProcess(
    ffmpeg,
    [
      ...ffmpegBaseArgs(),
      '-i',
      file,
      '-map',
      '0:a:0',
      '-vn',
      '-sn',
      '-dn',
      '-ac',
      '2',
      '-ar',
      String(sampleRate),
      '-c:a',
      'pcm_f32le',
      '-f',
      'f32le',
      'pipe:1',
    ],
    { toolName: 'ffmpeg', readStdout: true, signal, killGraceMs: 0 },
  );
  const chunks = started.stdout[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let pending = Buffer.alloc(0);
  let ended = false;
  return {
    async readInto(left, right, offset, count) {
      const wanted = count * FRAME_BYTES;
      const parts: Buffer[] = [pending];
      let have = pending.length;
      while (have < wanted && !ended) {
        const next = await chunks.next();
        if (next.done) ended = true;
        else {
          parts.push(next.value);
          have += next.value.length;
        }
      }
      const all = Buffer.concat(parts, have);
      const frames = Math.min(count, Math.floor(all.length / FRAME_BYTES));
      // Copied into an aligned buffer: a pipe chunk may start at any byte offset.
      const floats = new Float32Array(frames * 2);
      new Uint8Array(floats.buffer).set(all.subarray(0, frames * FRAME_BYTES));
      for (let i = 0; i < frames; i++) {
        left[offset + i] = floats[2 * i];
        right[offset + i] = floats[2 * i + 1];
      }
      pending = all.subarray(frames * FRAME_BYTES);
      return frames;
    },
    close: () => finish(started),
    stop: () => stop(started),
  };
}

/** Encodes stereo float at `sampleRate` to a 16-bit PCM WAV file. */
export function openStereoWavWriter(
  ffmpeg: string,
  file: string,
  sampleRate: number,
  signal?: AbortSignal,
): StereoWriter {
  const started = startProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'f32le',
      '-ar',
      String(sampleRate),
      '-ac',
      '2',
      '-i',
      'pipe:0',
      '-c:a',
      'pcm_s16le',
      '-f',
      'wav',
      file,
    ],
    { toolName: 'ffmpeg', stdin: true, signal, killGraceMs: 0 },
  );
  const stdin = started.stdin!;
  // A write after ffmpeg died fails with EPIPE; close() then reports ffmpeg's own error.
  stdin.on('error', () => {});
  return {
    async write(left, right, from, count) {
      const floats = new Float32Array(count * 2);
      for (let i = 0; i < count; i++) {
        floats[2 * i] = left[from + i];
        floats[2 * i + 1] = right[from + i];
      }
      if (!stdin.write(Buffer.from(floats.buffer))) await Promise.race([once(stdin, 'drain'), started.exited]);
    },
    async close() {
      stdin.end();
      await finish(started);
    },
    stop: () => stop(started),
  };
}
