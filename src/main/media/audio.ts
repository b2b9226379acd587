import path from 'node:path';
import { DubDeskError } from '../../shared/errors.js';
import { decodePcmArgs } from './ffmpeg-args.js';
import { resolveMediaTools } from './ffmpeg-paths.js';
import { firstErrorLine, ProcessError, runProcess } from './run-process.js';

export interface DecodeAudioOptions {
  sampleRate: number;
  /** Decode only the first this many seconds (analysis that needs the start of a long file). */
  durationSec?: number;
  signal?: AbortSignal;
  /** ffmpeg binary; defaults to the resolved one. */
  ffmpeg?: string;
}

/** First audio track of any audio or video file -> mono float samples in -1..1 at `sampleRate`. */
export async function decodeAudioPcm(file: string, options: DecodeAudioOptions): Promise<Float32Array> {
  const name = path.basename(file);
  let stdout: Buffer;
  try {
    const result = await runProcess(
      options.ffmpeg ?? resolveMediaTools().ffmpeg,
      decodePcmArgs({ input: file, sampleRate: options.sampleRate, durationSec: options.durationSec }),
      {
        toolName: 'ffmpeg',
        signal: options.signal,
        captureStdout: true,
      },
    );
    stdout = result.stdout ?? Buffer.alloc(0);
  } catch (error) {
    // A missing ffmpeg binary is a setup problem, not a property of the user's file.
    if (!(error instanceof ProcessError) || (error.exitCode === null && error.exitSignal === null)) throw error;
    if (/matches no streams/.test(error.stderrTail)) {
      throw new DubDeskError('no_audio', `${name} has no audio track.`, { cause: error });
    }
    const reason = firstErrorLine(error.stderrTail.split(file).join(name));
    throw new DubDeskError(
      'media_unreadable',
      `The audio of ${name} could not be decoded${reason ? ` (${reason})` : ''}.`,
      { cause: error },
    );
  }
  const samples = new Float32Array(Math.floor(stdout.length / 4));
  // Copy rather than view: the captured Buffer may sit at an offset that is not 4-byte aligned. f32le matches every supported CPU.
  new Uint8Array(samples.buffer).set(stdout.subarray(0, samples.length * 4));
  return samples;
}

/** Mono float samples -> a 16-bit PCM WAV file's bytes (the format every engine and player reads). */
export function encodeWav(samples: Float32Array, sampleRate: number): Buffer {
  return Buffer.concat([wavHeader(samples.length, sampleRate), pcm16(samples)]);
}

/** The 44-byte header of a 16-bit mono PCM WAV holding `sampleCount` samples (streamed writers send it first). */
export function wavHeader(sampleCount: number, sampleRate: number): Buffer {
  const dataBytes = sampleCount * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** -1..1 floats -> 16-bit little-endian PCM, clamped. */
export function pcm16(samples: Float32Array): Buffer {
  const pcm = Buffer.alloc(samples.length * 2);
  for (let i = 0; i < samples.length; i++) {
    const clamped = Math.max(-1, Math.min(1, samples[i] || 0));
    pcm.writeInt16LE(Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff), i * 2);
  }
  return pcm;
}
