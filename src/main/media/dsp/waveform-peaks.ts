// Peaks of a 16-bit PCM WAV for the editor's waveform, read in chunks so a 3-hour track costs a few MB of memory.
import { open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { DubDeskError } from '../../../shared/errors.js';

export const MIN_WAVEFORM_POINTS = 10;
export const MAX_WAVEFORM_POINTS = 20000;
const CHUNK_BYTES = 1 << 20;

export interface WaveformPeaks {
  durationSec: number;
  /** Largest |sample| of each of `points` equal spans, 0..1 (full scale = 1). */
  peaks: number[];
}

interface PcmLayout {
  sampleRate: number;
  channels: number;
  dataOffset: number;
  dataBytes: number;
}

/** `points` (clamped to 10..20000) peaks of a 16-bit PCM WAV, e.g. the job's 16 kHz mono speech track. */
export async function waveformPeaks(wavFile: string, points: number): Promise<WaveformPeaks> {
  if (!Number.isFinite(points)) throw new DubDeskError('invalid_request', `The waveform needs a number of points, got ${points}.`);
  const count = Math.min(MAX_WAVEFORM_POINTS, Math.max(MIN_WAVEFORM_POINTS, Math.round(points)));
  const handle = await open(wavFile, 'r');
  try {
    const layout = await readLayout(handle, path.basename(wavFile));
    const frameBytes = 2 * layout.channels;
    const frames = Math.floor(layout.dataBytes / frameBytes);
    const peaks = new Array<number>(count).fill(0);
    // Whole frames per chunk, so a frame never straddles two reads.
    const buffer = Buffer.alloc(Math.max(frameBytes, CHUNK_BYTES - (CHUNK_BYTES % frameBytes)));
    let frame = 0;
    while (frame < frames) {
      const want = Math.min(buffer.length, (frames - frame) * frameBytes);
      const { bytesRead } = await handle.read(buffer, 0, want, layout.dataOffset + frame * frameBytes);
      const read = Math.floor(bytesRead / frameBytes);
      if (read === 0) break;
      // A typed view is several times faster than readInt16LE over hours of samples; WAV and every supported CPU are little-endian.
      const samples = new Int16Array(buffer.buffer, buffer.byteOffset, read * layout.channels);
      for (let f = 0; f < read; f++, frame++) {
        const bucket = Math.min(count - 1, Math.floor((frame * count) / frames));
        let peak = peaks[bucket]!;
        for (let c = 0; c < layout.channels; c++) peak = Math.max(peak, Math.abs(samples[f * layout.channels + c]!));
        peaks[bucket] = peak;
      }
    }
    return { durationSec: frames / layout.sampleRate, peaks: peaks.map((peak) => Math.min(1, peak / 32768)) };
  } finally {
    await handle.close();
  }
}

/** Walks the RIFF chunks to the format and the data; a streamed writer's unknown data size means "to the end". */
async function readLayout(handle: FileHandle, name: string): Promise<PcmLayout> {
  const notPcm = (why: string) => new DubDeskError('media_unreadable', `${name} is not a 16-bit PCM WAV file (${why}).`);
  const { size } = await handle.stat();
  const head = Buffer.alloc(12);
  await handle.read(head, 0, 12, 0);
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw notPcm('no RIFF/WAVE header');
  let offset = 12;
  let format: { sampleRate: number; channels: number } | undefined;
  const chunk = Buffer.alloc(24);
  while (offset + 8 <= size) {
    const { bytesRead } = await handle.read(chunk, 0, 24, offset);
    if (bytesRead < 8) break;
    const id = chunk.toString('ascii', 0, 4);
    const length = chunk.readUInt32LE(4);
    if (id === 'fmt ') {
      if (bytesRead < 24) throw notPcm('a short format chunk');
      const tag = chunk.readUInt16LE(8);
      const bits = chunk.readUInt16LE(22);
      // 0xfffe (extensible) is what ffmpeg writes for more than two channels; its samples are still plain PCM.
      if ((tag !== 1 && tag !== 0xfffe) || bits !== 16) throw notPcm(`format ${tag}, ${bits} bits per sample`);
      format = { channels: Math.max(1, chunk.readUInt16LE(10)), sampleRate: chunk.readUInt32LE(12) };
    } else if (id === 'data') {
      if (!format || !(format.sampleRate > 0)) throw notPcm('no format before the data');
      const available = size - (offset + 8);
      const dataBytes = length === 0 || length === 0xffffffff ? available : Math.min(length, available);
      return { ...format, dataOffset: offset + 8, dataBytes };
    }
    // Chunks are padded to an even length.
    offset += 8 + length + (length % 2);
  }
  throw notPcm('no data chunk');
}
