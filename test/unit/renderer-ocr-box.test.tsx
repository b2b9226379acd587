// Pins the OCR text box's geometry (fractions of the frame, origin top-left) and what the picker shows for a box.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  boxAfterKey,
  boxFromFields,
  boxFromPoints,
  boxToFields,
  describeBox,
  fitBox,
  moveBox,
  oppositeCorner,
  pointIn,
  resizeBox,
  SUGGESTED_BOX,
} from '../../src/renderer/src/features/create/ocr-box.js';
import { OcrBoxPicker } from '../../src/renderer/src/features/create/OcrBoxPicker.js';
import { canvasSize, firstFrameTime } from '../../src/renderer/src/features/create/useVideoFrame.js';

describe('ocr box geometry', () => {
  it('turns a drag in either direction into a box from the top-left corner, in fractions of the element', () => {
    const rect = { left: 100, top: 50, width: 640, height: 360 };
    const a = pointIn(rect, 100 + 576, 50 + 324);
    const b = pointIn(rect, 100 + 64, 50 + 270);
    expect(boxFromPoints(a, b)).toEqual({ x: 0.1, y: 0.75, width: 0.8, height: 0.15 });
    expect(boxFromPoints(b, a)).toEqual({ x: 0.1, y: 0.75, width: 0.8, height: 0.15 });
  });

  it('clamps a drag that leaves the frame to its edges, and ignores a click', () => {
    const rect = { left: 0, top: 0, width: 200, height: 100 };
    expect(boxFromPoints(pointIn(rect, 150, 80), pointIn(rect, 900, 400))).toEqual({
      x: 0.75,
      y: 0.8,
      width: 0.25,
      height: 0.2,
    });
    expect(boxFromPoints({ x: 0.5, y: 0.5 }, { x: 0.5005, y: 0.5005 })).toBeUndefined();
  });

  it('keeps a moved box whole inside the frame and its size unchanged', () => {
    const box = { x: 0.1, y: 0.8, width: 0.5, height: 0.15 };
    expect(moveBox(box, 0.9, 0.9)).toEqual({ x: 0.5, y: 0.85, width: 0.5, height: 0.15 });
    expect(moveBox(box, -1, -1)).toEqual({ x: 0, y: 0, width: 0.5, height: 0.15 });
  });

  it('resizes from the top-left corner without crossing the right or bottom edge, never below the minimum', () => {
    const box = { x: 0.6, y: 0.7, width: 0.2, height: 0.2 };
    expect(resizeBox(box, 0.5, 0.5)).toEqual({ x: 0.6, y: 0.7, width: 0.4, height: 0.3 });
    expect(resizeBox(box, -1, -1)).toEqual({ x: 0.6, y: 0.7, width: 0.01, height: 0.01 });
  });

  it('drags a corner against the opposite one', () => {
    const box = { x: 0.2, y: 0.6, width: 0.4, height: 0.2 };
    expect(oppositeCorner(box, 'nw')).toEqual({ x: 0.6, y: 0.8 });
    expect(oppositeCorner(box, 'se')).toEqual({ x: 0.2, y: 0.6 });
    expect(boxFromPoints(oppositeCorner(box, 'se'), { x: 0.9, y: 0.95 })).toEqual({
      x: 0.2,
      y: 0.6,
      width: 0.7,
      height: 0.35,
    });
  });

  it('moves with arrow keys, resizes with shift+arrows, starts from the subtitle band and deletes with Delete', () => {
    const start = boxAfterKey(undefined, 'ArrowDown', false);
    expect(start).toEqual({ handled: true, box: SUGGESTED_BOX });
    const box = { x: 0.1, y: 0.8, width: 0.5, height: 0.1 };
    expect(boxAfterKey(box, 'ArrowRight', false).box).toEqual({ x: 0.11, y: 0.8, width: 0.5, height: 0.1 });
    expect(boxAfterKey(box, 'ArrowUp', false).box).toEqual({ x: 0.1, y: 0.79, width: 0.5, height: 0.1 });
    expect(boxAfterKey(box, 'ArrowRight', true).box).toEqual({ x: 0.1, y: 0.8, width: 0.51, height: 0.1 });
    expect(boxAfterKey(box, 'ArrowUp', true).box).toEqual({ x: 0.1, y: 0.8, width: 0.5, height: 0.09 });
    expect(boxAfterKey(box, 'Delete', false)).toEqual({ handled: true, box: undefined });
    expect(boxAfterKey(box, 'Tab', false)).toEqual({ handled: false, box });
    expect(boxAfterKey(undefined, 'Tab', false).handled).toBe(false);
  });

  it('rounds to three decimals and round-trips through the form fields; a partly filled or out-of-range box draws nothing', () => {
    expect(fitBox({ x: 0.123456, y: 0.5, width: 0.33333, height: 0.2 })).toEqual({
      x: 0.123,
      y: 0.5,
      width: 0.333,
      height: 0.2,
    });
    const box = { x: 0.05, y: 0.78, width: 0.9, height: 0.17 };
    expect(boxFromFields(boxToFields(box))).toEqual(box);
    expect(boxToFields(undefined)).toEqual({ ocr_x: '', ocr_y: '', ocr_width: '', ocr_height: '' });
    expect(boxFromFields({ ocr_x: '0.1', ocr_y: '', ocr_width: '0.5', ocr_height: '0.1' })).toBeUndefined();
    expect(boxFromFields({ ocr_x: '0.1', ocr_y: '1.5', ocr_width: '0.5', ocr_height: '0.1' })).toBeUndefined();
    expect(describeBox(box)).toBe('Box at x 0.050, y 0.780, width 0.900, height 0.170 of the frame.');
  });

  it('takes the first frame a second in, or at the middle of a shorter clip, on a canvas at most 960 wide', () => {
    expect(firstFrameTime(10)).toBe(1);
    expect(firstFrameTime(1.2)).toBe(0.6);
    expect(firstFrameTime(Number.NaN)).toBe(0);
    expect(canvasSize(1920, 1080)).toEqual({ width: 960, height: 540 });
    expect(canvasSize(480, 854)).toEqual({ width: 480, height: 854 });
  });
});

describe('OcrBoxPicker', () => {
  const fields = { ocr_x: '0.1', ocr_y: '0.75', ocr_width: '0.8', ocr_height: '0.15' };

  it('draws the box over the frame where its numbers say, and shows the numbers in labelled inputs', () => {
    const html = renderToStaticMarkup(
      <OcrBoxPicker fields={fields} onChange={() => {}} video={{ name: 'clip.mp4', frameUrl: 'blob:x' }} errors={{}} />,
    );
    expect(html).toContain('style="left:10%;top:75%;width:80%;height:15%"');
    expect(html).toContain('aria-label="Frame of clip.mp4: drawing area for the OCR text box"');
    expect(html).toContain('Box at x 0.100, y 0.750, width 0.800, height 0.150 of the frame.');
    for (const [part, label, value] of [
      ['x', 'x (left edge)', '0.1'],
      ['y', 'y (top edge)', '0.75'],
      ['width', 'width', '0.8'],
      ['height', 'height', '0.15'],
    ]) {
      expect(html).toContain(`<label for="translate-ocr-${part}">${label}</label>`);
      expect(html).toMatch(
        new RegExp(`<input[^>]*id="translate-ocr-${part}"[^>]*value="${value.replace('.', '\\.')}"`),
      );
    }
    expect(html).toMatch(/<button type="button" class="secondary small">Remove the box<\/button>/);
    expect(html).toContain('Loading a frame…');
  });

  it('says why it is off and takes no input while it is', () => {
    const empty = { ocr_x: '', ocr_y: '', ocr_width: '', ocr_height: '' };
    const html = renderToStaticMarkup(
      <OcrBoxPicker
        fields={empty}
        onChange={() => {}}
        video={{ name: 'clip.mp4', frameUrl: 'blob:x' }}
        disabledReason="Off because of subtitles."
        errors={{}}
      />,
    );
    expect(html).toContain('<p id="ocr-box-disabled" class="why-disabled">Off because of subtitles.</p>');
    expect(html).toContain('tabindex="-1"');
    for (const part of ['x', 'y', 'width', 'height'])
      expect(html).toMatch(new RegExp(`<input[^>]*disabled=""[^>]*id="translate-ocr-${part}"`));
    expect(html).toContain('No box drawn.');
    expect(html).not.toContain('ocr-box-rect');
    // The frame still loads: it shows where the subtitles are even while the box is off.
    expect(html).toContain('Loading a frame…');
  });
});
