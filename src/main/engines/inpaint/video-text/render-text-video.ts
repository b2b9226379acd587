// The one decode and one encode pass of visual translation: frames come out of ffmpeg, the shown text is erased in
// JS, and the frames go back into one ffmpeg encode whose filter chain draws the translations (libass); the audio
// tracks are copied byte for byte.
import { h264EncodeArgs } from '../../../media/ffmpeg-args.js';
import { createFrameWriter, describeFrameStream, readFrames } from '../../../media/frames.js';
import { boundedReach } from '../opencv-inpaint.js';
import type { Inpainter } from '../types.js';
import { writeEraseSample } from './erase-sample-files.js';
import { sampledEraser } from './erase-samples.js';
import { planPatchTiles, type PatchTile } from './patch-tiles.js';
import { createStackEraser } from './tile-eraser.js';
import { runTiledPass } from './tiled-pass.js';
import { createTextEraser, type EraseSpan, type EraseStats, type TextEraser } from './text-eraser.js';

/**
 * The render re-encodes the user's whole video, text or not: CRF 16 keeps that generation's loss below what the
 * eye (and a 40 dB PSNR against the same encode) can tell; veryfast keeps 720p near real time on 2 cores.
 */
export function visualTranslateEncodeArgs(): string[] {
  return h264EncodeArgs('veryfast', 16);
}

export interface TextOverlay {
  /** An `ass=` filter (prepareTranslatedTextDrawing / prepareSubtitleBurn). */
  filter: string;
  /** Its ffmpeg's environment (FONTCONFIG_FILE). */
  env: Record<string, string>;
}

export interface RenderTextVideoOptions {
  input: string;
  /** Final path; written through a temp file, so a failed or cancelled render leaves nothing there. */
  output: string;
  /** Frames and boxes at the input's display size. */
  spans: readonly EraseSpan[];
  inpainter: Inpainter;
  overlay?: TextOverlay;
  /** Where to keep each span's erase sample (erase-samples.ts: its middle frame erased, before the overlay draws). */
  samplesDir?: string;
  /** Copy the input's audio tracks; default true. */
  copyAudio?: boolean;
  /** Video encoder arguments; default visualTranslateEncodeArgs(). */
  encode?: string[];
  /** ffmpeg's -f for an output name without a container extension. */
  format?: string;
  signal: AbortSignal;
  onProgress?: (fraction: number) => void;
  ffmpeg?: string;
}

export interface RenderedTextVideo extends EraseStats {
  frames: number;
  width: number;
  height: number;
  fps: number;
}

export async function renderTextVideo(options: RenderTextVideoOptions): Promise<RenderedTextVideo> {
  const { signal } = options;
  const streamOptions = { pixelFormat: 'rgb24' as const, signal, ffmpeg: options.ffmpeg };
  const stream = await describeFrameStream(options.input, streamOptions);
  const expectedFrames = Math.max(1, Math.round(stream.durationSec * stream.fps));
  const tiles = tilesFor(options.spans, stream, options.inpainter);
  if (tiles) return renderTiled(options, stream, tiles);
  const eraser = eraserFor(options.spans, options);
  const writer = createFrameWriter({
    output: options.output,
    width: stream.width,
    height: stream.height,
    fps: stream.fps,
    pixelFormat: 'rgb24',
    ...(options.copyAudio === false ? {} : { audio: { file: options.input, copy: true } }),
    encode: [
      ...(options.overlay ? ['-vf', options.overlay.filter] : []),
      ...(options.encode ?? visualTranslateEncodeArgs()),
    ],
    ...(options.overlay ? { env: options.overlay.env } : {}),
    ...(options.format ? { format: options.format } : {}),
    signal,
    ffmpeg: options.ffmpeg,
  });
  let frames = 0;
  try {
    for await (const frame of readFrames(options.input, streamOptions)) {
      const image = { data: frame.data, width: stream.width, height: stream.height };
      const erased = await eraser.erase(frame.index, image, signal);
      await writer.write(Buffer.from(erased.data.buffer, erased.data.byteOffset, erased.data.byteLength));
      frames++;
      if (frames % 25 === 0) options.onProgress?.(Math.min(1, frames / expectedFrames));
    }
    await writer.end();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  options.onProgress?.(1);
  return { frames, width: stream.width, height: stream.height, fps: stream.fps, ...eraser.stats };
}

/** Tiles for the spans when the inpainter's reach is bounded and there is text to erase; else the whole frame. */
export function tilesFor(
  spans: readonly EraseSpan[],
  frame: { width: number; height: number },
  inpainter: Inpainter,
): PatchTile[] | undefined {
  const reach = boundedReach(inpainter);
  if (reach === undefined || spans.length === 0) return undefined;
  return planPatchTiles(spans, frame.width, frame.height, reach);
}

/** The render with only the tiles around the texts passing through JS (tiled-pass.ts). */
async function renderTiled(
  options: RenderTextVideoOptions,
  stream: { width: number; height: number; fps: number; durationSec: number },
  tiles: PatchTile[],
): Promise<RenderedTextVideo> {
  const expectedFrames = Math.max(1, Math.round(stream.durationSec * stream.fps));
  const eraser = createStackEraser(tiles, options);
  const frames = await runTiledPass({
    input: options.input,
    tiles,
    eraser,
    fps: stream.fps,
    width: stream.width,
    height: stream.height,
    firstFrame: 0,
    writer: {
      output: options.output,
      ...(options.copyAudio === false ? {} : { audio: { file: options.input, copy: true } }),
      encode: options.encode ?? visualTranslateEncodeArgs(),
      ...(options.overlay ? { env: options.overlay.env, after: options.overlay.filter } : {}),
      ...(options.format ? { format: options.format } : {}),
    },
    signal: options.signal,
    ffmpeg: options.ffmpeg,
    onFrame: (count) => {
      if (count % 25 === 0) options.onProgress?.(Math.min(1, count / expectedFrames));
    },
  });
  options.onProgress?.(1);
  return { frames, width: stream.width, height: stream.height, fps: stream.fps, ...eraser.stats };
}

/** The spans' eraser, keeping their erase samples in `samplesDir` when one is given. */
export function eraserFor(
  spans: readonly EraseSpan[],
  options: Pick<RenderTextVideoOptions, 'inpainter' | 'samplesDir'>,
): TextEraser {
  const eraser = createTextEraser(spans, options.inpainter);
  const dir = options.samplesDir;
  return dir === undefined ? eraser : sampledEraser(eraser, spans, (sample) => writeEraseSample(dir, sample));
}
