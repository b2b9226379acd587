// Where a 16-bit PCM WAV's samples are: its rate, channels, and the byte range of its data chunk.
import type { FileHandle } from 'node:fs/promises';
import { DubDeskError } from '../../shared/errors.js';

export interface PcmLayout {
  sampleRate: number;
  channels: number;
  dataOffset: number;
  dataBytes: number;
}

/** Walks the RIFF chunks to the format and the data; a streamed writer's unknown data size means "to the end". */
export async function readPcmLayout(handle: FileHandle, name: string): Promise<PcmLayout> {
  const notPcm = (why: string) =>
    new DubDeskError('media_unreadable', `${name} is not a 16-bit PCM WAV file (${why}).`);
  const { size } = await handle.stat();
  const head = Buffer.alloc(12);
  await handle.read(head, 0, 12, 0);
  if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE')
    throw notPcm('no RIFF/WAVE header');
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
