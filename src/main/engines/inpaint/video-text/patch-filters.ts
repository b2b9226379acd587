// The ffmpeg filters of a tiled render: one decode crops the tiles out of each RGB frame and stacks them (the
// stack is what JS erases); the encode decodes the frame again, lays the erased tiles back on it while their texts
// show, and draws the translations. The RGB conversions are the ones the whole-frame render made (rgb24 by a
// bicubic swscale both ways), so every pixel outside the erased ones comes out bit for bit as it did.
import type { FrameGraph } from '../../../media/frame-args.js';
import { formatFrameRate } from '../../../media/frame-args.js';
import type { PatchTile } from './patch-tiles.js';
import { stackLayout } from './patch-tiles.js';

/** The crop decode's filters after the rate and size ones: the tiles cut from the RGB frame, stacked top to bottom. */
export function tileStackGraph(tiles: readonly PatchTile[]): FrameGraph {
  const layout = stackLayout(tiles);
  // Explicit RGB first: cropping the decoded YUV would round the crops to its chroma grid. Frame n at n / fps, as
  // the encode's decode numbers them: a seek's first frame rounded to 1 / fps would be doubled to fill 0.
  const crop = (tile: PatchTile): string => {
    const { x, y, width, height } = tile.region;
    const pad = width < layout.width ? `,pad=${layout.width}:${height}:0:0` : '';
    return `crop=${width}:${height}:${x}:${y}${pad}`;
  };
  if (tiles.length === 1) return { filter: `format=rgb24,setpts=N,${crop(tiles[0]!)}`, ...layout };
  const labels = tiles.map((_, k) => `[s${k}]`).join('');
  const crops = tiles.map((tile, k) => `[s${k}]${crop(tile)}[c${k}]`).join(';');
  const stacked = tiles.map((_, k) => `[c${k}]`).join('');
  return {
    filter: `format=rgb24,setpts=N,split=${tiles.length}${labels};${crops};${stacked}vstack=inputs=${tiles.length}`,
    width: layout.width,
    height: layout.height,
  };
}

export interface PatchOverlayOptions {
  tiles: readonly PatchTile[];
  /** The frames' rate and size (the whole-frame render's decode). */
  fps: number;
  width: number;
  height: number;
  /** The stream's first frame in the tiles' frame numbers (a chunk's first frame). */
  firstFrame: number;
  /** Filters after the tiles are laid back (the translations' drawing), or none. */
  after?: string;
}

/**
 * The encode's graph: input 1 is the source, decoded as the crop decode did (frame n at n / fps), input 0 the
 * erased tile stacks from JS; each tile is laid back only in the frames its texts show. Output `[v]`.
 */
export function patchOverlayGraph(options: PatchOverlayOptions): string {
  const { tiles } = options;
  const layout = stackLayout(tiles);
  const decode = `fps=fps=${formatFrameRate(options.fps)},scale=${options.width}:${options.height},format=rgb24`;
  // ffmpeg's complex graphs default to bilinear swscale; the whole-frame render's simple ones used bicubic.
  const parts = [`sws_flags=bicubic;[1:v]${decode},setpts=N[m0]`];
  const patchLabels = tiles.map((_, k) => `[p${k}]`).join('');
  parts.push(tiles.length === 1 ? '[0:v]null[p0]' : `[0:v]split=${tiles.length}${patchLabels}`);
  tiles.forEach((tile, k) => {
    const { x, y, width, height } = tile.region;
    const when = tile.ranges
      .map(([start, end]) => `between(n,${start - options.firstFrame},${end - options.firstFrame})`)
      .join('+');
    parts.push(`[p${k}]crop=${width}:${height}:0:${layout.rows[k]}[t${k}]`);
    // Packed RGB overlay: the frame goes to RGBA and back unchanged (no YUV round trip on untouched pixels).
    parts.push(`[m${k}][t${k}]overlay=x=${x}:y=${y}:enable='${when}':format=rgb:eof_action=pass[m${k + 1}]`);
  });
  // No sample aspect, as frames from a raw pipe had: the frames are at the display size already.
  parts.push(`[m${tiles.length}]format=rgb24,setsar=0${options.after ? `,${options.after}` : ''}[v]`);
  return parts.join(';');
}
