// Text events found on the (at most 720-tall) find frame, as the render erases them: frames of the video and boxes
// in its display size, grown a little, since glyph outlines and anti-aliasing reach past a detected box.
import type { PixelBox } from '../../../media/image/rgb-image.js';
import type { EraseSpan } from './text-eraser.js';

/** A piece of text on screen: when, and where on the find frame. */
export interface PlacedText {
  startMs: number;
  endMs: number;
  box: PixelBox;
}

export const SPAN_PAD_PX = 3;

/** `box` scaled from one frame size to another, grown by `pad` pixels on each side and kept inside the frame. */
export function scaleBox(
  box: PixelBox,
  from: { width: number; height: number },
  to: { width: number; height: number },
  pad = 0,
): PixelBox {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  const x0 = Math.max(0, Math.floor(box.x * sx) - pad);
  const y0 = Math.max(0, Math.floor(box.y * sy) - pad);
  const x1 = Math.min(to.width, Math.ceil((box.x + box.width) * sx) + pad);
  const y1 = Math.min(to.height, Math.ceil((box.y + box.height) * sy) + pad);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** An event's frames (first: floor; last: the one before its end) and its padded box in the display's pixels. */
export function eraseSpanOf(
  event: PlacedText,
  fps: number,
  from: { width: number; height: number },
  to: { width: number; height: number },
): EraseSpan {
  const startFrame = Math.floor((event.startMs * fps) / 1000);
  const endFrame = Math.max(startFrame, Math.ceil((event.endMs * fps) / 1000) - 1);
  return { startFrame, endFrame, box: scaleBox(event.box, from, to, SPAN_PAD_PX) };
}
