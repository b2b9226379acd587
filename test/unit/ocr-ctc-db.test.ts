// PP-OCR post-processing on hand-made outputs: CTC greedy decoding with PaddleOCR's class order, and DB boxes.
import { describe, expect, it } from 'vitest';
import { ctcClassesFromDictionary, decodeCtcGreedy } from '../../src/main/engines/ocr/ctc-decode.js';
import { dbBoxes, readingOrder } from '../../src/main/engines/ocr/db-boxes.js';

/** Rows of class probabilities: each step puts `p` on its class and spreads the rest evenly. */
function steps(classes: number, picks: [number, number][]): Float32Array {
  const out = new Float32Array(picks.length * classes);
  picks.forEach(([cls, p], step) => {
    out.fill((1 - p) / (classes - 1), step * classes, (step + 1) * classes);
    out[step * classes + cls] = p;
  });
  return out;
}

describe('CTC greedy decoding', () => {
  const classes = ctcClassesFromDictionary('a\r\nb\r\n中\r\n');

  it('puts the blank first and the space last, whatever the line endings', () => {
    expect(classes.characters).toEqual(['', 'a', 'b', '中', ' ']);
  });

  it('merges repeats, keeps a repeat across a blank, and averages the first step of each kept character', () => {
    const probabilities = steps(5, [
      [1, 0.9],
      [1, 0.5],
      [0, 0.99],
      [1, 0.7],
      [4, 0.8],
      [3, 0.6],
      [0, 0.9],
    ]);
    const decoded = decodeCtcGreedy(probabilities, 7, classes);
    expect(decoded.text).toBe('aa 中');
    expect(decoded.confidence).toBeCloseTo((0.9 + 0.7 + 0.8 + 0.6) / 4, 6);
  });

  it('reads only blanks as nothing with confidence 0', () => {
    expect(
      decodeCtcGreedy(
        steps(5, [
          [0, 0.9],
          [0, 0.8],
        ]),
        2,
        classes,
      ),
    ).toEqual({ text: '', confidence: 0 });
  });
});

describe('DB boxes', () => {
  it('finds one grown box per region above the threshold, drops small and weak ones, in reading order', () => {
    const width = 100;
    const height = 60;
    const map = new Float32Array(width * height);
    const fill = (x: number, y: number, w: number, h: number, value: number) => {
      for (let row = y; row < y + h; row++) map.fill(value, row * width + x, row * width + x + w);
    };
    fill(10, 30, 40, 10, 0.9); // a line
    fill(60, 5, 30, 8, 0.9); // a line above it
    fill(5, 5, 2, 2, 0.9); // specks
    fill(10, 50, 30, 6, 0.35); // above the threshold, but a weak box
    const boxes = readingOrder(dbBoxes(map, width, height));
    expect(boxes).toHaveLength(2);
    // The 2x2 dilation adds a column right and a row below; then each side grows by area * 1.6 / perimeter.
    const grow = (w: number, h: number) => (w * h * 1.6) / (2 * (w + h));
    expect(boxes[0]).toMatchObject({
      x: 60 - grow(31, 9),
      y: 5 - grow(31, 9),
      width: 31 + 2 * grow(31, 9),
      height: 9 + 2 * grow(31, 9),
    });
    expect(boxes[1]).toMatchObject({ x: 10 - grow(41, 11), y: 30 - grow(41, 11), width: 41 + 2 * grow(41, 11) });
    // Scored over the dilated core: the added column and row are below the threshold.
    expect(boxes[1]!.score).toBeCloseTo((0.9 * 40 * 10) / (41 * 11), 5);
  });
});
