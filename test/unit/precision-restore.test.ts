import { describe, expect, it } from 'vitest';
import { createRgbImage, type PixelBox, type RgbImage } from '../../src/main/media/image/rgb-image.js';
import { MaskCache, mouthRegion } from '../../src/main/media/image/paste-face.js';
import { readRestoreOutput, writeRestoreInput } from '../../src/main/engines/face-restore/gfpgan-tensors.js';
import { cropForRestore, pasteRestoredMouth } from '../../src/main/media/image/restore-paste.js';

/** A smooth, colourful picture (resampling keeps it), different in every channel. */
function pattern(width: number, height: number): RgbImage {
  const image = createRgbImage(width, height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      image.data[i] = 128 + 100 * Math.sin(x / 11) * Math.cos(y / 13);
      image.data[i + 1] = 128 + 90 * Math.cos(x / 17 + 1);
      image.data[i + 2] = 128 + 80 * Math.sin(y / 9 + 2);
    }
  }
  return image;
}

function inside(box: PixelBox, x: number, y: number): boolean {
  return x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;
}

describe('face-restoration tensors', () => {
  it('packs RGB planes in -1..1 and unpacks them back to the same bytes', () => {
    const crop = createRgbImage(16, 16);
    for (let i = 0; i < crop.data.length; i++) crop.data[i] = (i * 37) % 256;
    crop.data.set([0, 128, 255], 0);
    const input = new Float32Array(2 * 3 * 256);
    writeRestoreInput(crop, input, 1);
    const base = 3 * 256;
    // Pixel 0 is (0, 128, 255): R plane first, then G, then B.
    expect(input[base]).toBe(-1);
    expect(input[base + 256]).toBeCloseTo(128 / 127.5 - 1, 6);
    expect(input[base + 512]).toBe(1);
    expect(input.subarray(0, base).every((v) => v === 0)).toBe(true);
    expect(Buffer.from(readRestoreOutput(input, 1, 16, 16).data).equals(Buffer.from(crop.data))).toBe(true);
  });

  it('clips what the model overshoots and turns NaN into black', () => {
    const plane = [1.7, -3, Number.NaN, 0];
    // A 2x2 picture whose R, G and B planes all read [1.7, -3, NaN, 0].
    const image = readRestoreOutput(Float32Array.from([...plane, ...plane, ...plane]), 0, 2, 2);
    expect([...image.data]).toEqual([255, 255, 255, 0, 0, 0, 0, 0, 0, 128, 128, 128]);
  });
});

describe('pasting a restored mouth', () => {
  const frame = pattern(320, 200);
  const box: PixelBox = { x: 90, y: 30, width: 140, height: 140 };

  it("changes only the lower half of the crop box and shows the restorer's picture in its middle", () => {
    const out = { ...frame, data: Uint8Array.from(frame.data) };
    const restored = createRgbImage(512, 512);
    restored.data.fill(200);
    pasteRestoredMouth(out, restored, box, new MaskCache());
    const region = mouthRegion(box);
    let changedOutside = 0;
    for (let y = 0; y < frame.height; y++) {
      for (let x = 0; x < frame.width; x++) {
        const i = (y * frame.width + x) * 3;
        if (
          !inside(region, x, y) &&
          (out.data[i] !== frame.data[i] ||
            out.data[i + 1] !== frame.data[i + 1] ||
            out.data[i + 2] !== frame.data[i + 2])
        )
          changedOutside++;
      }
    }
    expect(changedOutside).toBe(0);
    const centre = ((region.y + region.height / 2) * frame.width + region.x + region.width / 2) * 3;
    expect([...out.data.subarray(centre, centre + 3)]).toEqual([200, 200, 200]);
  });

  it('puts the restored lower face back exactly where it was cropped from (identity restorer)', () => {
    const out = { ...frame, data: Uint8Array.from(frame.data) };
    // A restorer that changes nothing must leave the mouth as it was, up to the 140 -> 512 -> 140 resampling.
    pasteRestoredMouth(out, cropForRestore(frame, box, 512, 512), box, new MaskCache());
    const region = mouthRegion(box);
    let worst = 0;
    for (let y = region.y; y < region.y + region.height; y++) {
      for (let x = region.x; x < region.x + region.width; x++) {
        const i = (y * frame.width + x) * 3;
        for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(out.data[i + c]! - frame.data[i + c]!));
      }
    }
    expect(worst).toBeLessThanOrEqual(3);
  });

  it('a restorer that shifts the face shows as a shift: the paste does not hide misplacement', () => {
    // Control for the test above: the same comparison notices a crop taken 6 px off.
    const out = { ...frame, data: Uint8Array.from(frame.data) };
    pasteRestoredMouth(out, cropForRestore(frame, { ...box, x: box.x + 6 }, 512, 512), box, new MaskCache());
    const region = mouthRegion(box);
    let worst = 0;
    for (let y = region.y + 20; y < region.y + region.height - 20; y++) {
      for (let x = region.x + 30; x < region.x + region.width - 30; x++) {
        const i = (y * frame.width + x) * 3;
        worst = Math.max(worst, Math.abs(out.data[i]! - frame.data[i]!));
      }
    }
    expect(worst).toBeGreaterThan(10);
  });
});
