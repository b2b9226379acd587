// Where LaMa looks: square tiles of the frame around the mask, each scaled to the model's fixed side, and the part
// of the mask ("core") each tile fills. Pure geometry, so the plan can be read and tested apart from the model.
import type { PixelBox } from '../../media/image/rgb-image.js';

export interface LamaTile {
  /** The tile's top-left corner in frame pixels; negative (or past the far edge) only where the frame is smaller than the tile. */
  x: number;
  y: number;
  /** The tile's side in frame pixels (square, like the model's input). */
  side: number;
  /** Frame pixels per model pixel: side / modelSide. */
  scale: number;
  /** The masked pixels this tile fills: a part of the mask's bounds, inside the tile with context around it. */
  core: PixelBox;
}

/** Downscaling further blurs the fill; wider masks are tiled instead. */
export const MAX_LAMA_SCALE = 2;

/** Splits [start, start + length) into n nearly equal parts of at most `most` each. */
function splitSpan(start: number, length: number, most: number): { start: number; length: number }[] {
  const count = Math.max(1, Math.ceil(length / most));
  const step = Math.ceil(length / count);
  const parts: { start: number; length: number }[] = [];
  for (let from = start; from < start + length; from += step)
    parts.push({ start: from, length: Math.min(step, start + length - from) });
  return parts;
}

/** The tile's origin on one axis: centred on the core, moved inside the frame when the frame is big enough. */
function tileOrigin(coreStart: number, coreLength: number, side: number, frameLength: number): number {
  if (frameLength <= side) return Math.floor((frameLength - side) / 2);
  const centred = Math.round(coreStart + coreLength / 2 - side / 2);
  return Math.min(frameLength - side, Math.max(0, centred));
}

/**
 * Tiles for a mask with these bounds. LaMa needs surroundings about the mask's size again on each side, so a tile
 * spans three times the mask's shorter side (at least the model's side: small masks are seen at full resolution,
 * never enlarged, unless the whole frame is smaller). Long masks (a subtitle band) and big ones are cut into
 * overlapping tiles rather than shrunk past MAX_LAMA_SCALE, so strokes stay sharp; tiles run in order and each sees
 * the earlier ones' fill as context, which hides the seams.
 */
export function planLamaTiles(
  bounds: PixelBox,
  frameWidth: number,
  frameHeight: number,
  modelSide: number,
): LamaTile[] {
  const shorter = Math.min(bounds.width, bounds.height);
  const wanted = Math.min(Math.max(3 * shorter, modelSide), MAX_LAMA_SCALE * modelSide);
  // A frame smaller than the tile is seen whole (scaled up if it is smaller than the model's side).
  const side = Math.max(1, Math.min(wanted, Math.max(frameWidth, frameHeight)));
  // Context kept around each core: the mask's shorter side, between an eighth and a quarter of the tile.
  const context = Math.round(Math.min(side / 4, Math.max(side / 8, shorter)));
  const coreMost = Math.max(1, side - 2 * context);
  const tiles: LamaTile[] = [];
  for (const rows of splitSpan(bounds.y, bounds.height, coreMost)) {
    for (const cols of splitSpan(bounds.x, bounds.width, coreMost)) {
      tiles.push({
        x: tileOrigin(cols.start, cols.length, side, frameWidth),
        y: tileOrigin(rows.start, rows.length, side, frameHeight),
        side,
        scale: side / modelSide,
        core: { x: cols.start, y: rows.start, width: cols.length, height: rows.length },
      });
    }
  }
  return tiles;
}
