// One tiled decode-erase-encode pass: ffmpeg decodes the frames and hands JS only the tiles around the texts
// (a few hundred KB a frame, not 2.7 MB at 720p), JS erases them, and a second ffmpeg decodes the frames again,
// lays the erased tiles back on them and encodes; whole frames never cross into JS.
import { seekedInputArgs } from '../../../media/frame-args.js';
import { createFrameWriter, readFrames, type FrameWriterOptions } from '../../../media/frames.js';
import { patchOverlayGraph, tileStackGraph } from './patch-filters.js';
import type { PatchTile } from './patch-tiles.js';
import type { StackEraser } from './tile-eraser.js';

type WriterOptions = Omit<
  FrameWriterOptions,
  'width' | 'height' | 'fps' | 'pixelFormat' | 'videoInputs' | 'filterComplex' | 'signal' | 'ffmpeg'
>;

export interface TiledPass {
  input: string;
  tiles: readonly PatchTile[];
  eraser: StackEraser;
  fps: number;
  width: number;
  height: number;
  /** The pass's first frame in the tiles' numbering; its start and length in the source (a chunk), or all of it. */
  firstFrame: number;
  startSec?: number;
  durationSec?: number;
  /** The output's options; `after` are the filters after the tiles are laid back (the drawing). */
  writer: WriterOptions & { after?: string };
  signal: AbortSignal;
  ffmpeg?: string;
  onFrame?: (frames: number) => void;
}

/** Runs the pass; resolves with the frames encoded. */
export async function runTiledPass(pass: TiledPass): Promise<number> {
  const { signal, tiles } = pass;
  const stack = tileStackGraph(tiles);
  const { after, ...writerOptions } = pass.writer;
  const frameCount = pass.durationSec === undefined ? undefined : Math.max(1, Math.round(pass.durationSec * pass.fps));
  const writer = createFrameWriter({
    ...writerOptions,
    width: stack.width,
    height: stack.height,
    fps: pass.fps,
    pixelFormat: 'rgb24',
    videoInputs: seekedInputArgs(pass.input, pass.fps, pass.startSec),
    filterComplex: patchOverlayGraph({ ...pass, firstFrame: pass.firstFrame, after }),
    // The second decode would run to the file's end: it stops where the crop decode stopped.
    encode: [...(writerOptions.encode ?? []), ...(frameCount === undefined ? [] : ['-frames:v', String(frameCount)])],
    signal,
    ffmpeg: pass.ffmpeg,
  });
  let frames = 0;
  try {
    const stacks = readFrames(pass.input, {
      pixelFormat: 'rgb24',
      signal,
      ffmpeg: pass.ffmpeg,
      startSec: pass.startSec,
      durationSec: pass.durationSec,
      graph: stack,
    });
    for await (const frame of stacks) {
      await pass.eraser.erase(pass.firstFrame + frame.index, frame.data, signal);
      await writer.write(frame.data);
      frames++;
      pass.onFrame?.(frames);
    }
    await writer.end();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return frames;
}
