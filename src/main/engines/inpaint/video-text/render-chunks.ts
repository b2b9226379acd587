// The render of an export from a visual project, in 20-second chunks kept by what they show: a chunk whose erased
// texts and drawn translations are the ones the project's last export had is reused, so one edited text renders
// the one or two chunks it is shown in. Chunks are MPEG-TS with the source's timestamps and no B-frames, joined by
// concatenation (media/chunked-video.ts measured that frames stay in place across seams); the audio is copied.
import { createHash } from 'node:crypto';
import { cp, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeThroughTemp } from '../../../files/atomic-write.js';
import { concatInput } from '../../../media/chunked-video.js';
import { ffmpegBaseArgs } from '../../../media/ffmpeg-args.js';
import { createFrameWriter, describeFrameStream, readFrames } from '../../../media/frames.js';
import { runFfmpeg } from '../../../media/run-ffmpeg.js';
import type { RenderedTextVideo, RenderTextVideoOptions } from './render-text-video.js';
import { eraserFor, tilesFor, visualTranslateEncodeArgs } from './render-text-video.js';
import type { PatchTile } from './patch-tiles.js';
import { createStackEraser } from './tile-eraser.js';
import { runTiledPass } from './tiled-pass.js';
import type { EraseStats } from './text-eraser.js';

export const RENDER_CHUNK_SECONDS = 20;

export interface ChunkedRenderOptions extends RenderTextVideoOptions {
  /** Kept between exports of one project. */
  cacheDir: string;
  /** What the overlay draws between two times (media/chunked-video.ts assDrawnBetween of its ASS document). */
  drawnBetween(startSec: number, endSec: number): string;
}

export interface ChunkedRender extends RenderedTextVideo {
  chunks: number;
  rendered: number;
}

/** Renders the erased, redrawn video chunk by chunk, reusing every chunk the cache has for the same pixels. */
export async function renderTextVideoChunked(options: ChunkedRenderOptions): Promise<ChunkedRender> {
  const { signal } = options;
  const streamOptions = { pixelFormat: 'rgb24' as const, signal, ffmpeg: options.ffmpeg };
  const stream = await describeFrameStream(options.input, streamOptions);
  const source = await stat(options.input);
  const totalFrames = Math.max(1, Math.round(stream.durationSec * stream.fps));
  const chunkFrames = Math.round(RENDER_CHUNK_SECONDS * stream.fps);
  const encode = options.encode ?? visualTranslateEncodeArgs();
  await mkdir(options.cacheDir, { recursive: true });
  const stats: EraseStats = { erasedFrames: 0, inpaintCalls: 0, reusedFills: 0, emptySpans: 0 };
  const files: string[] = [];
  let rendered = 0;
  for (let first = 0; first < totalFrames; first += chunkFrames) {
    const last = Math.min(totalFrames, first + chunkFrames);
    const spans = options.spans.filter((span) => span.startFrame < last && span.endFrame >= first);
    const identity = JSON.stringify([
      `${source.dev}:${source.ino}:${source.size}:${source.mtimeMs}`,
      first,
      last,
      stream.width,
      stream.height,
      stream.fps,
      encode,
      options.inpainter.title,
      spans,
      options.drawnBetween((first - 1) / stream.fps, (last + 1) / stream.fps),
    ]);
    const file = path.join(options.cacheDir, `${createHash('sha256').update(identity).digest('hex').slice(0, 40)}.ts`);
    files.push(file);
    if ((await exists(file)) && (options.samplesDir === undefined || (await exists(samplesOf(file))))) continue;
    const plan = { first, last, fps: stream.fps, width: stream.width, height: stream.height, file, encode };
    // A chunk's erase samples are kept beside it (the same pixels, whenever it is reused), complete or not at all.
    const chunkStats =
      options.samplesDir === undefined
        ? await renderChunk(options, plan)
        : await writeThroughTemp(samplesOf(file), async (samplesDir) => {
            await mkdir(samplesDir, { recursive: true });
            return renderChunk({ ...options, samplesDir }, plan);
          });
    for (const key of Object.keys(stats) as Array<keyof EraseStats>) stats[key] += chunkStats[key];
    rendered++;
    options.onProgress?.(Math.min(0.95, last / totalFrames));
  }
  if (options.samplesDir !== undefined) {
    for (const file of files) await cp(samplesOf(file), options.samplesDir, { recursive: true });
  }
  // The chunks joined, with every audio track of the input copied as it is.
  await writeThroughTemp(options.output, (temp) =>
    runFfmpeg(
      [
        ...ffmpegBaseArgs(),
        '-y',
        '-i',
        concatInput(files),
        '-i',
        options.input,
        '-map',
        '0:v:0',
        ...(options.copyAudio === false ? [] : ['-map', '1:a?']),
        '-c',
        'copy',
        ...(options.format ? ['-f', options.format] : []),
        temp,
      ],
      { ffmpeg: options.ffmpeg, signal },
    ),
  );
  options.onProgress?.(1);
  return {
    frames: totalFrames,
    width: stream.width,
    height: stream.height,
    fps: stream.fps,
    ...stats,
    chunks: files.length,
    rendered,
  };
}

const exists = (file: string): Promise<boolean> =>
  stat(file).then(
    () => true,
    () => false,
  );
const samplesOf = (chunkFile: string): string => `${chunkFile}.samples`;

/** No B-frames and no mux delay: chunks join by concatenation with every frame in place. */
const CHUNK_MUX_ARGS = ['-bf', '0', '-muxdelay', '0', '-muxpreload', '0'];

interface ChunkPlan {
  first: number;
  last: number;
  fps: number;
  width: number;
  height: number;
  file: string;
  encode: string[];
}

/** The chunk rendered with only the tiles around its texts passing through JS (tiled-pass.ts). */
async function renderChunkTiled(
  options: ChunkedRenderOptions,
  chunk: ChunkPlan,
  tiles: PatchTile[],
  offset: string,
): Promise<EraseStats> {
  const eraser = createStackEraser(tiles, options);
  await runTiledPass({
    input: options.input,
    tiles,
    eraser,
    fps: chunk.fps,
    width: chunk.width,
    height: chunk.height,
    firstFrame: chunk.first,
    startSec: chunk.first / chunk.fps,
    durationSec: (chunk.last - chunk.first) / chunk.fps,
    writer: {
      output: chunk.file,
      encode: [...chunk.encode, ...CHUNK_MUX_ARGS],
      format: 'mpegts',
      // The overlay times its drawings by the frames' timestamps: they are moved to the chunk's place first.
      after: options.overlay ? `${offset},${options.overlay.filter}` : offset,
      ...(options.overlay ? { env: options.overlay.env } : {}),
    },
    signal: options.signal,
    ffmpeg: options.ffmpeg,
  });
  return eraser.stats;
}

/** Frames [first, last) decoded, erased and encoded to one chunk, its timestamps those of the source. */
async function renderChunk(options: ChunkedRenderOptions, chunk: ChunkPlan): Promise<EraseStats> {
  const { signal } = options;
  const offset = `setpts=PTS+${(chunk.first / chunk.fps).toFixed(6)}/TB`;
  const shown = options.spans.filter((span) => span.startFrame < chunk.last && span.endFrame >= chunk.first);
  const tiles = tilesFor(shown, chunk, options.inpainter);
  if (tiles) return renderChunkTiled(options, chunk, tiles, offset);
  const eraser = eraserFor(options.spans, options);
  const writer = createFrameWriter({
    output: chunk.file,
    width: chunk.width,
    height: chunk.height,
    fps: chunk.fps,
    pixelFormat: 'rgb24',
    // The overlay times its drawings by the frames' timestamps: they are moved to the chunk's place first.
    encode: [
      '-vf',
      options.overlay ? `${offset},${options.overlay.filter}` : offset,
      ...chunk.encode,
      ...CHUNK_MUX_ARGS,
    ],
    format: 'mpegts',
    ...(options.overlay ? { env: options.overlay.env } : {}),
    signal,
    ffmpeg: options.ffmpeg,
  });
  try {
    const frames = readFrames(options.input, {
      pixelFormat: 'rgb24',
      signal,
      ffmpeg: options.ffmpeg,
      startSec: chunk.first / chunk.fps,
      durationSec: (chunk.last - chunk.first) / chunk.fps,
    });
    for await (const frame of frames) {
      const image = { data: frame.data, width: chunk.width, height: chunk.height };
      const erased = await eraser.erase(chunk.first + frame.index, image, signal);
      await writer.write(Buffer.from(erased.data.buffer, erased.data.byteOffset, erased.data.byteLength));
    }
    await writer.end();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return eraser.stats;
}
