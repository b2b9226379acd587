// Erases on-screen text frame by frame: each text event's glyph mask is found once, on its first frame (the text
// holds still while it is shown), and filled through a steady fill of its own, so the background under the text
// does not shimmer. Frames where no event is shown pass through untouched.
import { glyphMask } from '../glyph-mask.js';
import { createSteadyFill, type SteadyFill } from '../steady-fill.js';
import type { Inpainter, InpaintMask } from '../types.js';
import type { PixelBox, RgbImage } from '../../../media/image/rgb-image.js';

/** One text to erase: its first and last frame (inclusive) and its box, in the pixels of the frames erased. */
export interface EraseSpan {
  startFrame: number;
  endFrame: number;
  box: PixelBox;
}

export interface EraseStats {
  /** Frames where at least one span was shown. */
  erasedFrames: number;
  /** Inpainter runs; the rest of the span-frames reused a steady fill. */
  inpaintCalls: number;
  reusedFills: number;
  /** Spans whose box held no glyph pixels when they appeared (nothing to erase). */
  emptySpans: number;
}

export interface TextEraser {
  /** The frame with every span shown on it erased (possibly `image` itself, changed); `image` when none is shown. */
  erase(frameIndex: number, image: RgbImage, signal: AbortSignal): Promise<RgbImage>;
  readonly stats: EraseStats;
}

interface ActiveSpan {
  span: EraseSpan;
  mask?: InpaintMask;
  fill: SteadyFill;
}

export function createTextEraser(spans: readonly EraseSpan[], inpainter: Inpainter): TextEraser {
  const pending = [...spans].sort((a, b) => a.startFrame - b.startFrame);
  let next = 0;
  let active: ActiveSpan[] = [];
  const stats: EraseStats = { erasedFrames: 0, inpaintCalls: 0, reusedFills: 0, emptySpans: 0 };
  return {
    stats,
    async erase(frameIndex, image, signal) {
      active = active.filter((entry) => entry.span.endFrame >= frameIndex);
      while (next < pending.length && pending[next]!.startFrame <= frameIndex) {
        const span = pending[next++]!;
        if (span.endFrame >= frameIndex) active.push({ span, fill: createSteadyFill(inpainter) });
      }
      if (active.length === 0) return image;
      stats.erasedFrames++;
      let current = image;
      for (const entry of active) {
        if (!entry.mask) {
          const glyphs = glyphMask(current, entry.span.box);
          entry.mask = glyphs.mask;
          if (glyphs.pixelCount === 0) stats.emptySpans++;
        }
        // The caller hands over each frame (a fresh buffer per frame): reused fills are pasted into it directly.
        const result = await entry.fill.erase(current, entry.mask, signal, { inPlace: true });
        if (result.reused) stats.reusedFills++;
        else stats.inpaintCalls++;
        current = result.image;
      }
      return current;
    },
  };
}
