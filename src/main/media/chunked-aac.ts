// AAC encoding that reuses what an earlier encode of almost the same audio made. The track is cut into fixed
// 20-second chunks on AAC packet boundaries; each chunk's packets are kept under a hash of its PCM (with the 2048
// samples either side the encoder's overlap and look-ahead depend on), so re-encoding a mix in which one line
// changed encodes only the chunk around it. A changed chunk is encoded from 2048 samples before it and its packets
// spliced in: the packets either side of a seam encode the same signal, so the seam decodes like any other packet
// boundary (measured: the same SNR at a seam as elsewhere). Output is ADTS, which a muxer copies into MP4/M4A.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic, writeHandleAtomic } from '../files/atomic-write.js';
import { AAC_FRAME_SAMPLES, adtsPackets } from './adts.js';
import { ffmpegBaseArgs } from './ffmpeg-args.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { readPcmLayout, type PcmLayout } from './wav-layout.js';

/** Chunk length in samples: 960 packets (20.48 s at 48 kHz). */
export const CHUNK_SAMPLES = 960 * AAC_FRAME_SAMPLES;
/** Context either side of a chunk that its packets depend on (MDCT overlap, encoder look-ahead). */
const CONTEXT_SAMPLES = 2 * AAC_FRAME_SAMPLES;
const READ_BYTES = 1 << 20;

/** ffmpeg's itsoffset that removes the encoder's one packet of priming when ADTS is muxed (ADTS cannot say it). */
export function aacPrimingOffset(sampleRate: number): string {
  return `-${(AAC_FRAME_SAMPLES / sampleRate).toFixed(6)}`;
}

export interface ChunkedAacOptions {
  ffmpeg: string;
  /** 16-bit PCM WAV (the mix). */
  wavFile: string;
  /** Where the ADTS stream is written. */
  outputFile: string;
  /** Kept between encodes; holds one file per chunk of the last encode. */
  cacheDir: string;
  bitrate?: string;
  signal?: AbortSignal;
  onProgress?(fraction: number): void;
}

export interface ChunkedAacResult {
  chunks: number;
  encoded: number;
  sampleRate: number;
}

interface Chunk {
  index: number;
  start: number;
  end: number;
  key: string;
  file: string;
}

/** Hashes PCM frames [from, to) of the WAV, read in blocks. */
async function hashFrames(
  handle: FileHandle,
  layout: PcmLayout,
  from: number,
  to: number,
  salt: string,
): Promise<string> {
  const hash = createHash('sha256').update(salt);
  const frameBytes = 2 * layout.channels;
  const buffer = Buffer.alloc(READ_BYTES - (READ_BYTES % frameBytes));
  for (let position = from * frameBytes; position < to * frameBytes;) {
    const wanted = Math.min(buffer.length, to * frameBytes - position);
    const { bytesRead } = await handle.read(buffer, 0, wanted, layout.dataOffset + position);
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    position += bytesRead;
  }
  return hash.digest('hex').slice(0, 40);
}

/**
 * Which packets of an encode starting at sample `encodeStart` belong to the chunk (the first chunk keeps the priming
 * packet, the last the encoder's flush).
 */
function packetRange(chunk: Chunk, encodeStart: number, last: boolean): { from: number; to: number } {
  const first = chunk.start === 0 ? 0 : (chunk.start - encodeStart) / AAC_FRAME_SAMPLES + 1;
  return { from: first, to: last ? Infinity : (chunk.end - encodeStart) / AAC_FRAME_SAMPLES + 1 };
}

async function encodeAdts(
  options: ChunkedAacOptions,
  output: string,
  range?: { start: number; end: number },
): Promise<void> {
  await runFfmpeg(
    [
      ...ffmpegBaseArgs(),
      '-y',
      '-i',
      options.wavFile,
      ...(range ? ['-af', `atrim=start_sample=${range.start}:end_sample=${range.end}`] : []),
      '-c:a',
      'aac',
      '-b:a',
      options.bitrate ?? '192k',
      '-f',
      'adts',
      output,
    ],
    { ffmpeg: options.ffmpeg, signal: options.signal },
  );
}

/** Reads an ADTS file's packets in order without holding the file, calling `onPacket` with each packet's index. */
async function eachPacket(file: string, onPacket: (packet: Buffer, index: number) => Promise<void>): Promise<void> {
  let carry = Buffer.alloc(0);
  let index = 0;
  for await (const block of createReadStream(file, { highWaterMark: READ_BYTES })) {
    const data = carry.length ? Buffer.concat([carry, block as Buffer]) : (block as Buffer);
    let usable = 0;
    // Only whole packets are split off; a packet cut by the block's end waits for the next block.
    while (usable + 7 <= data.length) {
      const length = ((data[usable + 3]! & 0x03) << 11) | (data[usable + 4]! << 3) | (data[usable + 5]! >> 5);
      if (usable + length > data.length) break;
      usable += length;
    }
    for (const packet of adtsPackets(data.subarray(0, usable))) await onPacket(packet, index++);
    carry = Buffer.from(data.subarray(usable));
  }
  if (carry.length) throw new Error('The AAC encode ended in the middle of a packet.');
}

/** Splits an encode into the chunks it covers (in order, contiguous), each written whole to its cache file. */
async function keepChunks(
  encoded: string,
  encodeStart: number,
  chunks: readonly Chunk[],
  lastIndex: number,
): Promise<void> {
  const ranges = chunks.map((chunk) => ({ chunk, ...packetRange(chunk, encodeStart, chunk.index === lastIndex) }));
  let current = 0;
  let packets: Buffer[] = [];
  const flush = async () => {
    const range = ranges[current]!;
    // A short chunk would shift everything after it: better to fail the export than to publish audio out of sync.
    if (range.to !== Infinity && packets.length !== range.to - range.from)
      throw new Error(`The AAC encode gave ${packets.length} packets for a chunk of ${range.to - range.from}.`);
    await writeFileAtomic(range.chunk.file, Buffer.concat(packets));
    packets = [];
    current++;
  };
  await eachPacket(encoded, async (packet, index) => {
    while (current < ranges.length && index >= ranges[current]!.to) await flush();
    if (current < ranges.length && index >= ranges[current]!.from) packets.push(Buffer.from(packet));
  });
  // The last chunk runs to the encode's end; a chunk of 960 packets is a few hundred kB in memory.
  while (current < ranges.length) await flush();
}

/**
 * Unused chunks go once they are an hour old (an export running beside this one may still read newer ones): the cache
 * stays about one track.
 */
async function pruneCache(dir: string, used: ReadonlySet<string>): Promise<void> {
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of await readdir(dir)) {
    if (!name.endsWith('.adts') || used.has(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (info && info.mtimeMs < hourAgo) await rm(file, { force: true });
  }
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/** Encodes the WAV to ADTS, encoding again only the chunks no earlier encode in `cacheDir` has. */
export async function encodeAacChunked(options: ChunkedAacOptions): Promise<ChunkedAacResult> {
  await mkdir(options.cacheDir, { recursive: true });
  const handle = await open(options.wavFile, 'r');
  let chunks: Chunk[];
  let layout: PcmLayout;
  try {
    layout = await readPcmLayout(handle, path.basename(options.wavFile));
    const frames = Math.floor(layout.dataBytes / (2 * layout.channels));
    const count = Math.max(1, Math.ceil(frames / CHUNK_SAMPLES));
    chunks = [];
    for (let index = 0; index < count; index++) {
      const start = index * CHUNK_SAMPLES;
      const end = Math.min(frames, start + CHUNK_SAMPLES);
      // The same samples under the same encoder settings, at the same place in the stream, make the same packets.
      const salt = JSON.stringify([
        options.ffmpeg,
        options.bitrate ?? '192k',
        layout.sampleRate,
        layout.channels,
        start === 0,
        end === frames,
      ]);
      const key = await hashFrames(
        handle,
        layout,
        Math.max(0, start - CONTEXT_SAMPLES),
        Math.min(frames, end + CONTEXT_SAMPLES),
        salt,
      );
      chunks.push({ index, start, end, key, file: path.join(options.cacheDir, `${key}.adts`) });
    }
  } finally {
    await handle.close();
  }
  const lastIndex = chunks.length - 1;
  const frames = chunks[lastIndex]!.end;
  const missing: Chunk[] = [];
  for (const chunk of chunks) if (!(await exists(chunk.file))) missing.push(chunk);

  const scratch = path.join(options.cacheDir, `encode-${process.pid}-${Date.now()}.adts`);
  try {
    if (missing.length === chunks.length) {
      // Nothing to reuse: one encode of the whole track, cut into chunks.
      await encodeAdts(options, scratch);
      await keepChunks(scratch, 0, chunks, lastIndex);
      options.onProgress?.(0.9);
    } else {
      for (const [i, chunk] of missing.entries()) {
        const start = Math.max(0, chunk.start - CONTEXT_SAMPLES);
        await encodeAdts(options, scratch, { start, end: Math.min(frames, chunk.end + CONTEXT_SAMPLES) });
        await keepChunks(scratch, start, [chunk], lastIndex);
        options.onProgress?.(((i + 1) / missing.length) * 0.9);
      }
    }
  } finally {
    await rm(scratch, { force: true });
  }

  // A chunk is a few hundred kB: each is read whole and appended.
  await writeHandleAtomic(options.outputFile, async (output) => {
    for (const chunk of chunks) await output.write(await readFile(chunk.file));
  });
  await pruneCache(options.cacheDir, new Set(chunks.map((chunk) => path.basename(chunk.file))));
  options.onProgress?.(1);
  return { chunks: chunks.length, encoded: missing.length, sampleRate: layout.sampleRate };
}
