// One fill for the frames of one text event: re-inpainting each frame makes the erased area shimmer, so the fill
// of the first frame is reused while the background around the mask still looks the same.
import type { RgbImage } from '../../media/image/rgb-image.js';
import { maskBounds } from './mask-bounds.js';
import type { Inpainter, InpaintMask } from './types.js';

export interface SteadyFillOptions {
  /** Width in pixels of the ring around the mask that is compared between frames. Default 4. */
  ringWidth?: number;
  /** Mean absolute difference (0..255, over the ring's channels) above which the fill is redone. Default 6. */
  maxRingDifference?: number;
}

export interface SteadyFillResult {
  image: RgbImage;
  /** True when the stored fill was pasted; false when this frame was inpainted (and its fill stored). */
  reused: boolean;
  /** The ring's mean absolute difference to the frame the stored fill was made on (Infinity without one for this mask). */
  ringDifference: number;
}

export interface SteadyFill {
  /**
   * The frame with the mask's pixels filled; every other pixel unchanged. With `inPlace` a reused fill is pasted
   * into `image` itself (a caller that owns the frame spares a copy of it).
   */
  erase(
    image: RgbImage,
    mask: InpaintMask,
    signal: AbortSignal,
    options?: { inPlace?: boolean },
  ): Promise<SteadyFillResult>;
}

interface StoredFill {
  mask: InpaintMask;
  /** Pixel indices of the masked pixels and their filled RGB. */
  pixels: Uint32Array;
  colours: Uint8Array;
  /** Pixel indices of the ring and their RGB in the frame the fill was made on. */
  ring: Uint32Array;
  ringColours: Uint8Array;
}

/** A fill keeper for one text event (one per event: the stored fill belongs to that event's background). */
export function createSteadyFill(inpainter: Inpainter, options: SteadyFillOptions = {}): SteadyFill {
  const ringWidth = options.ringWidth ?? 4;
  const maxRingDifference = options.maxRingDifference ?? 6;
  let stored: StoredFill | undefined;
  return {
    async erase(image, mask, signal, options = {}) {
      const ringDifference =
        stored && sameMask(stored.mask, mask) ? meanDifference(image, stored.ring, stored.ringColours) : Infinity;
      if (stored && ringDifference <= maxRingDifference) {
        const out: RgbImage = options.inPlace
          ? image
          : { data: new Uint8Array(image.data), width: image.width, height: image.height };
        for (let k = 0; k < stored.pixels.length; k++)
          out.data.set(stored.colours.subarray(k * 3, k * 3 + 3), stored.pixels[k] * 3);
        return { image: out, reused: true, ringDifference };
      }
      const filled = await inpainter.inpaint(image, mask, signal);
      stored = storeFill(filled, image, mask, ringWidth);
      return { image: filled, reused: false, ringDifference };
    },
  };
}

function sameMask(a: InpaintMask, b: InpaintMask): boolean {
  // The eraser hands the same mask object on every frame of an event: no need to compare a frame's worth of bytes.
  if (a.data === b.data) return true;
  if (a.width !== b.width || a.height !== b.height) return false;
  for (let i = 0; i < a.data.length; i++) if ((a.data[i] !== 0) !== (b.data[i] !== 0)) return false;
  return true;
}

function storeFill(filled: RgbImage, original: RgbImage, mask: InpaintMask, ringWidth: number): StoredFill {
  const pixels: number[] = [];
  const bounds = maskBounds(mask);
  if (bounds) {
    for (let y = bounds.y; y < bounds.y + bounds.height; y++) {
      for (let x = bounds.x; x < bounds.x + bounds.width; x++)
        if (mask.data[y * mask.width + x]) pixels.push(y * mask.width + x);
    }
  }
  const colours = new Uint8Array(pixels.length * 3);
  pixels.forEach((pixel, k) => colours.set(filled.data.subarray(pixel * 3, pixel * 3 + 3), k * 3));
  const ring = ringPixels(mask, ringWidth);
  const ringColours = new Uint8Array(ring.length * 3);
  ring.forEach((pixel, k) => ringColours.set(original.data.subarray(pixel * 3, pixel * 3 + 3), k * 3));
  // Kept by reference: callers pass a mask they no longer change (glyphMask makes a new one each time).
  return { mask, pixels: Uint32Array.from(pixels), colours, ring, ringColours };
}

/** Unmasked pixels within `width` (square neighbourhood) of a masked one. */
export function ringPixels(mask: InpaintMask, width: number): Uint32Array {
  const bounds = maskBounds(mask);
  if (!bounds) return new Uint32Array(0);
  // Only the bounds grown by the ring's width can hold ring pixels: no whole-frame scans.
  const x0 = Math.max(0, bounds.x - width);
  const y0 = Math.max(0, bounds.y - width);
  const x1 = Math.min(mask.width, bounds.x + bounds.width + width);
  const y1 = Math.min(mask.height, bounds.y + bounds.height + width);
  // The near-mask marks cover only that window, not the whole mask.
  const windowWidth = x1 - x0;
  const near = new Uint8Array(windowWidth * (y1 - y0));
  for (let y = bounds.y; y < bounds.y + bounds.height; y++) {
    for (let x = bounds.x; x < bounds.x + bounds.width; x++) {
      if (!mask.data[y * mask.width + x]) continue;
      const top = Math.max(y0, y - width);
      const bottom = Math.min(y1 - 1, y + width);
      const left = Math.max(x0, x - width) - x0;
      const right = Math.min(x1 - 1, x + width) - x0 + 1;
      for (let ny = top; ny <= bottom; ny++)
        near.fill(1, (ny - y0) * windowWidth + left, (ny - y0) * windowWidth + right);
    }
  }
  const ring: number[] = [];
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = y * mask.width + x;
      if (near[(y - y0) * windowWidth + x - x0] && !mask.data[i]) ring.push(i);
    }
  }
  return Uint32Array.from(ring);
}

function meanDifference(image: RgbImage, ring: Uint32Array, colours: Uint8Array): number {
  let total = 0;
  for (let k = 0; k < ring.length; k++) {
    const at = ring[k] * 3;
    total +=
      Math.abs(image.data[at] - colours[k * 3]) +
      Math.abs(image.data[at + 1] - colours[k * 3 + 1]) +
      Math.abs(image.data[at + 2] - colours[k * 3 + 2]);
  }
  return ring.length === 0 ? 0 : total / (ring.length * 3);
}
