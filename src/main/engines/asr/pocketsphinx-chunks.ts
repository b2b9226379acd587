// PocketSphinx decodes on one core: a long recording is cut at pauses between speech regions into one chunk per core,
// each decoded by its own pocketsphinx_continuous, and the word times shifted back. Pure apart from the file reads.
import { openSync, readSync, closeSync, fstatSync } from 'node:fs';
import type { SpeechRegion } from '../vad/types.js';

/** Shorter chunks gain little over the cost of loading the model again, and lose the decoder's context. */
export const MIN_CHUNK_MS = 15_000;
/** A cut needs a pause at least this long between regions, so no word is split. */
export const MIN_CUT_GAP_MS = 200;

export interface WavLayout {
  sampleRate: number;
  /** Byte offset and length of the PCM samples. */
  dataOffset: number;
  dataBytes: number;
}

/** Where a 16-bit mono PCM WAV keeps its samples; undefined for anything else (pocketsphinx then reports it whole). */
export function readWavLayout(wavFile: string): WavLayout | undefined {
  let fd: number;
  try {
    fd = openSync(wavFile, 'r');
  } catch {
    return undefined;
  }
  try {
    const fileBytes = fstatSync(fd).size;
    const head = Buffer.alloc(Math.min(fileBytes, 4096));
    readSync(fd, head, 0, head.length, 0);
    if (head.length < 44 || head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
      return undefined;
    let format: { channels: number; sampleRate: number; bits: number; pcm: boolean } | undefined;
    let offset = 12;
    while (offset + 8 <= head.length) {
      const id = head.toString('ascii', offset, offset + 4);
      const size = head.readUInt32LE(offset + 4);
      if (id === 'fmt ' && offset + 24 <= head.length) {
        format = {
          pcm: head.readUInt16LE(offset + 8) === 1,
          channels: head.readUInt16LE(offset + 10),
          sampleRate: head.readUInt32LE(offset + 12),
          bits: head.readUInt16LE(offset + 22),
        };
      }
      if (id === 'data') {
        if (!format?.pcm || format.channels !== 1 || format.bits !== 16) return undefined;
        const dataOffset = offset + 8;
        // ffmpeg writing to a pipe leaves the size unset; the file's end bounds it.
        return { sampleRate: format.sampleRate, dataOffset, dataBytes: Math.min(size, fileBytes - dataOffset) & ~1 };
      }
      offset += 8 + size + (size % 2);
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

export interface AudioChunk {
  startMs: number;
  endMs: number;
}

/**
 * Cut points splitting [0, durationMs] into at most `count` chunks of about equal length, each cut in the middle of
 * the pause between two speech regions nearest the ideal point; fewer chunks when there are too few pauses or the
 * audio is short. One chunk (the whole audio) when nothing is to be gained.
 */
export function chunkAtPauses(durationMs: number, regions: readonly SpeechRegion[], count: number): AudioChunk[] {
  const chunks = Math.min(count, Math.floor(durationMs / MIN_CHUNK_MS));
  const pauses: number[] = [];
  for (let i = 1; i < regions.length; i++) {
    const gap = regions[i]!.startMs - regions[i - 1]!.endMs;
    if (gap >= MIN_CUT_GAP_MS) pauses.push(Math.round(regions[i - 1]!.endMs + gap / 2));
  }
  const cuts: number[] = [];
  for (let k = 1; k < chunks; k++) {
    const ideal = (durationMs * k) / chunks;
    const previous = cuts.at(-1) ?? 0;
    const nearest = pauses
      .filter((at) => at - previous >= MIN_CHUNK_MS && durationMs - at >= MIN_CHUNK_MS)
      .reduce<number | undefined>(
        (best, at) => (best === undefined || Math.abs(at - ideal) < Math.abs(best - ideal) ? at : best),
        undefined,
      );
    if (nearest !== undefined && nearest > previous) cuts.push(nearest);
  }
  const bounds = [0, ...cuts, durationMs];
  return bounds.slice(1).map((endMs, i) => ({ startMs: bounds[i]!, endMs }));
}
