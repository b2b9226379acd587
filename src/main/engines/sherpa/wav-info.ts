// The format and length of a WAV file, read from its header (the engines cut it into stretches by sample).
import fs from 'node:fs/promises';
import { DubDeskError } from '../../../shared/errors.js';

export interface WavInfo {
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
  /** Samples per channel. */
  sampleCount: number;
}

const HEADER_BYTES = 4096;

/** Reads a RIFF/WAVE header; a data chunk of unknown size (written to a pipe) runs to the end of the file. */
export async function readWavInfo(file: string): Promise<WavInfo> {
  const handle = await fs.open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(Math.min(HEADER_BYTES, size));
    await handle.read(header, 0, header.length, 0);
    if (header.length < 12 || header.toString('ascii', 0, 4) !== 'RIFF' || header.toString('ascii', 8, 12) !== 'WAVE') {
      throw new DubDeskError('media_unreadable', `${file} is not a WAV file.`);
    }
    let format: Omit<WavInfo, 'sampleCount'> | undefined;
    for (let at = 12; at + 8 <= header.length;) {
      const id = header.toString('ascii', at, at + 4);
      const length = header.readUInt32LE(at + 4);
      if (id === 'fmt ' && at + 24 <= header.length) {
        format = {
          channels: header.readUInt16LE(at + 10),
          sampleRate: header.readUInt32LE(at + 12),
          bitsPerSample: header.readUInt16LE(at + 22),
        };
      } else if (id === 'data') {
        if (!format) break;
        const available = size - (at + 8);
        const bytes = length === 0 || length === 0xffffffff ? available : Math.min(length, available);
        return { ...format, sampleCount: Math.floor(bytes / (format.channels * (format.bitsPerSample / 8))) };
      }
      at += 8 + length + (length % 2);
    }
    throw new DubDeskError('media_unreadable', `${file} has no readable WAV format and data chunks.`);
  } finally {
    await handle.close();
  }
}
