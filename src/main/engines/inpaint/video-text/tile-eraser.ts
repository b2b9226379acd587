// Erases the texts of a tiled render tile by tile, on the stack of tiles the crop decode puts out: each tile has an
// eraser of its own working in the tile's pixels (its texts' boxes moved there), and erase samples are kept in
// the frame's pixels, as the whole-frame render kept them.
import { createRgbImage, type PixelBox, type RgbImage } from '../../../media/image/rgb-image.js';
import type { Inpainter } from '../types.js';
import { writeEraseSample } from './erase-sample-files.js';
import { sampledEraser } from './erase-samples.js';
import { stackLayout, type PatchTile } from './patch-tiles.js';
import { createTextEraser, type EraseSpan, type EraseStats, type TextEraser } from './text-eraser.js';

export interface StackEraser {
  /** Erases, in place, the tiles of `stack` whose texts show on `frameIndex`. */
  erase(frameIndex: number, stack: Uint8Array, signal: AbortSignal): Promise<void>;
  readonly stats: EraseStats;
}

interface TileWork {
  tile: PatchTile;
  row: number;
  eraser: TextEraser;
  /** Reused for every frame: the eraser keeps nothing of the picture it is handed. */
  image: RgbImage;
  next: number;
}

export function createStackEraser(
  tiles: readonly PatchTile[],
  options: { inpainter: Inpainter; samplesDir?: string },
): StackEraser {
  const layout = stackLayout(tiles);
  const works: TileWork[] = tiles.map((tile, k) => ({
    tile,
    row: layout.rows[k]!,
    eraser: tileEraser(tile, options),
    image: createRgbImage(tile.region.width, tile.region.height),
    next: 0,
  }));
  let erasedFrames = 0;
  return {
    get stats() {
      const stats: EraseStats = { erasedFrames, inpaintCalls: 0, reusedFills: 0, emptySpans: 0 };
      for (const { eraser } of works) {
        stats.inpaintCalls += eraser.stats.inpaintCalls;
        stats.reusedFills += eraser.stats.reusedFills;
        stats.emptySpans += eraser.stats.emptySpans;
      }
      return stats;
    },
    async erase(frameIndex, stack, signal) {
      let shown = false;
      for (const work of works) {
        if (!showsOn(work, frameIndex)) continue;
        shown = true;
        const rowBytes = work.image.width * 3;
        const stride = layout.width * 3;
        for (let y = 0; y < work.image.height; y++) {
          const from = (work.row + y) * stride;
          work.image.data.set(stack.subarray(from, from + rowBytes), y * rowBytes);
        }
        const erased = await work.eraser.erase(frameIndex, work.image, signal);
        for (let y = 0; y < work.image.height; y++)
          stack.set(erased.data.subarray(y * rowBytes, (y + 1) * rowBytes), (work.row + y) * stride);
      }
      if (shown) erasedFrames++;
    },
  };
}

/** Whether one of the tile's texts shows on `frame`; frames come in order, so past ranges are skipped for good. */
function showsOn(work: TileWork, frame: number): boolean {
  const { ranges } = work.tile;
  while (work.next < ranges.length && ranges[work.next]![1] < frame) work.next++;
  const range = ranges[work.next];
  return range !== undefined && range[0] <= frame;
}

function tileEraser(tile: PatchTile, options: { inpainter: Inpainter; samplesDir?: string }): TextEraser {
  const { region } = tile;
  const spans: EraseSpan[] = tile.spans.map((span) => ({ ...span, box: moved(span.box, -region.x, -region.y) }));
  const eraser = createTextEraser(spans, options.inpainter);
  const dir = options.samplesDir;
  if (dir === undefined) return eraser;
  return sampledEraser(eraser, spans, (sample) =>
    writeEraseSample(dir, {
      ...sample,
      box: moved(sample.box, region.x, region.y),
      region: moved(sample.region, region.x, region.y),
    }),
  );
}

const moved = (box: PixelBox, dx: number, dy: number): PixelBox => ({ ...box, x: box.x + dx, y: box.y + dy });
