// Reads a 16-bit PCM WAV's samples a chunk at a time, so an hours-long track never sits in memory whole.
import { open } from 'node:fs/promises';
import path from 'node:path';
import { readPcmLayout, type PcmLayout } from './wav-layout.js';

const CHUNK_BYTES = 1 << 20;

/**
 * Calls `onChunk` with each run of whole frames (interleaved channels) and the index of its first frame; returns the
 * file's layout and frame count. The samples view is reused: copy what must outlive the call.
 */
export async function readWavChunks(
  wavFile: string,
  onChunk: (samples: Int16Array, firstFrame: number, frames: number, layout: PcmLayout) => void,
  onLayout?: (layout: PcmLayout, frames: number) => void,
): Promise<{ layout: PcmLayout; frames: number }> {
  const handle = await open(wavFile, 'r');
  try {
    const layout = await readPcmLayout(handle, path.basename(wavFile));
    const frameBytes = 2 * layout.channels;
    const frames = Math.floor(layout.dataBytes / frameBytes);
    onLayout?.(layout, frames);
    // Whole frames per chunk, so a frame never straddles two reads.
    const buffer = Buffer.alloc(Math.max(frameBytes, CHUNK_BYTES - (CHUNK_BYTES % frameBytes)));
    let frame = 0;
    while (frame < frames) {
      const want = Math.min(buffer.length, (frames - frame) * frameBytes);
      const { bytesRead } = await handle.read(buffer, 0, want, layout.dataOffset + frame * frameBytes);
      const read = Math.floor(bytesRead / frameBytes);
      if (read === 0) break;
      // A typed view is several times faster than readInt16LE over hours of samples; WAV and every supported CPU are little-endian.
      onChunk(new Int16Array(buffer.buffer, buffer.byteOffset, read * layout.channels), frame, read, layout);
      frame += read;
    }
    return { layout, frames };
  } finally {
    await handle.close();
  }
}
