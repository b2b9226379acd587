// The erase as the quality check needs to judge it: for each erased text, its middle frame cropped around its box,
// as the input showed it and as the erase left it, taken in the render's one pass before the translation is drawn
// (the drawing happens later, in ffmpeg's filter chain). A drawn translation reads as text itself and hides what
// the erase left under it, so the final video cannot tell a clean erase from a failed one.
import { clampBox, cropRgb, type PixelBox, type RgbImage } from '../../../media/image/rgb-image.js';
import type { EraseSpan, TextEraser } from './text-eraser.js';

/** One erased text on its middle frame: the region around its box before and after erasing, nothing drawn yet. */
export interface EraseSample {
  frame: number;
  /** The span's box, in the frame's pixels. */
  box: PixelBox;
  /** The cropped region (the box and a ring of background around it), in the frame's pixels. */
  region: PixelBox;
  original: RgbImage;
  erased: RgbImage;
}

/** The frame a span is sampled on: its middle one, as the find stage reads a text on the middle of its span. */
export const sampleFrame = (span: Pick<EraseSpan, 'startFrame' | 'endFrame'>): number =>
  Math.floor((span.startFrame + span.endFrame) / 2);

/** The box grown by a third of its height (at least 4 px) on each side: the margin the recognizer's picture keeps. */
export function sampleRegion(box: PixelBox, frame: { width: number; height: number }): PixelBox {
  const margin = Math.max(4, Math.round(box.height / 3));
  return clampBox(
    { x: box.x - margin, y: box.y - margin, width: box.width + 2 * margin, height: box.height + 2 * margin },
    frame.width,
    frame.height,
  );
}

/** `eraser`, handing `keep` a sample of every span on its middle frame; frames without one pass straight through. */
export function sampledEraser(
  eraser: TextEraser,
  spans: readonly EraseSpan[],
  keep: (sample: EraseSample) => Promise<void>,
): TextEraser {
  const due = new Map<number, PixelBox[]>();
  for (const span of spans) {
    const boxes = due.get(sampleFrame(span)) ?? [];
    if (!boxes.some((box) => sameBox(box, span.box))) boxes.push(span.box);
    due.set(sampleFrame(span), boxes);
  }
  return {
    get stats() {
      return eraser.stats;
    },
    async erase(frameIndex, image, signal) {
      const boxes = due.get(frameIndex);
      if (!boxes) return eraser.erase(frameIndex, image, signal);
      // The eraser fills the frame in place: the originals are cut out first.
      const before = boxes
        .map((box) => ({ box, region: sampleRegion(box, image) }))
        .map((at) => ({ ...at, original: cropRgb(image, at.region) }));
      const erased = await eraser.erase(frameIndex, image, signal);
      for (const at of before) await keep({ frame: frameIndex, ...at, erased: cropRgb(erased, at.region) });
      return erased;
    },
  };
}

const sameBox = (a: PixelBox, b: PixelBox): boolean =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
