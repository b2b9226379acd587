// LaMa's tensors for one tile: the tile of the frame as 0..1 float RGB planes (NCHW) and its mask as 0/1, and the
// model's answer back onto the frame's masked pixels.
import { sampleBilinearRgb } from '../../media/image/bilinear.js';
import { createRgbImage, type RgbImage } from '../../media/image/rgb-image.js';
import type { LamaTile } from './lama-tiles.js';
import type { InpaintMask } from './types.js';

/**
 * Fills `image` (3 x side x side) and `mask` (side x side) for a tile. A model pixel is masked when any frame pixel
 * under it still is, so no hole pixel reaches the model as known context; outside the frame the edge is repeated.
 */
export function writeLamaInput(
  frame: RgbImage,
  holes: InpaintMask,
  tile: LamaTile,
  modelSide: number,
  image: Float32Array,
  mask: Float32Array,
): void {
  const plane = modelSide * modelSide;
  const pixel = new Float32Array(3);
  for (let my = 0; my < modelSide; my++) {
    const sy = tile.y + (my + 0.5) * tile.scale - 0.5;
    const rowTop = Math.max(0, Math.floor(tile.y + my * tile.scale));
    const rowEnd = Math.min(frame.height, Math.ceil(tile.y + (my + 1) * tile.scale));
    for (let mx = 0; mx < modelSide; mx++) {
      const at = my * modelSide + mx;
      const colLeft = Math.max(0, Math.floor(tile.x + mx * tile.scale));
      const colEnd = Math.min(frame.width, Math.ceil(tile.x + (mx + 1) * tile.scale));
      let hole = 0;
      for (let y = rowTop; y < rowEnd && !hole; y++) {
        for (let x = colLeft; x < colEnd; x++) {
          if (holes.data[y * frame.width + x]) {
            hole = 1;
            break;
          }
        }
      }
      mask[at] = hole;
      // The hole goes in blacked out, as LaMa was trained (image * (1 - mask)): the text must not leak into the fill.
      if (hole) pixel.fill(0);
      else sampleBilinearRgb(frame, tile.x + (mx + 0.5) * tile.scale - 0.5, sy, pixel, 0);
      image[at] = pixel[0] / 255;
      image[plane + at] = pixel[1] / 255;
      image[2 * plane + at] = pixel[2] / 255;
    }
  }
}

/** The model's output planes (0..255, Carve's export scales LaMa's 0..1 by 255) as a picture. */
export function readLamaOutput(output: Float32Array, modelSide: number): RgbImage {
  const plane = modelSide * modelSide;
  const picture = createRgbImage(modelSide, modelSide);
  for (let at = 0; at < plane; at++) {
    for (let channel = 0; channel < 3; channel++) {
      const value = output[channel * plane + at];
      // Clamped and rounded: the model overshoots a little at strong edges; NaN becomes black, not garbage.
      picture.data[at * 3 + channel] = value > 0 ? Math.min(255, Math.round(value)) : 0;
    }
  }
  return picture;
}

/** Copies the filled picture onto the frame's pixels that are still holes inside the tile's core, and clears them. */
export function pasteLamaCore(filled: RgbImage, tile: LamaTile, frame: RgbImage, holes: InpaintMask): void {
  const { core } = tile;
  for (let y = core.y; y < core.y + core.height; y++) {
    const my = (y - tile.y + 0.5) / tile.scale - 0.5;
    for (let x = core.x; x < core.x + core.width; x++) {
      const index = y * frame.width + x;
      if (!holes.data[index]) continue;
      sampleBilinearRgb(filled, (x - tile.x + 0.5) / tile.scale - 0.5, my, frame.data, index * 3);
      holes.data[index] = 0;
    }
  }
}
