// The tiles of a tiled render: rectangles around the texts to erase, each holding every pixel its texts' erase reads
// or writes (the box, its glyph mask, the inpainter's reach, the erase sample's ring). Only these cross into JS; the
// rest of each frame stays in ffmpeg. Overlapping rectangles are merged, so tiles never overlap each other and one
// tile's erase never reads another's pixels: erasing tile by tile gives what erasing the whole frame gives.
import { clampBox, type PixelBox } from '../../../media/image/rgb-image.js';
import { boxesIntersect, unionBox } from '../../../media/image/pixel-box.js';
import { glyphDilation } from '../glyph-mask.js';
import type { EraseSpan } from './text-eraser.js';

/** One tile: its rectangle in the frame, the texts erased in it (frame coordinates) and when any of them shows. */
export interface PatchTile {
  region: PixelBox;
  spans: EraseSpan[];
  /** Merged, sorted, inclusive frame ranges where at least one of its spans is shown. */
  ranges: Array<[number, number]>;
}

/** Steady fill's ring (steady-fill.ts default) and the erase sample's margin (erase-samples.ts sampleRegion). */
const RING_WIDTH = 4;
const sampleMargin = (height: number): number => Math.max(4, Math.round(height / 3));

/** Pixels around `box` its erase may touch: glyph dilation plus the inpainter's reach, the sample's and ring's margins. */
export function tileMargin(box: PixelBox, reach: number): number {
  const dilation = glyphDilation(box.height);
  // One pixel more than needed: rounding in the helpers above never reaches past the tile.
  return Math.max(dilation + Math.max(reach, RING_WIDTH), sampleMargin(box.height)) + 1;
}

/** Tiles covering `spans` in a `width` x `height` frame, for an inpainter that reads `reach` pixels past its mask. */
export function planPatchTiles(spans: readonly EraseSpan[], width: number, height: number, reach: number): PatchTile[] {
  const order = new Map(spans.map((span, index) => [span, index]));
  let tiles: PatchTile[] = spans.map((span) => {
    const margin = tileMargin(span.box, reach);
    const { x, y } = span.box;
    const grown = {
      x: x - margin,
      y: y - margin,
      width: span.box.width + 2 * margin,
      height: span.box.height + 2 * margin,
    };
    return { region: clampBox(grown, width, height), spans: [span], ranges: [[span.startFrame, span.endFrame]] };
  });
  // Merged until no two touch: a merged rectangle may reach a third tile.
  for (let merged = true; merged;) {
    merged = false;
    const out: PatchTile[] = [];
    for (const tile of tiles) {
      const other = out.find((kept) => boxesIntersect(kept.region, tile.region));
      if (!other) {
        out.push(tile);
        continue;
      }
      other.region = unionBox([other.region, tile.region]);
      other.spans.push(...tile.spans);
      other.ranges.push(...tile.ranges);
      merged = true;
    }
    tiles = out;
  }
  for (const tile of tiles) {
    // The eraser handles a tile's spans in their order of appearance, as the whole-frame eraser did.
    tile.spans.sort((a, b) => a.startFrame - b.startFrame || order.get(a)! - order.get(b)!);
    tile.ranges = mergeRanges(tile.ranges);
  }
  return tiles.filter((tile) => tile.region.width > 0 && tile.region.height > 0);
}

function mergeRanges(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: Array<[number, number]> = [];
  for (const [start, end] of sorted) {
    const last = out[out.length - 1];
    if (last && start <= last[1] + 1) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** The tiles stacked top to bottom, left-aligned: each tile's row in the stack, and the stack's size. */
export function stackLayout(tiles: readonly PatchTile[]): { rows: number[]; width: number; height: number } {
  const rows: number[] = [];
  let height = 0;
  for (const tile of tiles) {
    rows.push(height);
    height += tile.region.height;
  }
  return { rows, width: Math.max(...tiles.map((tile) => tile.region.width)), height };
}
