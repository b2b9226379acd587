// Pure: the OCR text box (ocr_text_box) as fractions of the frame, origin top-left, and how drags and keys change it.

export interface OcrBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export type Corner = 'nw' | 'ne' | 'sw' | 'se';

/** A box smaller than this (a click rather than a drag) is no box. */
export const MIN_BOX_SIZE = 0.01;
/** One arrow key press moves or resizes by this fraction of the frame. */
export const KEY_STEP = 0.01;
/** Where burned-in subtitles usually are; the box a keyboard user starts from. */
export const SUGGESTED_BOX: OcrBox = { x: 0.05, y: 0.78, width: 0.9, height: 0.17 };

/** Three decimals: finer than a pixel row of a 720p frame, short enough to read. */
const round = (value: number) => Math.round(value * 1000) / 1000;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The box made to fit the frame: size at least MIN_BOX_SIZE, wholly inside 0..1, rounded. */
export function fitBox(box: OcrBox): OcrBox {
  const width = round(clamp(box.width, MIN_BOX_SIZE, 1));
  const height = round(clamp(box.height, MIN_BOX_SIZE, 1));
  return { x: round(clamp(box.x, 0, 1 - width)), y: round(clamp(box.y, 0, 1 - height)), width, height };
}

/** A pointer position over an element as fractions of it, clamped to its edges. */
export function pointIn(
  rect: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): Point {
  if (rect.width <= 0 || rect.height <= 0) return { x: 0, y: 0 };
  return { x: clamp((clientX - rect.left) / rect.width, 0, 1), y: clamp((clientY - rect.top) / rect.height, 0, 1) };
}

/** The box spanned by two corners (a drag); undefined when it is too small to mean a region. */
export function boxFromPoints(a: Point, b: Point): OcrBox | undefined {
  const x = clamp(Math.min(a.x, b.x), 0, 1);
  const y = clamp(Math.min(a.y, b.y), 0, 1);
  const width = clamp(Math.max(a.x, b.x), 0, 1) - x;
  const height = clamp(Math.max(a.y, b.y), 0, 1) - y;
  if (width < MIN_BOX_SIZE || height < MIN_BOX_SIZE) return undefined;
  return fitBox({ x, y, width, height });
}

/** The corner that stays put while `corner` is dragged. */
export function oppositeCorner(box: OcrBox, corner: Corner): Point {
  return {
    x: round(corner === 'nw' || corner === 'sw' ? box.x + box.width : box.x),
    y: round(corner === 'nw' || corner === 'ne' ? box.y + box.height : box.y),
  };
}

export function moveBox(box: OcrBox, dx: number, dy: number): OcrBox {
  return fitBox({ ...box, x: box.x + dx, y: box.y + dy });
}

/** Grows or shrinks from the top-left corner, never past the frame's right or bottom edge. */
export function resizeBox(box: OcrBox, dWidth: number, dHeight: number): OcrBox {
  return fitBox({
    ...box,
    width: Math.min(1 - box.x, box.width + dWidth),
    height: Math.min(1 - box.y, box.height + dHeight),
  });
}

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The box after a key press: arrows move it, shift+arrows resize it (right/down grow, left/up shrink), Delete or
 * Backspace removes it, and without a box any arrow or Enter starts from SUGGESTED_BOX. `handled` is false for
 * other keys, so they keep their usual meaning (Tab moves on).
 */
export function boxAfterKey(
  box: OcrBox | undefined,
  key: string,
  shift: boolean,
): { handled: boolean; box: OcrBox | undefined } {
  const arrow = ARROWS[key];
  if (!box) return arrow || key === 'Enter' ? { handled: true, box: SUGGESTED_BOX } : { handled: false, box };
  if (key === 'Delete' || key === 'Backspace') return { handled: true, box: undefined };
  if (!arrow) return { handled: false, box };
  const [dx, dy] = arrow;
  return {
    handled: true,
    box: shift ? resizeBox(box, dx * KEY_STEP, dy * KEY_STEP) : moveBox(box, dx * KEY_STEP, dy * KEY_STEP),
  };
}

/** The form's four text fields for a box ('' for none). */
export function boxToFields(box: OcrBox | undefined): {
  ocr_x: string;
  ocr_y: string;
  ocr_width: string;
  ocr_height: string;
} {
  if (!box) return { ocr_x: '', ocr_y: '', ocr_width: '', ocr_height: '' };
  return { ocr_x: String(box.x), ocr_y: String(box.y), ocr_width: String(box.width), ocr_height: String(box.height) };
}

/** The box the four fields describe, when all four are numbers in 0..1 (else there is nothing to draw). */
export function boxFromFields(fields: {
  ocr_x: string;
  ocr_y: string;
  ocr_width: string;
  ocr_height: string;
}): OcrBox | undefined {
  const values = [fields.ocr_x, fields.ocr_y, fields.ocr_width, fields.ocr_height].map((text) =>
    text.trim() === '' ? Number.NaN : Number(text),
  );
  if (values.some((value) => !Number.isFinite(value) || value < 0 || value > 1)) return undefined;
  const [x, y, width, height] = values;
  return { x, y, width, height };
}

/** Whether any of the four fields holds something (then the request carries ocr_text_box). */
export function hasBoxFields(fields: { ocr_x: string; ocr_y: string; ocr_width: string; ocr_height: string }): boolean {
  return [fields.ocr_x, fields.ocr_y, fields.ocr_width, fields.ocr_height].some((text) => text.trim() !== '');
}

/** For screen readers and the caption under the frame. */
export function describeBox(box: OcrBox | undefined): string {
  if (!box) return 'No box drawn.';
  const f = (value: number) => value.toFixed(3);
  return `Box at x ${f(box.x)}, y ${f(box.y)}, width ${f(box.width)}, height ${f(box.height)} of the frame.`;
}
