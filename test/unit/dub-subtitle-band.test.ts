import { describe, expect, it } from 'vitest';
import { eraseSpanOf } from '../../src/main/engines/inpaint/video-text/erase-spans.js';
import { bandAround, bandPositionY, subtitleBand, type PlacedText } from '../../src/main/dubbing/subtitle-band.js';
import { placement } from '../../src/main/media/subtitles/ass.js';

const FRAME = { width: 640, height: 360 };
// A centred line of `width` px whose glyphs span rows y .. y+height.
const line = (
  startMs: number,
  endMs: number,
  width: number,
  y = 312,
  height = 22,
  x = (640 - width) / 2,
): PlacedText => ({
  startMs,
  endMs,
  box: { x, y, width, height },
});
const SUBTITLES = [line(1000, 3600, 300), line(4200, 6800, 380), line(7400, 10000, 330)];
const TITLE = line(400, 10400, 160, 20, 20, 20);

describe('subtitleBand: where the burned-in subtitles are', () => {
  it('finds the repeating centred lines at the bottom and leaves the title at the top alone', () => {
    const band = subtitleBand([...SUBTITLES, TITLE], FRAME)!;
    expect(band).toBeDefined();
    expect(band.events).toEqual(SUBTITLES);
    expect(band.edge).toBe('bottom');
    expect([band.top, band.bottom]).toEqual([312, 334]);
    // Padded, inside the frame, covering every line.
    expect(band.box.y).toBeLessThan(312);
    expect(band.box.y + band.box.height).toBeGreaterThan(334);
    expect(band.box.x).toBeLessThanOrEqual((640 - 380) / 2);
  });

  it('groups the two lines of a cue stacked one above the other as one band', () => {
    const twoLines = [line(1000, 3000, 300, 290), line(1000, 3000, 260, 314), line(3500, 6000, 320, 314)];
    const band = subtitleBand(twoLines, FRAME)!;
    expect(band.events).toHaveLength(3);
    expect([band.top, band.bottom]).toEqual([290, 336]);
  });

  it('finds subtitles at the top of the frame when the film has them there', () => {
    const top = [line(0, 2000, 300, 30), line(2500, 5000, 340, 30), line(5500, 8000, 280, 30)];
    const band = subtitleBand(top, FRAME)!;
    expect(band.edge).toBe('top');
    expect(band.top).toBe(30);
  });

  it('finds none in a video with only a title, a sign or a single line of text', () => {
    expect(subtitleBand([TITLE], FRAME)).toBeUndefined();
    expect(subtitleBand([line(2000, 4000, 200)], FRAME)).toBeUndefined();
    // Repeating text in the lower left corner (a channel's name) is not centred.
    expect(subtitleBand([line(0, 4000, 120, 320, 20, 10), line(5000, 9000, 120, 320, 20, 10)], FRAME)).toBeUndefined();
    // Text in the middle of the frame (a sign) is not where subtitles are.
    expect(subtitleBand([line(0, 4000, 200, 170), line(5000, 9000, 200, 170)], FRAME)).toBeUndefined();
    expect(subtitleBand([], FRAME)).toBeUndefined();
  });

  it('ignores a brief pair of lines at the bottom when most text time is a caption elsewhere', () => {
    const brief = [line(0, 300, 200), line(400, 700, 220)];
    const caption = [line(0, 10000, 300, 100), line(0, 10000, 300, 130)];
    expect(subtitleBand([...brief, ...caption], FRAME)).toBeUndefined();
  });

  it('bandAround covers every event given (the texts read in ocr_text_box)', () => {
    const band = bandAround([line(0, 1000, 100, 300, 20, 10), line(2000, 3000, 100, 310, 20, 500)], FRAME)!;
    expect(band.events).toHaveLength(2);
    expect([band.top, band.bottom]).toEqual([300, 330]);
    expect(band.box.x).toBeLessThanOrEqual(10);
    expect(band.box.x + band.box.width).toBeGreaterThanOrEqual(600);
  });
});

describe('bandPositionY: new subtitles on the old line', () => {
  it('puts the new block bottom on the old bottom line for a band in the lower half', () => {
    const positionY = bandPositionY({ top: 312, bottom: 334, edge: 'bottom' }, FRAME);
    expect(positionY).toBeCloseTo(334 / 360, 6);
    // placement() sets the visible bottom edge (with a 3 px border) at positionY: libass's MarginV from the bottom.
    const { alignment, marginV } = placement(positionY, { alignment: 'center' }, FRAME, 3);
    expect(alignment).toBe(2);
    expect(360 - marginV + 3).toBe(334);
  });

  it('puts the new block top on the old top line for a band in the upper half', () => {
    expect(bandPositionY({ top: 30, bottom: 52, edge: 'top' }, FRAME)).toBeCloseTo(30 / 360, 6);
  });
});

describe('eraseSpanOf', () => {
  it('scales the box to the display size, pads it, and turns ms into inclusive frame indices', () => {
    const span = eraseSpanOf(
      { startMs: 1000, endMs: 3600, box: { x: 100, y: 300, width: 200, height: 20 } },
      25,
      { width: 640, height: 360 },
      { width: 1280, height: 720 },
    );
    expect(span).toEqual({ startFrame: 25, endFrame: 89, box: { x: 197, y: 597, width: 406, height: 46 } });
  });
});
